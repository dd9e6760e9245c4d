import { useSearchParams } from 'react-router';
import { Scale } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.js';
import { InfoHero } from '../features/info/components/info-page.js';
import { PrivacyPolicy, TermsOfService } from '../features/info/components/legal-documents.js';
import { usePageTitle } from '../lib/use-page-title.js';

const TABS = ['privacy', 'terms'] as const;

/** PRODUCT §2 /legal: Privacy Policy (the default tab) and Terms of Service. */
export function LegalPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab = TABS.find((value) => value === requested) ?? 'privacy';
  usePageTitle(tab === 'privacy' ? 'Privacy Policy' : 'Terms of Service');
  return (
    <>
      <InfoHero icon={Scale} title="Privacy Policy & Terms of Service">
        How we look after you and your data, in plain words.
      </InfoHero>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Tabs
          value={tab}
          onValueChange={(value) => setSearch(value === 'privacy' ? {} : { tab: value }, { replace: true })}
        >
          <TabsList className="mb-6 w-full sm:w-auto">
            <TabsTrigger value="privacy" className="flex-1">
              Privacy Policy
            </TabsTrigger>
            <TabsTrigger value="terms" className="flex-1">
              Terms of Service
            </TabsTrigger>
          </TabsList>
          <TabsContent value="privacy">
            <PrivacyPolicy />
          </TabsContent>
          <TabsContent value="terms">
            <TermsOfService />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
