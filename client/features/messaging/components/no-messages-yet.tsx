import { Link } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';

/** PRODUCT §2: no conversations at all, with Browse Items as the way on. */
export function NoMessagesYet() {
  return (
    <EmptyState
      icon={MessageCircle}
      title="No messages yet"
      description="Found something you like? Message the parent from the item's page and your conversation shows up here."
      action={
        <Button asChild>
          <Link to={paths.browse}>Browse Items</Link>
        </Button>
      }
    />
  );
}
