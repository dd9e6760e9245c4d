import { useState } from 'react';
import { Flag } from 'lucide-react';
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
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { useReportItem } from '../api/report-user.js';
import { REPORT_REASON_REQUIRED } from './user-profile-dialog.js';

/** Report a listing (decision 008) from its page: a reason is required (PRODUCT §5). */
export function ReportListingDialog({ itemId }: { itemId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const report = useReportItem(itemId);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason('');
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="justify-self-start text-ink-600">
          <Flag aria-hidden="true" />
          Report listing
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report this listing</DialogTitle>
          <DialogDescription>
            Tell us what is wrong. An administrator looks at every report within 24 hours.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setError(REPORT_REASON_REQUIRED);
              return;
            }
            report.mutate(reason.trim(), { onSuccess: () => setOpen(false) });
          }}
        >
          <FormField label="Reason" error={error}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (event.target.value.trim()) setError(undefined);
                }}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={report.isPending}>
              {report.isPending ? <ButtonSpinner /> : <Flag aria-hidden="true" />}
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
