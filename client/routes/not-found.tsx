import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '../components/ui/button.js';
import { paths } from '../app/paths.js';
import { usePageTitle } from '../lib/use-page-title.js';

/** SPEC §2: any path the router does not know. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-6 flex size-20 items-center justify-center rounded-full bg-accent-50 text-accent-600">
        <Compass className="size-9" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-black text-ink-900">404 Page Not Found</h1>
      <p className="mt-3 text-lg text-ink-600">
        We looked everywhere, even under the sofa, but this page isn't here.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </section>
  );
}
