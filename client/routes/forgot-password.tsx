import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { z } from 'zod';
import { KeyRound, LifeBuoy, MailCheck, Send } from 'lucide-react';
import { PRODUCT_NAME, SUPPORT } from '../../common/product-copy.js';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../common/schemas/password-reset.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { toast } from '../components/ui/toast.js';
import { useRequestPasswordReset } from '../features/auth/api/password-reset.js';
import { BackToSignIn, EmailField, SubmitButton } from '../features/auth/components/auth-form-parts.js';
import { errorMessage } from '../lib/api-client.js';
import { applyServerFieldErrors } from '../lib/form-errors.js';
import { openMailClient } from '../lib/mailto.js';
import { usePageTitle } from '../lib/use-page-title.js';

type Sent = { email: string; how: 'link' | 'support' };

/**
 * PRODUCT §2 /forgot-password: a reset link by e-mail first; PRODUCT's 'Contact Support for Reset'
 * (a pre-filled e-mail to support) stays as the second way. Either leads to 'Check Your Email'.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [sent, setSent] = useState<Sent | null>(null);
  const request = useRequestPasswordReset();
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const sendLink = form.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: () => setSent({ email: values.email, how: 'link' }),
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['email']);
        toast({ title: 'Could not send the link', description: errorMessage(error), variant: 'destructive' });
      },
    });
  });

  const contactSupport = form.handleSubmit((values) => {
    openMailClient(
      SUPPORT.email,
      `Password reset request for ${PRODUCT_NAME}`,
      [
        'Hello LittleLoop support,',
        '',
        `I have forgotten the password of my ${PRODUCT_NAME} account and would like to reset it.`,
        '',
        `Account e-mail: ${values.email}`,
        '',
        'Thank you.',
      ].join('\n'),
    );
    toast({
      title: 'Email Client Opened',
      description: 'Send the pre-filled message and our support team will help you reset your password.',
    });
    setSent({ email: values.email, how: 'support' });
  });

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card className="p-5 sm:p-8">
        {sent ? (
          <div className="grid gap-5 text-center" role="status">
            <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-free-100 text-free-800">
              <MailCheck className="size-7" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-black text-ink-900">Check Your Email</h1>
            {sent.how === 'link' ? (
              <p className="text-ink-600">
                If an account exists for <strong className="text-ink-900">{sent.email}</strong>, we have sent
                it a link to reset the password. The link works once, for one hour. Check your spam folder if
                it does not arrive within a few minutes.
              </p>
            ) : (
              <p className="text-ink-600">
                Send the message your mail app opened. Our support team replies to{' '}
                <strong className="text-ink-900">{sent.email}</strong> within {SUPPORT.replyHours} hours.
              </p>
            )}
            <div className="grid gap-3">
              <Button variant="outline" onClick={() => setSent(null)}>
                Send Another Request
              </Button>
              <Button asChild>
                <Link to={paths.auth}>Back to Sign In</Link>
              </Button>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={sendLink} className="grid gap-5" aria-busy={request.isPending}>
            <div className="grid gap-2">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
                <KeyRound className="size-6" aria-hidden="true" />
              </span>
              <h1 className="text-2xl font-black text-ink-900">Forgot your password?</h1>
              <p className="text-ink-600">
                Enter the e-mail address of your account and we will send you a link to choose a new password.
              </p>
            </div>
            <EmailField error={form.formState.errors.email?.message} registration={form.register('email')} />
            <SubmitButton pending={request.isPending} icon={<Send aria-hidden="true" />}>
              Send reset link
            </SubmitButton>
            <div className="grid gap-2 border-t border-ink-200 pt-4">
              <p className="text-sm text-ink-600">No e-mail arriving? Our support team can help.</p>
              <Button type="button" variant="outline" onClick={() => void contactSupport()}>
                <LifeBuoy aria-hidden="true" />
                Contact Support for Reset
              </Button>
            </div>
            <BackToSignIn />
          </form>
        )}
      </Card>
    </div>
  );
}
