import { Link } from 'react-router';
import { HelpCircle } from 'lucide-react';
import { PRODUCT_NAME, SUPPORT } from '../../common/product-copy.js';
import { paths } from '../app/paths.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { ContactForm } from '../features/info/components/contact-form.js';
import { FaqSearch } from '../features/info/components/faq-search.js';
import { InfoHero, InfoSection } from '../features/info/components/info-page.js';
import { ResponseTimes } from '../features/info/components/response-times.js';
import { usePageTitle } from '../lib/use-page-title.js';

/** PRODUCT §2 /help-center: a searchable FAQ, a contact form and the response times. */
export function HelpCenterPage() {
  usePageTitle('Help Center');
  return (
    <>
      <InfoHero icon={HelpCircle} title="Help Center">
        Answers to common questions about {PRODUCT_NAME}, and a quick way to reach us.
      </InfoHero>
      <div className="mx-auto grid max-w-4xl gap-12 px-4 py-10 sm:px-6">
        <ResponseTimes />

        <InfoSection id="faq-heading" title="Frequently asked questions">
          <FaqSearch />
        </InfoSection>

        <Card>
          <CardHeader>
            <CardTitle id="contact-heading" className="text-xl">
              Contact us
            </CardTitle>
            <CardDescription>
              Your mail app opens with your message ready to send to {SUPPORT.email}. We answer in{' '}
              {SUPPORT.helpCenterAverageHours} hours on average. Feeling unsafe? Read the{' '}
              <Link to={paths.safetyGuide} className="font-bold text-primary-700 underline">
                Safety Guide
              </Link>
              .
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
