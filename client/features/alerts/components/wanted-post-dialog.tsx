import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_LIMITS,
  createWantedPostSchema,
  type CreateWantedPostInput,
  type WantedPost,
  type WantedPostFormValues,
} from '../../../../common/schemas/alerts.js';
import { LIMITS } from '../../../../common/limits.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { useCreateWantedPost, useUpdateWantedPost } from '../api/wanted-posts.js';
import { AlertForm, AlertFormDialog } from './alert-form-dialog.js';
import { ChoiceField } from './choice-field.js';
import { useSaveAlert } from './use-save-alert.js';
import { ageRangeChoices, categoryChoices } from './choices.js';

const FIELDS = ['title', 'category', 'ageRange', 'description'] as const;

type WantedPostDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The post to edit; without it the dialog creates one. */
  post?: WantedPost | null;
};

/** Create or edit a Wanted post: what a parent is looking for, matched against new items. */
export function WantedPostDialog({ open, onOpenChange, post }: WantedPostDialogProps) {
  return (
    <AlertFormDialog open={open} onOpenChange={onOpenChange}>
      {(onDone) => <WantedPostForm key={post?.id ?? 'new'} post={post ?? null} onDone={onDone} />}
    </AlertFormDialog>
  );
}

function WantedPostForm({ post, onDone }: { post: WantedPost | null; onDone: () => void }) {
  const form = useForm<WantedPostFormValues, unknown, CreateWantedPostInput>({
    resolver: zodResolver(createWantedPostSchema),
    defaultValues: {
      title: post?.title ?? '',
      // Stored values came through the same schema; the server's type is just wider.
      category: (post?.category ?? '') as WantedPostFormValues['category'],
      ageRange: (post?.ageRange ?? '') as WantedPostFormValues['ageRange'],
      description: post?.description ?? '',
      isActive: post?.isActive ?? true,
    },
  });
  const { errors } = form.formState;

  const { pending, save } = useSaveAlert({
    id: post?.id,
    create: useCreateWantedPost(),
    update: useUpdateWantedPost(),
    setError: form.setError,
    fields: FIELDS,
    failedTitle: post ? 'Failed to update Wanted post' : 'Failed to save Wanted post',
    onDone,
  });
  const onSubmit = form.handleSubmit(save);

  return (
    <AlertForm
      title={post ? 'Edit Wanted post' : 'New Wanted post'}
      description="Tell us what you are looking for. When a family nearby lists a match, we let you know."
      submitLabel={post ? 'Save changes' : 'Create Wanted post'}
      pending={pending}
      onSubmit={(event) => void onSubmit(event)}
      onCancel={onDone}
    >
      <FormField label="What are you looking for?" error={errors.title?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('title')}
            maxLength={LIMITS.itemTitle}
            placeholder="For example: snow boots size 10"
            autoFocus
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField
          control={form.control}
          name="category"
          label="Category"
          choices={categoryChoices}
          error={errors.category?.message}
        />
        <ChoiceField
          control={form.control}
          name="ageRange"
          label="Age range"
          choices={ageRangeChoices}
          error={errors.ageRange?.message}
        />
      </div>
      <FormField label="Details (optional)" error={errors.description?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register('description')}
            rows={3}
            maxLength={ALERT_LIMITS.wantedDescription}
            placeholder="Brand, colour, anything that helps"
          />
        )}
      </FormField>
    </AlertForm>
  );
}
