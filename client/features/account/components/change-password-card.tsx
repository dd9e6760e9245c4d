import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { LIMITS } from '../../../../common/limits.js';
import { NEW_PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from '../../../../common/schemas/account.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, SectionCardHeader } from '../../../components/ui/card.js';
import { FormField } from '../../../components/ui/form-field.js';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { useChangePassword } from '../api/account.js';

type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'confirmPassword', string>>;

/** Changing one's password in settings: the current one, then the new one twice (PRODUCT §5's texts). */
export function ChangePasswordCard() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const changePassword = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!currentPassword) found.currentPassword = 'Current password is required';
    if (newPassword.length < LIMITS.passwordMin) found.newPassword = NEW_PASSWORD_TOO_SHORT;
    if (confirmPassword !== newPassword) found.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          setConfirmPassword('');
        },
      },
    );
  };

  return (
    <Card>
      <SectionCardHeader
        icon={KeyRound}
        iconClassName="text-primary-700"
        title="Password"
        description="Changing it signs you out on every other device."
      />
      <CardContent>
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-4 sm:max-w-md"
          aria-busy={changePassword.isPending}
        >
          <FormField label="Current Password" error={errors.currentPassword}>
            {(control) => (
              <PasswordInput
                {...control}
                value={currentPassword}
                autoComplete="current-password"
                onChange={(event) => setCurrentPassword(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="New Password" error={errors.newPassword}>
            {(control) => (
              <PasswordInput
                {...control}
                value={newPassword}
                autoComplete="new-password"
                placeholder="min. 6 characters"
                onChange={(event) => setNewPassword(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Confirm New Password" error={errors.confirmPassword}>
            {(control) => (
              <PasswordInput
                {...control}
                value={confirmPassword}
                autoComplete="new-password"
                onChange={(event) => setConfirmPassword(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={changePassword.isPending}>
            {changePassword.isPending ? <ButtonSpinner /> : null}
            Change password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
