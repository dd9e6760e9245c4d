import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';

/**
 * The dialog around a saved search's or a Wanted post's form. The form mounts only while the
 * dialog is open (keyed by the caller per item), so it never shows the last one's values.
 */
export function AlertFormDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: (onDone: () => void) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">{open ? children(() => onOpenChange(false)) : null}</DialogContent>
    </Dialog>
  );
}

/** An alert's form: its title and what it does, the fields, then Cancel and the submit. */
export function AlertForm({
  title,
  description,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={pending}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <ButtonSpinner /> : null}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
