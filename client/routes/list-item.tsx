import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Lock, PackageSearch, TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { paths } from '../app/paths.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { useItemForEdit } from '../features/items/api/get-item-for-edit.js';
import { ItemForm } from '../features/items/components/item-form.js';
import { ApiError, errorMessage, isUnauthorizedError } from '../lib/api-client.js';
import { usePageTitle } from '../lib/use-page-title.js';

function PageShell({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="grid gap-1">
        <h1 className="text-2xl font-black text-ink-900 sm:text-3xl">{title}</h1>
        {description ? <p className="text-ink-600">{description}</p> : null}
      </header>
      {children}
    </div>
  );
}

/** The form's shape while the item loads: a heading, a few cards of fields. */
function ItemFormSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading item…
      </p>
      {[5, 2, 2].map((rows, card) => (
        <div key={card} className="grid gap-4 rounded-card border border-ink-200 bg-white p-4 sm:p-6">
          <Skeleton className="h-6 w-48" />
          {Array.from({ length: rows }, (_, row) => (
            <div key={row} className="grid gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-11 w-full" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** A positive whole number from the query string, else null. */
function parseItemId(text: string): number | null {
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

function EditItem({ idText }: { idText: string }) {
  const user = useSignedInUser();
  const id = parseItemId(idText);
  const query = useItemForEdit(id);
  usePageTitle('Edit Item');

  const notFound = (
    <EmptyState
      icon={PackageSearch}
      title="Item not found"
      description="It may have been deleted, or the link is wrong."
      action={
        <Button asChild>
          <Link to={paths.profile()}>Back to your items</Link>
        </Button>
      }
    />
  );

  if (id === null) return <PageShell title="Edit Item">{notFound}</PageShell>;
  if (query.isPending) {
    return (
      <PageShell title="Edit Item">
        <ItemFormSkeleton />
      </PageShell>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <PageShell title="Edit Item">{notFound}</PageShell>;
    }
    const signedOut = isUnauthorizedError(query.error);
    return (
      <PageShell title="Edit Item">
        <EmptyState
          icon={TriangleAlert}
          title={signedOut ? 'Please log in' : 'Could not load this item'}
          description={signedOut ? 'You are logged out.' : errorMessage(query.error) || 'Please try again.'}
          action={
            signedOut ? (
              <Button asChild>
                <a href={paths.login}>Log in again</a>
              </Button>
            ) : (
              <Button onClick={() => void query.refetch()}>Try again</Button>
            )
          }
        />
      </PageShell>
    );
  }

  const item = query.data;
  // Only the owner may edit (PRODUCT §6); the server says the same on save.
  if (item.userId !== user.id) {
    return (
      <PageShell title="Edit Item">
        <EmptyState
          icon={Lock}
          title="You can only edit your own items"
          description={`"${item.title}" belongs to another parent, so it can't be changed here.`}
          action={
            <>
              <Button asChild>
                <Link to={paths.item(item.id)}>View the item</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={paths.browse}>Back to browse</Link>
              </Button>
            </>
          }
        />
      </PageShell>
    );
  }

  return (
    <PageShell title="Edit Item" description="Change the details, photos or location, then save.">
      <ItemForm key={item.id} item={item} />
    </PageShell>
  );
}

function NewItem() {
  usePageTitle('List an Item');
  return (
    <PageShell
      title="List an Item"
      description="Give away, swap or sell something your little one has outgrown."
    >
      <ItemForm key="new" />
    </PageShell>
  );
}

/** PRODUCT §2 /list-item, and /list-item?edit={id} to edit one of your items. */
export function ListItemPage() {
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  return editId === null ? <NewItem /> : <EditItem key={editId} idText={editId} />;
}
