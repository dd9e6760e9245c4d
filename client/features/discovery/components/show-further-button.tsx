import { Expand } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';

/** Offered under a nearby list that came back short: the same search at any distance. */
export function ShowFurtherButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" className="justify-self-center" onClick={onClick}>
      <Expand aria-hidden="true" />
      Show items further away
    </Button>
  );
}
