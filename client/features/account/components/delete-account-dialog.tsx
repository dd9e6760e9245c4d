import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { DELETE_CONFIRMATION } from '../../../../common/schemas/account.js';
import { Button } from '../../../components/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { useDeleteAccount } from '../api/account.js';

/** Deleting one's own account: the typed word and the password, then everything goes. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const deleteAccount = useDeleteAccount();
  const ready = confirmation.trim() === DELETE_CONFIRMATION && password.length > 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setConfirmation('');
          setPassword('');
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="border-danger-200 text-danger-700 hover:bg-danger-50">
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This deletes your account, your listings and their photos, your messages and conversations,
            favourites, exchanges, saved searches and reports. It cannot be undone. Reviews you wrote about
            others stay, shown as from a former member.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) deleteAccount.mutate({ confirmation, password });
          }}
        >
          <FormField label={`Type ${DELETE_CONFIRMATION} to confirm`}>
            {(control) => (
              <Input
                {...control}
                value={confirmation}
                autoComplete="off"
                onChange={(event) => setConfirmation(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Your password">
            {(control) => (
              <PasswordInput
                {...control}
                value={password}
                autoComplete="current-password"
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!ready || deleteAccount.isPending}>
              {deleteAccount.isPending ? <ButtonSpinner /> : <Trash2 aria-hidden="true" />}
              Delete forever
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
