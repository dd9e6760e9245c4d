import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BadgeCheck, MailX } from 'lucide-react';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { Spinner } from '../components/ui/spinner.js';
import { useVerifyEmail } from '../features/account/api/account.js';
import { errorMessage } from '../lib/api-client.js';
import { usePageTitle } from '../lib/use-page-title.js';

/**
 * Where the verification e-mail's link lands (decision 008): the page, not the link itself, uses
 * the token, so a mail scanner fetching the link does not spend it. Signed in or not.
 */
export function VerifyEmailPage({ signedIn }: { signedIn: boolean }) {
  usePageTitle('Verify your e-mail');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failed = !token || verify.isError;
  return (
    <div className="mx-auto grid max-w-md px-4 py-10">
      <Card className="grid justify-items-center gap-4 p-6 text-center">
        {verify.isSuccess ? (
          <>
            <BadgeCheck className="size-12 text-primary-700" aria-hidden="true" />
            <h1 className="text-2xl font-black text-ink-900">Your e-mail is verified</h1>
            <p className="text-ink-700">Thank you! Other parents can now see you confirmed your address.</p>
          </>
        ) : failed ? (
          <>
            <MailX className="size-12 text-danger-600" aria-hidden="true" />
            <h1 className="text-2xl font-black text-ink-900">This link did not work</h1>
            <p className="text-ink-700">
              {verify.isError ? errorMessage(verify.error) : 'The verification link is missing its token.'}{' '}
              You can send a new link from your settings.
            </p>
          </>
        ) : (
          <>
            <Spinner label="Verifying your e-mail" />
            <h1 className="text-2xl font-black text-ink-900">Verifying your e-mail…</h1>
          </>
        )}
        {verify.isPending ? null : (
          <Button asChild>
            <Link to={signedIn ? paths.settings : paths.auth}>{signedIn ? 'Go to Settings' : 'Sign In'}</Link>
          </Button>
        )}
      </Card>
    </div>
  );
}
