import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, MailWarning, User } from 'lucide-react';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, SectionCardHeader } from '../../../components/ui/card.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { useSendVerificationEmail } from '../api/account.js';

/** PRODUCT §2 settings: the profile read-only (it is changed on the profile), and a nudge to verify. */
export function ProfileInformationCard({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <SectionCardHeader
        icon={User}
        iconClassName="text-primary-700"
        title="Profile Information"
        description={
          <>
            Change these on{' '}
            <Link to={paths.profile()} className="font-bold text-primary-700 underline">
              your profile
            </Link>
            .
          </>
        }
      />
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-2">
          <ReadOnly term="First Name">{user.firstName}</ReadOnly>
          <ReadOnly term="Last Name">{user.lastName}</ReadOnly>
          <ReadOnly term="Email" className="sm:col-span-2">
            <span className="flex flex-wrap items-center gap-2">
              <span className="break-all">{user.email}</span>
              {user.isVerified ? (
                <span className="inline-flex items-center gap-1 text-sm font-bold text-primary-800">
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  Verified
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-sm font-bold text-swap-800">
                  <MailWarning className="size-4" aria-hidden="true" />
                  Not verified
                </span>
              )}
            </span>
          </ReadOnly>
          <ReadOnly term="City">{user.city || 'Not set'}</ReadOnly>
          <ReadOnly term="ZIP Code">{user.zipCode || 'Not set'}</ReadOnly>
        </dl>
        {user.isVerified ? null : <VerifyEmailPrompt />}
      </CardContent>
    </Card>
  );
}

function ReadOnly({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-bold tracking-wide text-ink-600 uppercase">{term}</dt>
      <dd className="mt-0.5 rounded-control border border-ink-200 bg-ink-50 px-3 py-2 font-bold text-ink-900">
        {children}
      </dd>
    </div>
  );
}

function VerifyEmailPrompt() {
  const send = useSendVerificationEmail();
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-control border border-swap-200 bg-swap-50 p-3">
      <p className="text-sm text-ink-800">Verify your e-mail so other parents can see you are real.</p>
      <Button size="sm" variant="outline" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? <ButtonSpinner /> : null}
        Send verification e-mail
      </Button>
    </div>
  );
}
