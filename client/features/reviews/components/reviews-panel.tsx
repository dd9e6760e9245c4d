import { useState } from 'react';
import { MessageSquareReply, Star, UserRound } from 'lucide-react';
import { formatShortDate } from '../../../../common/format.js';
import { REVIEW_MAX_CHARS, type Exchange, type Review } from '../../../../common/schemas/reviews.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { PageLoadError } from '../../../components/ui/page-load-error.js';
import { RatingStars } from '../../../components/ui/rating.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useMyExchanges, useRespondToReview, useUserReviews } from '../api/reviews.js';
import { ReviewDialog } from './review-dialog.js';

/**
 * The profile's Reviews tab (decisions 008 and 014): on one's own profile, the exchanges still waiting for
 * one's review first; then every review of this parent, with their public answer.
 */
export function ReviewsPanel({ userId, isOwn }: { userId: number; isOwn: boolean }) {
  const reviews = useUserReviews(userId);
  return (
    <div className="grid gap-4">
      {isOwn ? <ReviewsToWrite /> : null}
      {reviews.isPending ? (
        <div role="status" aria-label="Loading reviews" className="grid gap-3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-28" />
          ))}
        </div>
      ) : reviews.isError ? (
        <PageLoadError
          what="the reviews"
          message={errorMessage(reviews.error)}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data.length === 0 ? (
        <EmptyState
          icon={Star}
          title="No reviews yet"
          description={
            isOwn
              ? 'After you give, swap or sell an item, you and the other parent can review each other.'
              : 'Reviews appear here after families exchange items with this parent.'
          }
        />
      ) : (
        <ul className="grid gap-3" aria-label="Reviews">
          {reviews.data.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} canAnswer={isOwn && review.response === null} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewsToWrite() {
  const exchanges = useMyExchanges();
  const [rating, setRating] = useState<Exchange>();
  const due = exchanges.data?.filter((exchange) => exchange.canReviewUntil !== null) ?? [];
  if (due.length === 0) return null;
  return (
    <Card className="grid gap-3 border-premium-200 bg-premium-50 p-4">
      <h2 className="font-extrabold text-ink-900">Waiting for your review</h2>
      <ul className="grid gap-2">
        {due.map((exchange) => (
          <li
            key={exchange.id}
            className="flex flex-wrap items-center gap-3 rounded-control border border-ink-200 bg-white p-3"
          >
            <Avatar person={exchange.otherUser} size="sm" />
            <span className="min-w-0 flex-1 text-sm text-ink-800">
              <strong className="font-extrabold text-ink-900">{exchange.otherUser.firstName}</strong>{' '}
              {exchange.role === 'giver' ? 'received' : 'gave you'} “{exchange.itemTitle}”
              <span className="block text-ink-600">
                Review until {formatShortDate(exchange.canReviewUntil ?? '')}
              </span>
            </span>
            <Button size="sm" onClick={() => setRating(exchange)}>
              <Star aria-hidden="true" />
              Rate {exchange.otherUser.firstName}
            </Button>
          </li>
        ))}
      </ul>
      {rating ? (
        <ReviewDialog exchange={rating} onOpenChange={(open) => !open && setRating(undefined)} />
      ) : null}
    </Card>
  );
}

function ReviewCard({ review, canAnswer }: { review: Review; canAnswer: boolean }) {
  const [answering, setAnswering] = useState(false);
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start gap-3">
        {review.reviewer ? (
          <Avatar person={review.reviewer} size="md" />
        ) : (
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-100 text-ink-500">
            <UserRound className="size-5" aria-hidden="true" />
          </span>
        )}
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 font-extrabold text-ink-900">
            <span className={review.reviewer ? undefined : 'font-bold text-ink-600 italic'}>
              {review.reviewer
                ? `${review.reviewer.firstName} ${review.reviewer.lastName.charAt(0)}.`
                : 'From a former member'}
            </span>
            <time dateTime={review.createdAt} className="text-sm font-normal text-ink-600">
              {formatShortDate(review.createdAt)}
            </time>
          </p>
          <RatingStars rating={review.rating} />
          <p className="text-sm text-ink-600">Exchange: {review.itemTitle}</p>
        </div>
      </div>
      {review.comment ? (
        <p className="break-words whitespace-pre-line text-ink-800">{review.comment}</p>
      ) : null}
      {review.response ? (
        <div className="rounded-control border-l-4 border-primary-300 bg-primary-50 p-3">
          <p className="text-sm font-bold text-primary-900">Answer</p>
          <p className="break-words whitespace-pre-line text-ink-800">{review.response}</p>
        </div>
      ) : canAnswer ? (
        answering ? (
          <AnswerForm reviewId={review.id} onDone={() => setAnswering(false)} />
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => setAnswering(true)}
          >
            <MessageSquareReply aria-hidden="true" />
            Answer publicly
          </Button>
        )
      ) : null}
    </Card>
  );
}

function AnswerForm({ reviewId, onDone }: { reviewId: number; onDone: () => void }) {
  const [text, setText] = useState('');
  const respond = useRespondToReview(reviewId);
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) respond.mutate(text.trim(), { onSuccess: onDone });
      }}
    >
      <label htmlFor={`answer-${reviewId}`} className="text-sm font-bold text-ink-800">
        Your public answer (you can answer once)
      </label>
      <Textarea
        id={`answer-${reviewId}`}
        rows={3}
        value={text}
        maxLength={REVIEW_MAX_CHARS}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!text.trim() || respond.isPending}>
          {respond.isPending ? <ButtonSpinner /> : null}
          Post answer
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
