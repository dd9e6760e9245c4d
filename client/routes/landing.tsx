import { SectionHeading } from '../components/ui/section-heading.js';
import { PremiumFeatureGrid } from '../features/billing/components/premium-features.js';
import {
  ClosingCallToAction,
  FreeFeaturesSection,
  LandingHero,
  PremiumPriceBox,
  ScenariosSection,
} from '../features/landing/components/landing-sections.js';
import { usePageTitle } from '../lib/use-page-title.js';

/** PRODUCT §2 landing page for visitors. The header above carries the Sign In button. */
export function LandingPage() {
  usePageTitle();
  return (
    <>
      <LandingHero />
      <FreeFeaturesSection />
      <ScenariosSection />

      <section aria-labelledby="premium-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <SectionHeading
          id="premium-heading"
          eyebrow="Premium"
          title="Go further with Premium"
          text="For busy parents who share a lot: more reach, more tools, and selling."
        />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
          <PremiumFeatureGrid />
          <PremiumPriceBox />
        </div>
      </section>

      <ClosingCallToAction />
    </>
  );
}
