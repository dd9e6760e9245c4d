import { Link } from 'react-router';
import { Building2, ShieldCheck } from 'lucide-react';
import { PRODUCT_NAME } from '../../common/product-copy.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { EmergencyContacts } from '../features/info/components/emergency-contacts.js';
import { ContentCard, ContentCards, InfoHero, InfoSection } from '../features/info/components/info-page.js';
import { EXCHANGE_TIPS, MEETING_PLACES, RED_FLAGS } from '../features/info/safety-guide.js';
import { SafePlaces } from '../features/safety/components/safe-places.js';
import { usePageTitle } from '../lib/use-page-title.js';

/** PRODUCT §2 /safety-guide: where to meet, what to do before, during and after, and red flags. */
export function SafetyGuidePage() {
  usePageTitle('Safety Guide');
  return (
    <>
      <InfoHero icon={ShieldCheck} title="Safety Guide">
        Most exchanges on {PRODUCT_NAME} are simple and friendly. These habits keep them that way.
      </InfoHero>
      <div className="mx-auto grid max-w-5xl gap-12 px-4 py-10 sm:px-6">
        <InfoSection id="places-heading" title="Where to meet">
          <ContentCards cards={MEETING_PLACES} className="sm:grid-cols-2" />
        </InfoSection>

        <InfoSection id="safe-places-heading" title="Suggested safe meet-up places">
          <p className="text-ink-700">Public places near LittleLoop families that suit a hand-over.</p>
          <SafePlaces />
        </InfoSection>

        <InfoSection id="tips-heading" title="Exchange tips">
          <ContentCards cards={EXCHANGE_TIPS} className="md:grid-cols-3" />
        </InfoSection>

        <InfoSection id="red-flags-heading" title="Red flags">
          <ContentCard card={RED_FLAGS} />
        </InfoSection>

        <InfoSection id="emergency-heading" title="Emergency contacts">
          <EmergencyContacts />
        </InfoSection>

        <section className="grid justify-items-center gap-4 rounded-card bg-primary-700 p-8 text-center text-white">
          <Building2 className="size-8" aria-hidden="true" />
          <h2 className="text-2xl font-black">Ready to find something great nearby?</h2>
          <Button asChild variant="secondary" size="lg">
            <Link to={paths.browse}>Browse Items</Link>
          </Button>
        </section>
      </div>
    </>
  );
}
