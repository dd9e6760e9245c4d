import { useState } from 'react';
import { REVIEW_MAX_CHARS, type Exchange } from '../../../../common/schemas/reviews.js';
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
import { useCreateReview } from '../api/reviews.js';
import { StarInput } from './star-input.js';

/** Rates the other side of one exchange: 1 to 5 stars and an optional review, once. */
export function ReviewDialog({
  exchange,
  onOpenChange,
}: {
  exchange: Exchange;
  onOpenChange: (open: boolean) => void;
}) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateReview(exchange.id);
  const name = exchange.otherUser.firstName;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rate {name}</DialogTitle>
          <DialogDescription>
            How was the exchange of “{exchange.itemTitle}”? Your review shows on {name}’s profile.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (rating < 1) {
              setError('Choose from 1 to 5 stars');
              return;
            }
            create.mutate({ rating, comment }, { onSuccess: () => onOpenChange(false) });
          }}
        >
          <div className="grid gap-1">
            <StarInput
              value={rating}
              onChange={(value) => {
                setRating(value);
                setError(undefined);
              }}
            />
            {error ? (
              <p role="alert" className="text-sm font-bold text-danger-700">
                {error}
              </p>
            ) : null}
          </div>
          <FormField label="Your review (optional)">
            {(control) => (
              <Textarea
                {...control}
                value={comment}
                maxLength={REVIEW_MAX_CHARS}
                placeholder={`What was it like to exchange with ${name}?`}
                onChange={(event) => setComment(event.target.value)}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <ButtonSpinner /> : null}
              Post review
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
