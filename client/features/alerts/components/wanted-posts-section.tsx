import { useState } from 'react';
import { Plus, Search } from 'lucide-react';
import type { WantedPost } from '../../../../common/schemas/alerts.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { useDeleteWantedPost, useUpdateWantedPost, useWantedPosts } from '../api/wanted-posts.js';
import { AlertCard } from './alert-card.js';
import { ageRangeChoices, categoryChoices, choiceLabel } from './choices.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { AlertListLoading } from './section-state.js';
import { WantedPostDialog } from './wanted-post-dialog.js';

function postDetails(post: WantedPost): string[] {
  return [choiceLabel(categoryChoices, post.category), choiceLabel(ageRangeChoices, post.ageRange)].filter(
    (detail): detail is string => detail !== null,
  );
}

/** Wanted posts, open to everyone: create, edit, switch on or off, delete. */
export function WantedPostsSection() {
  const posts = useWantedPosts();
  const update = useUpdateWantedPost();
  const remove = useDeleteWantedPost();
  const [editing, setEditing] = useState<WantedPost | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<WantedPost | null>(null);

  const openForm = (post: WantedPost | null) => {
    setEditing(post);
    setFormOpen(true);
  };

  return (
    <section aria-labelledby="wanted-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="wanted-heading" className="text-xl font-extrabold text-ink-900">
            Wanted posts
          </h2>
          <p className="max-w-prose text-ink-600">
            Looking for something? Post it, and we let you know when a family lists a match.
          </p>
        </div>
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden="true" />
          New Wanted post
        </Button>
      </div>

      {posts.isPending ? (
        <AlertListLoading label="Loading Wanted posts" />
      ) : posts.isError ? (
        <LoadError
          title="We couldn't load your Wanted posts"
          headingLevel={3}
          error={posts.error}
          onRetry={() => void posts.refetch()}
        />
      ) : posts.data.length === 0 ? (
        <EmptyState
          icon={Search}
          headingLevel="h3"
          title="No Wanted posts yet"
          description="Only you see your Wanted posts. Say what you are looking for, like 'rain boots size 9' or 'picture books for a 2-year-old', and we tell you when a family nearby lists a match."
          action={<Button onClick={() => openForm(null)}>Post what you want</Button>}
        />
      ) : (
        <ul aria-label="Wanted posts" className="grid gap-3 sm:grid-cols-2">
          {posts.data.map((post) => (
            <li key={post.id}>
              <AlertCard
                title={post.title}
                details={postDetails(post)}
                description={post.description}
                isActive={post.isActive}
                busy={update.isPending && update.variables.id === post.id}
                onActiveChange={(isActive) =>
                  update.mutate(
                    { id: post.id, input: { isActive } },
                    { onError: (error) => handleApiError(error, { title: 'Failed to update Wanted post' }) },
                  )
                }
                onEdit={() => openForm(post)}
                onDelete={() => setToDelete(post)}
              />
            </li>
          ))}
        </ul>
      )}

      <WantedPostDialog open={formOpen} onOpenChange={setFormOpen} post={editing} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete this Wanted post?"
        description={toDelete ? `“${toDelete.title}” will stop sending alerts and be removed.` : ''}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </section>
  );
}
