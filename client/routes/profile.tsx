import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CalendarDays, MapPin, MessageCircle, Package, PackageCheck, Star } from 'lucide-react';
import { formatMemberSince, formatPlace } from '../../common/format.js';
import { hasPremium } from '../../common/premium.js';
import type { CurrentUser, PublicUser } from '../../common/schemas/users.js';
import { Avatar } from '../components/ui/avatar.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { RatingStars } from '../components/ui/rating.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.js';
import { PremiumCrown, VerifiedBadge } from '../components/ui/trust-marks.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useUserItems } from '../features/items/api/get-items.js';
import { BlockButton } from '../features/messaging/components/block-button.js';
import { useMessageDialog } from '../lib/member-actions.js';
import { reliabilityLabel } from '../features/giveaway/giveaway-texts.js';
import { ReviewsPanel } from '../features/reviews/components/reviews-panel.js';
import { useUser } from '../features/users/api/get-user.js';
import { EditProfileDialog } from '../features/users/components/edit-profile-dialog.js';
import { ProfilePhotoEditor } from '../features/users/components/profile-photo-editor.js';
import { ApiError, errorMessage } from '../lib/api-client.js';
import { parseId } from '../lib/parse-id.js';
import { usePageTitle } from '../lib/use-page-title.js';
import { PageLoadError } from '../components/ui/page-load-error.js';
import { ProfileItems, ProfileItemsSkeleton } from '../features/items/components/profile-items.js';
import { UserNotFound } from '../features/users/components/user-not-found.js';
import { ProfileSkeleton } from '../features/users/components/profile-skeleton.js';

// docs/DESIGN.md: charts load only when shown; only a Premium parent's own profile shows this one.
const OwnerAnalyticsCard = lazy(() =>
  import('../features/analytics/components/item-analytics-card.js').then((module) => ({
    default: module.OwnerAnalyticsCard,
  })),
);

type Person = CurrentUser | PublicUser;

/** PRODUCT §2 profile at /profile/{id?}: one's own without an id (or with one's own id). */
export function ProfilePage() {
  const viewer = useSignedInUser();
  const params = useParams();
  const requestedId = params.id === undefined ? viewer.id : parseId(params.id);
  const isOwn = requestedId === viewer.id;
  const other = useUser(isOwn ? undefined : requestedId);
  const notFound =
    requestedId === undefined || (other.error instanceof ApiError && other.error.status === 404);
  const person: Person | undefined = isOwn ? viewer : other.data;
  usePageTitle(notFound ? 'User not found' : person ? `${person.firstName} ${person.lastName}` : 'Profile');

  if (notFound) return <UserNotFound />;
  if (!person) {
    if (other.isError) {
      return (
        <PageLoadError
          what="this profile"
          message={errorMessage(other.error)}
          onRetry={() => void other.refetch()}
        />
      );
    }
    return <ProfileSkeleton itemsSkeleton={<ProfileItemsSkeleton />} />;
  }
  return <Profile person={person} own={isOwn ? viewer : null} />;
}

/** `own` is the signed-in user when this is their profile. */
function Profile({ person, own }: { person: Person; own: CurrentUser | null }) {
  const items = useUserItems(person.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'reviews' ? 'reviews' : 'items';
  const itemCount = items.data?.length;
  const premium = hasPremium(person);
  const place = formatPlace([person.city, person.zipCode, person.state, person.country]);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <Card className="overflow-hidden">
        <div className="h-20 bg-gradient-to-r from-primary-100 via-primary-50 to-accent-50 sm:h-24" />
        <div className="-mt-12 grid gap-5 p-4 sm:p-6 md:grid-cols-[auto_1fr_auto] md:items-start">
          {own ? (
            <ProfilePhotoEditor user={own} />
          ) : (
            <div className="flex justify-center md:justify-start">
              <Avatar person={person} size="xl" className="ring-4 ring-white" />
            </div>
          )}

          <div className="grid gap-2 text-center md:pt-14 md:text-left">
            <div className="flex flex-wrap items-center justify-center gap-2 md:justify-start">
              <h1 className="text-2xl font-black break-words text-ink-900 sm:text-3xl">
                {person.firstName} {person.lastName}
              </h1>
              {premium ? <PremiumCrown className="[&_svg]:size-6" /> : null}
              {/* A verified e-mail shows for every parent, Premium or not (PRODUCT §2 profile). */}
              {person.isVerified ? <VerifiedBadge /> : null}
            </div>
            {place ? (
              <p className="flex items-center justify-center gap-1.5 text-ink-700 md:justify-start">
                <MapPin className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                {place}
              </p>
            ) : null}
            <RatingStars
              rating={person.rating}
              totalRatings={person.totalRatings}
              className="justify-center md:justify-start"
            />
            {/* Reliability counts promises to them as a receiving family; a giver has none to show. */}
            {person.reliability.promised > 0 ? (
              <p className="flex items-center justify-center gap-1.5 text-sm text-ink-700 md:justify-start">
                <PackageCheck className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                Reliable: {reliabilityLabel(person.reliability)}
              </p>
            ) : null}
            <p className="flex items-center justify-center gap-1.5 text-sm text-ink-600 md:justify-start">
              <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
              Member since {formatMemberSince(person.createdAt)}
            </p>
          </div>

          <div className="grid gap-4 md:pt-14">
            <dl className="grid grid-cols-2 gap-3 text-center">
              <div className="flex flex-col-reverse rounded-control bg-ink-50 px-4 py-2">
                <dt className="text-sm font-bold text-ink-600">Items Listed</dt>
                <dd className="text-2xl font-black text-ink-900">{itemCount ?? '–'}</dd>
              </div>
              <div className="flex flex-col-reverse rounded-control bg-ink-50 px-4 py-2">
                <dt className="text-sm font-bold text-ink-600">Reviews</dt>
                <dd className="text-2xl font-black text-ink-900">{person.totalRatings}</dd>
              </div>
            </dl>
            {own ? <EditProfileDialog user={own} /> : <OtherPersonActions person={person} />}
          </div>
        </div>
      </Card>

      {own && premium ? (
        <Card className="grid gap-3 p-4 sm:p-6">
          <h2 className="font-extrabold text-ink-900">How your listings are doing</h2>
          <Suspense fallback={<Skeleton className="h-40" />}>
            <OwnerAnalyticsCard />
          </Suspense>
        </Card>
      ) : null}

      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'reviews' ? { tab: 'reviews' } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <TabsList>
          <TabsTrigger value="items">
            <Package aria-hidden="true" />
            Items ({itemCount ?? 0})
          </TabsTrigger>
          <TabsTrigger value="reviews">
            <Star aria-hidden="true" />
            Reviews ({person.totalRatings})
          </TabsTrigger>
        </TabsList>
        <TabsContent value="items">
          <ProfileItems
            items={items.data}
            isPending={items.isPending}
            error={items.error}
            onRetry={() => void items.refetch()}
            isOwn={own !== null}
          />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewsPanel userId={person.id} isOwn={own !== null} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * PRODUCT §2: Send Message on someone else's profile. Conversations are about an item, so the
 * dialog opens the latest conversation with them, or asks which of their items it is about.
 */
function OtherPersonActions({ person }: { person: Person }) {
  const messageDialog = useMessageDialog();
  return (
    <div className="grid grid-cols-[1fr_auto] gap-2">
      <Button onClick={() => messageDialog.open({ personId: person.id, personName: person.firstName })}>
        <MessageCircle aria-hidden="true" />
        Send Message
      </Button>
      <BlockButton userId={person.id} name={person.firstName} />
    </div>
  );
}
