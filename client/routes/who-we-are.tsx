import { Link } from 'react-router';
import { Building2, Heart, Leaf, PiggyBank, ShieldCheck, Sprout, Users } from 'lucide-react';
import { PRODUCT_NAME, TAGLINE } from '../../common/product-copy.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { InfoCard, InfoHero, InfoSection } from '../features/info/components/info-page.js';
import { usePageTitle } from '../lib/use-page-title.js';
import { SupportEmailLink } from '../components/ui/support-email-link.js';

const values = [
  {
    icon: ShieldCheck,
    title: 'Safety first',
    text: 'Ratings, verified members, reports reviewed within a day, and a safety guide one tap away from every conversation.',
  },
  {
    icon: Users,
    title: 'Neighbours, not strangers',
    text: 'We show what is close to home, so a hand-over is a short walk and the start of a friendly nod at the playground.',
  },
  {
    icon: PiggyBank,
    title: 'Saving money',
    text: 'Children outgrow things in months. Giving away and swapping is free, and always will be.',
  },
  {
    icon: Leaf,
    title: 'Less waste',
    text: 'Every book read again and every coat worn another winter is one less thing bought new and thrown away.',
  },
];

/** PRODUCT §2 /who-we-are: the story, the values and the company behind LittleLoop. */
export function WhoWeArePage() {
  usePageTitle('Our Story');
  return (
    <>
      <InfoHero icon={Heart} title="Our Story">
        {TAGLINE}
      </InfoHero>
      <div className="mx-auto grid max-w-4xl gap-12 px-4 py-10 sm:px-6">
        <InfoSection id="story-heading" title="Why we built LittleLoop">
          <div className="grid gap-3 text-lg text-ink-700">
            <p>
              It started with a closet. Bags of baby clothes worn for a few weeks, a stack of picture books
              read a hundred times, a balance bike nobody fit any more, and, two streets away, a family who
              needed exactly those things.
            </p>
            <p>
              Selling sites felt like a chore and group chats were chaos. So we built {PRODUCT_NAME}: a calm
              place where parents give away, swap or sell children’s books, toys and clothes to families
              nearby, and where trust is visible before anyone meets.
            </p>
            <p>
              Today parents use {PRODUCT_NAME} to clear space, save money and get to know the families around
              them. Everything you need to share is free; Premium is there for those who list a lot.
            </p>
          </div>
        </InfoSection>

        <InfoSection id="values-heading" title="What we care about">
          <div className="grid gap-4 sm:grid-cols-2">
            {values.map(({ icon, title, text }) => (
              <InfoCard key={title} icon={icon} title={title}>
                <p>{text}</p>
              </InfoCard>
            ))}
          </div>
        </InfoSection>

        <InfoSection id="company-heading" title="The company">
          <InfoCard icon={Building2} title={`${PRODUCT_NAME} Labs`}>
            <p>
              {PRODUCT_NAME} is built and run by {PRODUCT_NAME} Labs, a small independent team of parents and
              engineers. We are funded by Premium subscriptions, not by advertising, so our only customers are
              the families who use the app.
            </p>
            <p>
              Write to us at <SupportEmailLink />.
            </p>
          </InfoCard>
        </InfoSection>

        <section className="grid justify-items-center gap-4 rounded-card bg-primary-700 p-8 text-center text-white">
          <Sprout className="size-8" aria-hidden="true" />
          <h2 className="text-2xl font-black">Join the loop</h2>
          <p className="max-w-md text-primary-50">
            Find what your little one needs next, and pass on what they have outgrown.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="secondary" size="lg">
              <Link to={paths.auth}>Join Our Community</Link>
            </Button>
            <Button
              asChild
              variant="outline"
              size="lg"
              className="border-white bg-transparent text-white hover:bg-primary-600"
            >
              <Link to={paths.browse}>Browse Items</Link>
            </Button>
          </div>
        </section>
      </div>
    </>
  );
}
