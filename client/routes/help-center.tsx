import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDown, Clock, HelpCircle, Mail, Search, ShieldCheck, X } from 'lucide-react';
import { PRODUCT_NAME, SUPPORT } from '../../common/product-copy.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { FormField } from '../components/ui/form-field.js';
import { Input } from '../components/ui/input.js';
import { Textarea } from '../components/ui/textarea.js';
import { toast } from '../components/ui/toast.js';
import { InfoHero, InfoSection } from '../features/info/components/info-page.js';
import { HELP_CENTER_FAQ, searchFaq } from '../features/info/faq.js';
import { openMailClient } from '../lib/mailto.js';
import { usePageTitle } from '../lib/use-page-title.js';

type ContactFields = { name: string; email: string; subject: string; message: string };
const EMPTY_CONTACT: ContactFields = { name: '', email: '', subject: '', message: '' };
const CONTACT_LABELS: Record<keyof ContactFields, string> = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};

/** PRODUCT §5: name, email, subject and message are all required. */
function contactErrors(fields: ContactFields): Partial<Record<keyof ContactFields, string>> {
  const errors: Partial<Record<keyof ContactFields, string>> = {};
  for (const key of Object.keys(CONTACT_LABELS) as (keyof ContactFields)[]) {
    if (!fields[key].trim()) errors[key] = `${CONTACT_LABELS[key]} is required`;
  }
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim())) {
    errors.email = 'Please enter a valid email address';
  }
  return errors;
}

function ContactForm() {
  const [fields, setFields] = useState(EMPTY_CONTACT);
  const [errors, setErrors] = useState<Partial<Record<keyof ContactFields, string>>>({});
  const update = (key: keyof ContactFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = contactErrors(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    openMailClient(
      SUPPORT.email,
      `[Help Center] ${fields.subject.trim()}`,
      `${fields.message.trim()}\n\nFrom: ${fields.name.trim()} <${fields.email.trim()}>`,
    );
    toast({
      title: 'Email Client Opened',
      description: `Send the pre-filled message and we will reply to ${fields.email.trim()}.`,
    });
    setFields(EMPTY_CONTACT);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name}>
          {(control) => (
            <Input {...control} required autoComplete="name" value={fields.name} onChange={update('name')} />
          )}
        </FormField>
        <FormField label="Email" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              required
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={update('email')}
            />
          )}
        </FormField>
      </div>
      <FormField label="Subject" error={errors.subject}>
        {(control) => <Input {...control} required value={fields.subject} onChange={update('subject')} />}
      </FormField>
      <FormField label="Message" error={errors.message}>
        {(control) => (
          <Textarea {...control} required rows={5} value={fields.message} onChange={update('message')} />
        )}
      </FormField>
      <Button type="submit" className="justify-self-start">
        <Mail aria-hidden="true" />
        Send Message
      </Button>
    </form>
  );
}

/** PRODUCT §2 /help-center: a searchable FAQ, a contact form and the response times. */
export function HelpCenterPage() {
  usePageTitle('Help Center');
  const [query, setQuery] = useState('');
  const results = searchFaq(HELP_CENTER_FAQ, query);

  return (
    <>
      <InfoHero icon={HelpCircle} title="Help Center">
        Answers to common questions about {PRODUCT_NAME}, and a quick way to reach us.
      </InfoHero>
      <div className="mx-auto grid max-w-4xl gap-12 px-4 py-10 sm:px-6">
        <div className="grid gap-3 sm:grid-cols-2">
          <p className="flex items-center gap-3 rounded-card bg-white p-4 shadow-soft">
            <Clock className="size-6 shrink-0 text-primary-700" aria-hidden="true" />
            <span>
              <strong className="block text-ink-900">{SUPPORT.helpCenterAverageHours} hours</strong>
              <span className="text-ink-600">average response time</span>
            </span>
          </p>
          <p className="flex items-center gap-3 rounded-card bg-white p-4 shadow-soft">
            <ShieldCheck className="size-6 shrink-0 text-primary-700" aria-hidden="true" />
            <span>
              <strong className="block text-ink-900">{SUPPORT.reportsReviewedHours} hours</strong>
              <span className="text-ink-600">at most before a report is reviewed</span>
            </span>
          </p>
        </div>

        <InfoSection id="faq-heading" title="Frequently asked questions">
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-500"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search help articles"
              placeholder="Search questions, e.g. premium, report, password"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="pl-10"
            />
          </div>
          {results.length === 0 ? (
            <div
              role="status"
              className="grid justify-items-center gap-3 rounded-card bg-white p-8 text-center shadow-soft"
            >
              <p className="text-lg font-extrabold text-ink-900">No results found</p>
              <p className="text-ink-600">Try other words, or send us your question below.</p>
              <Button variant="outline" onClick={() => setQuery('')}>
                <X aria-hidden="true" />
                Clear search
              </Button>
            </div>
          ) : (
            results.map((category) => (
              <section key={category.name} aria-label={category.name} className="grid gap-2">
                <h3 className="text-lg font-extrabold text-primary-800">{category.name}</h3>
                {category.entries.map((entry) => (
                  <details
                    key={entry.question}
                    open={query.trim() !== ''}
                    className="group rounded-card border border-ink-200 bg-white shadow-soft"
                  >
                    <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 p-4 font-bold text-ink-900">
                      {entry.question}
                      <ChevronDown
                        className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-180"
                        aria-hidden="true"
                      />
                    </summary>
                    <p className="px-4 pb-4 text-ink-700">{entry.answer}</p>
                  </details>
                ))}
              </section>
            ))
          )}
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
