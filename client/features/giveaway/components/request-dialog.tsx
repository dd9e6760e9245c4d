import { useState } from 'react';
import { HandHeart } from 'lucide-react';
import { REQUEST_NOTE_MAX_CHARS } from '../../../../common/schemas/giveaway.js';
import { Button } from '../../../components/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.js';
import { FormField } from '../../../components/ui/form-field.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { useRequestItem } from '../api/giveaway.js';

/** 'Request this': an optional short note to the owner, who chooses among the families who ask. */
export function RequestDialog({
  itemId,
  ownerName,
  open,
  onOpenChange,
}: {
  itemId: number;
  ownerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [note, setNote] = useState('');
  const request = useRequestItem(itemId);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setNote('');
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Request this</DialogTitle>
          <DialogDescription>
            {ownerName} sees everyone who asks and chooses one family, or lets LittleLoop draw fairly. It is
            not first come, first served.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate(note, { onSuccess: () => close(false) });
          }}
        >
          <FormField
            label="A note for the owner (optional)"
            hint={`${note.length}/${REQUEST_NOTE_MAX_CHARS} characters`}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                value={note}
                maxLength={REQUEST_NOTE_MAX_CHARS}
                placeholder="Who it is for, when you could pick it up…"
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? <ButtonSpinner /> : <HandHeart aria-hidden="true" />}
              Send request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
