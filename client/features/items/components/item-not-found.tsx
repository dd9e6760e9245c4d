import { Link } from 'react-router';
import { ArrowLeft, PackageSearch } from 'lucide-react';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { PageNotice } from '../../../components/ui/page-notice.js';

/** PRODUCT §2/§8: a missing or unknown id. */
export function ItemNotFound() {
  return (
    <PageNotice
      icon={PackageSearch}
      title="Item not found"
      lead="This item may have been given away already, or the link is not quite right."
    >
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.browse}>
          <ArrowLeft aria-hidden="true" />
          Back to Browse
        </Link>
      </Button>
    </PageNotice>
  );
}
