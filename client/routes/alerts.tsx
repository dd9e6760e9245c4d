import { useSearchParams } from 'react-router';
import { Bell, Crown, Search, SearchCheck } from 'lucide-react';
import { hasPremium } from '../../common/premium.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.js';
import { NotificationsSection } from '../features/alerts/components/notifications-section.js';
import { SavedSearchesSection } from '../features/alerts/components/saved-searches-section.js';
import { WantedPostsSection } from '../features/alerts/components/wanted-posts-section.js';
import { useNotifications } from '../features/alerts/api/notifications.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { usePageTitle } from '../lib/use-page-title.js';

const tabs = ['notifications', 'wanted', 'searches'] as const;
// Three tabs fit a 390 px phone once their icons step aside.
const tabClasses = 'flex-1 px-3 max-sm:[&_svg]:hidden sm:flex-none sm:px-4';
type AlertsTab = (typeof tabs)[number];

/**
 * /alerts: the notices new matching items brought, Wanted posts (anyone) and saved searches
 * (Premium; others see what it offers). The tab lives in the URL (?tab=).
 */
export function AlertsPage() {
  usePageTitle('Alerts');
  const user = useSignedInUser();
  const isPremium = hasPremium(user);
  const notifications = useNotifications();
  const unread = notifications.data?.unreadCount ?? 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AlertsTab = tabs.find((value) => value === requested) ?? 'notifications';

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="grid gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-black text-ink-900 sm:text-3xl">
          <Bell className="size-7 text-primary-700" aria-hidden="true" />
          Alerts
        </h1>
        <p className="text-ink-600">
          Hear about new items you are looking for, before someone else snaps them up.
        </p>
      </header>

      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'notifications' ? {} : { tab: value }, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="notifications" className={tabClasses}>
            <Bell aria-hidden="true" />
            Notifications
            {unread > 0 ? (
              <span className="rounded-full bg-accent-600 px-1.5 text-xs font-black text-white">
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="wanted" className={tabClasses}>
            <Search aria-hidden="true" />
            Wanted
          </TabsTrigger>
          <TabsTrigger value="searches" className={tabClasses}>
            {isPremium ? <SearchCheck aria-hidden="true" /> : <Crown aria-hidden="true" />}
            Saved searches
          </TabsTrigger>
        </TabsList>
        <TabsContent value="notifications">
          <NotificationsSection />
        </TabsContent>
        <TabsContent value="wanted">
          <WantedPostsSection />
        </TabsContent>
        <TabsContent value="searches">
          <SavedSearchesSection isPremium={isPremium} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
