import type { ReactNode } from 'react';
import { PREMIUM_PRICE_USD } from '../../../../common/limits.js';
import { LEGAL_LAST_UPDATED, PRODUCT_NAME } from '../../../../common/product-copy.js';
import { BulletList } from './info-page.js';
import { SupportEmailLink } from '../../../components/ui/support-email-link.js';

function Clause({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-lg font-extrabold text-ink-900">{title}</h3>
      <div className="grid gap-2 text-ink-700">{children}</div>
    </section>
  );
}

function Updated() {
  return <p className="text-sm font-semibold text-ink-600">Last updated: {LEGAL_LAST_UPDATED}</p>;
}

/** PRODUCT §2 /legal's first tab. */
export function PrivacyPolicy() {
  return (
    <article className="grid gap-6">
      <h2 className="text-2xl font-black text-ink-900">Privacy Policy</h2>
      <Updated />
      <p className="text-ink-700">
        {PRODUCT_NAME} helps parents pass on children’s items to families nearby. This policy explains what we
        keep about you, why, who else sees it, and what you can ask of us.
      </p>
      <Clause title="1. Data we collect">
        <BulletList
          items={[
            'Account: your e-mail address, first and last name, and your password, which we store only as a one-way hash.',
            'Profile: the city, ZIP code, state and country you enter, and a profile photo if you add one.',
            'Listings: titles, descriptions, photos, category, condition, price and the pickup point you place on the map.',
            'Photos are re-encoded when uploaded and all hidden data, including the GPS position a phone camera records, is removed.',
            'Messages you exchange with other parents, favourites, saved searches, ratings and reports you make.',
            'Premium: your subscription status and dates. Card details go straight to our payment provider; we never see or store them.',
            'Technical: a session cookie that keeps you signed in, and short-lived records of sign-in attempts used to block password guessing.',
          ]}
        />
      </Clause>
      <Clause title="2. How we use it">
        <BulletList
          items={[
            'To run your account, show your listings to nearby families and deliver your messages.',
            'To send the e-mails you ask for: password reset links, saved-search alerts and notices you can switch off in Settings.',
            'To keep the community safe: reviewing reports, blocking abuse and rate-limiting attempts to break in.',
            'To provide Premium features you pay for. We do not sell your data and we show no third-party ads.',
          ]}
        />
      </Clause>
      <Clause title="3. What others see">
        <p>
          Other parents see your first name and last initial, your photo, city, rating and listings. An item’s
          position is shown rounded to about one kilometre; your exact pickup point, e-mail address and
          payment details are never shown to other members.
        </p>
      </Clause>
      <Clause title="4. Sharing with service providers">
        <BulletList
          items={[
            'Payment: Stripe processes Premium payments and keeps your card details under its own privacy policy.',
            'E-mail: an e-mail delivery provider sends the messages we e-mail you.',
            'Hosting: our hosting and storage providers keep the database and photos on our behalf.',
            'Maps: map tiles are loaded from a map tile provider, which sees your device’s IP address.',
            'We disclose data to authorities only when the law requires it or to protect someone from harm.',
          ]}
        />
      </Clause>
      <Clause title="5. How long we keep it">
        <p>
          We keep your data while your account exists. When you delete your account, your profile, listings,
          photos, messages, favourites and saved searches are deleted. Payment records are kept by Stripe as
          tax law requires.
        </p>
      </Clause>
      <Clause title="6. Your rights">
        <BulletList
          items={[
            'See and correct your profile at any time in your profile and Settings.',
            'Ask for a copy of your data, or for its deletion, by writing to us.',
            'Switch off e-mail notifications in Settings.',
            'Object to a use of your data or complain to your data protection authority.',
          ]}
        />
      </Clause>
      <Clause title="7. Children">
        <p>
          {PRODUCT_NAME} is for parents and guardians aged 18 and over. Do not post children’s names, faces or
          other personal details in listings or photos.
        </p>
      </Clause>
      <Clause title="8. Contact">
        <p>
          Questions about privacy: <SupportEmailLink />.
        </p>
      </Clause>
    </article>
  );
}

/** PRODUCT §2 /legal's second tab. */
export function TermsOfService() {
  return (
    <article className="grid gap-6">
      <h2 className="text-2xl font-black text-ink-900">Terms of Service</h2>
      <Updated />
      <p className="text-ink-700">
        By creating an account or using {PRODUCT_NAME} you agree to these terms. Please read them with the
        Privacy Policy.
      </p>
      <Clause title="1. Your account">
        <p>
          You must be at least 18, give true details and keep your password to yourself. You are responsible
          for what happens under your account. One person, one account.
        </p>
      </Clause>
      <Clause title="2. Acceptable use">
        <BulletList
          items={[
            'List only children’s items you own, that are safe and in the condition you describe.',
            'Use accurate descriptions and real photos of the item.',
            'Be respectful in messages and meet in public places.',
            'Sell only in the For Sale category; Free and Swap listings must stay free of charge.',
          ]}
        />
      </Clause>
      <Clause title="3. Prohibited activities">
        <BulletList
          items={[
            'Recalled, unsafe, counterfeit or illegal items, weapons, medicines, and used car seats past their expiry date.',
            'Harassment, hate, threats, or contacting members for anything other than an exchange.',
            'Spam, scams, asking for payment in advance, or commercial reselling outside the For Sale category.',
            'Collecting other members’ data, automated scraping, or attempts to break into accounts or our systems.',
          ]}
        />
        <p>We may remove listings and suspend or delete accounts that break these rules.</p>
      </Clause>
      <Clause title="4. Exchanges between members">
        <p>
          Exchanges are agreements between parents. {PRODUCT_NAME} is not a party to them, does not inspect
          items and does not handle payments between members. Follow the Safety Guide and report problems to
          us.
        </p>
      </Clause>
      <Clause title="5. Premium and billing">
        <BulletList
          items={[
            `Premium costs $${PREMIUM_PRICE_USD} per month, billed monthly in advance by card through Stripe until you cancel.`,
            'There is no free trial and no contract. You can cancel anytime; Premium stays active until the end of the paid month.',
            'We do not refund partial months. Referral rewards give free Premium time and have no cash value.',
            'If a payment fails, Premium pauses until the payment succeeds. We will give notice before any price change.',
          ]}
        />
      </Clause>
      <Clause title="6. Your content">
        <p>
          You keep the rights to your photos and text. You allow us to show them on {PRODUCT_NAME} to run the
          service. Removing a listing removes it from the site.
        </p>
      </Clause>
      <Clause title="7. Liability">
        <p>
          {PRODUCT_NAME} is provided as it is. To the extent the law allows, we are not liable for the items
          exchanged, for members’ conduct, or for indirect losses, and our total liability is limited to what
          you paid us in the last twelve months. Nothing here limits rights you have by law.
        </p>
      </Clause>
      <Clause title="8. Changes and contact">
        <p>
          We may update these terms and will tell you of important changes. Questions: <SupportEmailLink />.
        </p>
      </Clause>
    </article>
  );
}
