import { useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { SUPPORT } from '../../../../common/product-copy.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toast } from '../../../components/ui/toast.js';
import { openMailClient } from '../../../lib/mailto.js';

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

/** PRODUCT §2 help center contact form: it opens the parent's mail app with the message filled in. */
export function ContactForm() {
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
