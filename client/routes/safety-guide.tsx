import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import {
  BookOpen,
  Building2,
  CircleAlert,
  Clock,
  Flag,
  Handshake,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  ShieldCheck,
  ShoppingBag,
  Siren,
  Users,
} from 'lucide-react';
import { PRODUCT_NAME, SUPPORT } from '../../common/product-copy.js';
import { SAFE_LOCATION_TYPE_LABELS } from '../../common/schemas/safe-locations.js';
import { paths } from '../app/paths.js';
import { MapLoadBoundary } from '../components/map-load-boundary.js';
import { Badge } from '../components/ui/badge.js';
import { Button } from '../components/ui/button.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { BulletList, InfoCard, InfoHero, InfoSection } from '../features/info/components/info-page.js';
import { useSafeLocations } from '../lib/safe-locations.js';
import { usePageTitle } from '../lib/use-page-title.js';

// docs/DESIGN.md: maps load only when shown; Leaflet comes with this chunk.
const SafePlacesMap = lazy(() => import('../features/safety/safe-places-map.js'));

const meetingPlaces = [
  {
    icon: Siren,
    title: 'Police stations',
    text: 'Many stations welcome exchanges in their lobby or a marked “safe exchange zone” with cameras.',
  },
  {
    icon: BookOpen,
    title: 'Libraries',
    text: 'Staffed, busy during opening hours, and easy to reach with a stroller.',
  },
  {
    icon: Users,
    title: 'Community centers',
    text: 'Familiar to local families, with staff around and space to check an item.',
  },
  {
    icon: ShoppingBag,
    title: 'Shopping centers',
    text: 'Meet near the main entrance or a café, in view of other people and security staff.',
  },
];

function SafePlaces() {
  const places = useSafeLocations();
  if (places.isPending) return <Skeleton className="h-64 w-full sm:h-80" />;
  if (places.isError || places.data.length === 0) {
    return (
      <p className="rounded-card bg-white p-4 text-ink-700 shadow-soft">
        No suggested places near you yet. Any busy public place from the list above is a good choice.
      </p>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <div className="lg:sticky lg:top-24">
        <MapLoadBoundary hint="The list of places still works." className="h-64 rounded-card sm:h-80">
          <Suspense fallback={<Skeleton className="h-64 w-full sm:h-80" />}>
            <SafePlacesMap places={places.data} />
          </Suspense>
        </MapLoadBoundary>
      </div>
      <ul className="grid gap-3" aria-label="Safe meet-up places">
        {places.data.map((place) => (
          <li key={place.id} className="rounded-card border border-ink-200 bg-white p-4 shadow-soft">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-extrabold text-ink-900">{place.name}</h3>
              <Badge variant="primary">
                {SAFE_LOCATION_TYPE_LABELS[place.locationType] ?? place.locationType}
              </Badge>
            </div>
            <p className="mt-1 flex items-start gap-1.5 text-ink-700">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {place.address}, {place.city}
              {place.zipCode ? ` ${place.zipCode}` : ''}
            </p>
            {place.hours ? (
              <p className="mt-1 flex items-start gap-1.5 text-sm text-ink-600">
                <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {place.hours}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

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
          <div className="grid gap-4 sm:grid-cols-2">
            {meetingPlaces.map(({ icon, title, text }) => (
              <InfoCard key={title} icon={icon} title={title}>
                <p>{text}</p>
              </InfoCard>
            ))}
          </div>
        </InfoSection>

        <InfoSection id="safe-places-heading" title="Suggested safe meet-up places">
          <p className="text-ink-700">Public places near LittleLoop families that suit a hand-over.</p>
          <SafePlaces />
        </InfoSection>

        <InfoSection id="tips-heading" title="Exchange tips">
          <div className="grid gap-4 md:grid-cols-3">
            <InfoCard icon={MessageCircle} title="Before">
              <BulletList
                items={[
                  'Keep the conversation in LittleLoop messages.',
                  'Ask for extra photos and check the size, age range and condition.',
                  'Agree on a public place and a daytime hour.',
                  'Tell a friend or partner where you are going.',
                  'Check the other parent’s rating and reviews.',
                ]}
              />
            </InfoCard>
            <InfoCard icon={Handshake} title="During">
              <BulletList
                items={[
                  'Bring someone along if you can.',
                  'Check the item before you take it; look for recalls on car seats and cribs.',
                  'For sales, use exact cash or a payment app; never send money in advance.',
                  'Keep your phone charged and trust your instincts: you can always leave.',
                ]}
              />
            </InfoCard>
            <InfoCard icon={ShieldCheck} title="After">
              <BulletList
                items={[
                  'Mark the item as Sold, Swapped or Free so others know it is gone.',
                  'Rate the exchange to help other parents.',
                  'Wash or wipe toys and clothes before use.',
                  'Report anything that felt wrong, even if nothing happened.',
                ]}
              />
            </InfoCard>
          </div>
        </InfoSection>

        <InfoSection id="red-flags-heading" title="Red flags">
          <InfoCard icon={CircleAlert} title="Stop and report if someone…" tone="danger">
            <BulletList
              items={[
                'asks for payment, a deposit or shipping fees before you meet;',
                'pushes to meet at a home, late at night or somewhere isolated;',
                'wants to move to another app, or asks for your address, ID or bank details;',
                'offers a price that is far too good, or changes the deal at the last minute;',
                'asks personal questions about your children.',
              ]}
            />
          </InfoCard>
        </InfoSection>

        <InfoSection id="emergency-heading" title="Emergency contacts">
          <div className="grid gap-4 md:grid-cols-3">
            <InfoCard icon={Phone} title="Emergency" tone="danger">
              <p>
                In danger? Call{' '}
                <a href={`tel:${SUPPORT.emergencyNumber}`} className="font-black text-danger-700 underline">
                  {SUPPORT.emergencyNumber}
                </a>{' '}
                first.
              </p>
            </InfoCard>
            <InfoCard icon={Mail} title="LittleLoop support">
              <p>
                <a
                  href={`mailto:${SUPPORT.email}`}
                  className="font-bold break-all text-primary-700 underline"
                >
                  {SUPPORT.email}
                </a>
                <br />
                We reply within {SUPPORT.replyHours} hours.
              </p>
            </InfoCard>
            <InfoCard icon={Flag} title="Report a member">
              <p>
                Tap the <Flag className="inline size-4 align-text-bottom" aria-label="flag" /> flag icon
                (Report User) on a profile. Reports are reviewed within {SUPPORT.reportsReviewedHours} hours.
              </p>
            </InfoCard>
          </div>
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
