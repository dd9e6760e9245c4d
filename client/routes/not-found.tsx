import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '../components/ui/button.js';
import { PageNotice } from '../components/ui/page-notice.js';
import { paths } from '../app/paths.js';
import { usePageTitle } from '../lib/use-page-title.js';

/** PRODUCT §2: any path the router does not know. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <PageNotice
      icon={Compass}
      title="404 Page Not Found"
      lead="We looked everywhere, even under the sofa, but this page isn't here."
    >
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </PageNotice>
  );
}
