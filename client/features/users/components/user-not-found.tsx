import { Link } from 'react-router';
import { UserX } from 'lucide-react';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';

/** PRODUCT §2/§8 'User not found'. */
export function UserNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-6 flex size-20 items-center justify-center rounded-full bg-accent-50 text-accent-600">
        <UserX className="size-9" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-black text-ink-900">User not found</h1>
      <p className="mt-3 text-lg text-ink-600">
        This parent may have left LittleLoop, or the link is not quite right.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.browse}>Browse Items</Link>
      </Button>
    </section>
  );
}
