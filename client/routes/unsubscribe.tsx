import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailWarning, MailX, RefreshCw } from 'lucide-react';
import { UNSUBSCRIBE_LINK_INVALID } from '../../common/reach.js';
import type { UnsubscribeResult } from '../../common/schemas/reach.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { PageNotice } from '../components/ui/page-notice.js';
import { ButtonSpinner, Spinner } from '../components/ui/spinner.js';
import { useResubscribe, useUnsubscribe } from '../features/reach/api/unsubscribe.js';
import { ApiError, errorMessage } from '../lib/api-client.js';
import { handleApiError } from '../lib/handle-api-error.js';
import { usePageTitle } from '../lib/use-page-title.js';

function SettingsLink() {
  return (
    <Button asChild variant="outline" size="lg">
      <Link to={paths.settings}>Go to Settings</Link>
    </Button>
  );
}

/**
 * Where an e-mail's one-click unsubscribe link lands, signed in or not: that kind of e-mail
 * stops as soon as the page opens, and Undo brings it back. The page, not the link, spends
 * the token, so a mail scanner fetching the link changes nothing.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const resubscribe = useResubscribe();
  const [result, setResult] = useState<UnsubscribeResult | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, though StrictMode runs effects twice.
    if (sent.current || !token) return;
    sent.current = true;
    unsubscribe.mutate(token, { onSuccess: setResult });
  }, [token, unsubscribe]);

  if (!token || (!result && unsubscribe.isError)) {
    const error = unsubscribe.error;
    // A refused token is the server's 400; anything else (no connection) is worth a retry.
    const canRetry = Boolean(token) && !(error instanceof ApiError && error.status === 400);
    return (
      <PageNotice
        icon={MailWarning}
        title="This link did not work"
        lead={(token && errorMessage(error)) || UNSUBSCRIBE_LINK_INVALID}
      >
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {canRetry ? (
            <Button size="lg" onClick={() => unsubscribe.mutate(token, { onSuccess: setResult })}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          ) : null}
          <SettingsLink />
        </div>
      </PageNotice>
    );
  }

  if (!result) {
    return (
      <PageNotice icon={MailX} title="Unsubscribing…" lead="One moment.">
        <Spinner className="mt-8" label="Unsubscribing" />
      </PageNotice>
    );
  }

  const pending = unsubscribe.isPending || resubscribe.isPending;
  const change = () => {
    const options = {
      onSuccess: setResult,
      onError: (error: unknown) => handleApiError(error, { title: 'Update failed' }),
    };
    if (result.email) unsubscribe.mutate(token, options);
    else resubscribe.mutate(token, options);
  };
  return (
    <PageNotice
      icon={result.email ? MailCheck : MailX}
      title={result.email ? 'E-mails are back on' : 'You are unsubscribed'}
      lead={<span aria-live="polite">{result.message}</span>}
    >
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={change} disabled={pending}>
          {pending ? <ButtonSpinner /> : null}
          {result.email ? 'Unsubscribe again' : 'Undo'}
        </Button>
        <SettingsLink />
      </div>
      <p className="mt-6 text-sm text-ink-600">
        Choose what you hear about, by push or by e-mail, in Settings.
      </p>
    </PageNotice>
  );
}
