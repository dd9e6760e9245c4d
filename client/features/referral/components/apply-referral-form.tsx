import { useState, type FormEvent } from 'react';
import { Gift } from 'lucide-react';
import { LIMITS } from '../../../../common/limits.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { normalizeReferralCode, useApplyReferralCode } from '../api/apply-referral.js';

type ApplyReferralFormProps = { className?: string; label?: string };

/**
 * PRODUCT §5 referral box: the code is upper-cased and at most 6 characters as typed, Apply is
 * disabled while it is blank, and it is sent trimmed and upper-cased. Used on /subscribe and /settings.
 */
export function ApplyReferralForm({ className, label = "Friend's referral code" }: ApplyReferralFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const apply = useApplyReferralCode();
  const isBlank = code.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlank) {
      setError('Please enter a referral code');
      return;
    }
    setError(undefined);
    apply.mutate(code, { onSuccess: () => setCode('') });
  };

  return (
    <form noValidate onSubmit={onSubmit} className={className} aria-busy={apply.isPending}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label={label} error={error} className="flex-1">
          {(control) => (
            <Input
              {...control}
              value={code}
              onChange={(event) =>
                setCode(normalizeReferralCode(event.target.value).slice(0, LIMITS.referralCodeEntered))
              }
              maxLength={LIMITS.referralCodeEntered}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="ABC123"
              className="font-mono tracking-widest uppercase"
            />
          )}
        </FormField>
        <Button type="submit" disabled={isBlank || apply.isPending} className="sm:mb-0">
          {apply.isPending ? <ButtonSpinner /> : <Gift aria-hidden="true" />}
          Apply
        </Button>
      </div>
    </form>
  );
}
