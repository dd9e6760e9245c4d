import { REFERRAL_REWARDS_PER_YEAR } from '../../../../common/limits.js';
import { useState } from 'react';
import { Check, Copy, Gift, Sparkles } from 'lucide-react';
import { LIMITS } from '../../../../common/limits.js';
import { ENTER_REFERRAL_CODE } from '../../../../common/schemas/account.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, SectionCardHeader } from '../../../components/ui/card.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { toast } from '../../../components/ui/toast.js';
import { useApplyReferralCode, useGenerateReferralCode } from '../api/account.js';

/**
 * PRODUCT §2 Invite Friends: generate one's code and copy it, or apply a friend's (upper-cased,
 * at most 6 characters, Apply disabled while blank; PRODUCT §5). Both earn a week of Premium.
 */
export function ReferralCard({ user }: { user: CurrentUser }) {
  const generate = useGenerateReferralCode();
  const apply = useApplyReferralCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [copied, setCopied] = useState(false);
  const myCode = generate.data?.referralCode ?? user.referralCode;

  const copy = async () => {
    if (!myCode) return;
    try {
      await navigator.clipboard.writeText(myCode);
      setCopied(true);
      toast({ title: 'Copied to clipboard', description: myCode, variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: `Your code is ${myCode}`, variant: 'destructive' });
    }
  };

  const submit = () => {
    if (!code.trim()) {
      setError(ENTER_REFERRAL_CODE);
      return;
    }
    apply.mutate(code, { onSuccess: () => setCode('') });
  };

  return (
    <Card>
      <SectionCardHeader
        icon={Gift}
        iconClassName="text-accent-600"
        title="Invite Friends"
        description={
          <>
            Share your code: when a friend applies it, you both earn 1 week of free Premium once they have
            verified their e-mail and listed an item or completed a handover (up to{' '}
            {REFERRAL_REWARDS_PER_YEAR} weeks a year for you).
          </>
        }
      />
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <h3 className="text-sm font-bold text-ink-700">Your referral code</h3>
          {myCode ? (
            <div className="flex flex-wrap items-center gap-2">
              <output
                aria-label="Your referral code"
                className="rounded-control border-2 border-dashed border-primary-300 bg-primary-50 px-4 py-2 font-mono text-2xl font-black tracking-[0.3em] text-primary-900"
              >
                {myCode}
              </output>
              <Button variant="outline" onClick={() => void copy()}>
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
          ) : (
            <Button
              className="justify-self-start"
              onClick={() => generate.mutate()}
              disabled={generate.isPending}
            >
              {generate.isPending ? <ButtonSpinner /> : <Sparkles aria-hidden="true" />}
              Generate my code
            </Button>
          )}
        </div>

        <div className="grid gap-2 border-t border-ink-100 pt-4">
          {user.referredBy ? (
            <p className="text-sm text-ink-700">
              You joined with the code <strong className="font-mono">{user.referredBy}</strong>. A code can be
              applied only once.
            </p>
          ) : (
            <form
              noValidate
              className="grid gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <FormField label="Have a friend's code?" error={error}>
                {(control) => (
                  <div className="flex gap-2">
                    <Input
                      {...control}
                      value={code}
                      maxLength={LIMITS.referralCodeEntered}
                      autoComplete="off"
                      autoCapitalize="characters"
                      placeholder="ABC234"
                      className="max-w-40 font-mono tracking-widest uppercase"
                      onChange={(event) => {
                        setCode(event.target.value.toUpperCase().slice(0, LIMITS.referralCodeEntered));
                        setError(undefined);
                      }}
                    />
                    <Button type="submit" disabled={!code.trim() || apply.isPending}>
                      {apply.isPending ? <ButtonSpinner /> : null}
                      Apply
                    </Button>
                  </div>
                )}
              </FormField>
            </form>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
