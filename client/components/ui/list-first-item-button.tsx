import { Link } from 'react-router';
import { PlusCircle } from 'lucide-react';
import { paths } from '../../app/paths.js';
import { Button } from './button.js';

/** The empty states' way to a first listing (home's recent items, one's own profile). */
export function ListFirstItemButton() {
  return (
    <Button asChild>
      <Link to={paths.listItem}>
        <PlusCircle aria-hidden="true" />
        List Your First Item
      </Link>
    </Button>
  );
}
