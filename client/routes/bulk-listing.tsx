import { hasPremium } from '../../common/premium.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { BulkListingForm, BulkUpsellBanner } from '../features/items/components/bulk-listing-form.js';
import { usePageTitle } from '../lib/use-page-title.js';

/**
 * PRODUCT §2 /bulk-listing. The router only shows it to signed-in members; a session that ends
 * meanwhile is caught when the form is sent (PRODUCT §8 unauthorized rule).
 */
export function BulkListingPage() {
  const user = useSignedInUser();
  usePageTitle('Bulk Listing');
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="grid gap-1">
        <h1 className="text-2xl font-black text-ink-900 sm:text-3xl">Bulk Listing</h1>
        <p className="text-ink-600">
          List several similar items at once: the details are shared, each item gets its own title.
        </p>
      </header>
      {hasPremium(user) ? null : <BulkUpsellBanner />}
      <BulkListingForm />
    </div>
  );
}
