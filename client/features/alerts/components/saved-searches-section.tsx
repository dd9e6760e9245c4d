import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Crown, Plus, SearchCheck } from 'lucide-react';
import { formatWholeDollars } from '../../../../common/format.js';
import type { SavedSearch } from '../../../../common/schemas/alerts.js';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/saved-searches.js';
import { AlertCard } from './alert-card.js';
import { categoryChoices, choiceLabel, conditionChoices, exchangeChoices } from './choices.js';
import { SavedSearchDialog } from './saved-search-dialog.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { AlertListLoading } from './section-state.js';

function priceRange(search: SavedSearch): string | null {
  if (search.minPrice && search.maxPrice) {
    return `${formatWholeDollars(search.minPrice)}–${formatWholeDollars(search.maxPrice)}`;
  }
  if (search.maxPrice) return `Under ${formatWholeDollars(search.maxPrice)}`;
  if (search.minPrice) return `From ${formatWholeDollars(search.minPrice)}`;
  return null;
}

function searchDetails(search: SavedSearch): string[] {
  return [
    search.searchTerm ? `“${search.searchTerm}”` : null,
    choiceLabel(categoryChoices, search.category),
    choiceLabel(conditionChoices, search.condition),
    choiceLabel(exchangeChoices, search.exchangeType),
    priceRange(search),
    search.maxDistance ? `Within ${search.maxDistance} km` : null,
  ].filter((detail): detail is string => detail !== null);
}

/** Saved searches (Premium, PRODUCT §1): members without Premium see what it offers instead. */
export function SavedSearchesSection({ isPremium }: { isPremium: boolean }) {
  return (
    <section aria-labelledby="saved-searches-heading" className="grid gap-4">
      {isPremium ? <SavedSearchList /> : <SavedSearchUpsell />}
    </section>
  );
}

function Heading({ action }: { action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <h2 id="saved-searches-heading" className="text-xl font-extrabold text-ink-900">
          Saved searches
        </h2>
        <p className="max-w-prose text-ink-600">
          Save a search and hear about new matches the moment they are listed.
        </p>
      </div>
      {action}
    </div>
  );
}

function SavedSearchUpsell() {
  return (
    <>
      <Heading />
      <div className="grid gap-3 rounded-card border border-premium-300 bg-premium-50 p-5 shadow-premium sm:p-6">
        <p className="flex items-center gap-2 text-lg font-extrabold text-premium-900">
          <Crown className="size-5 fill-premium-300 text-premium-600" aria-hidden="true" />A Premium feature
        </p>
        <p className="text-ink-800">
          With Premium you can save searches by term, category, condition, price and distance, and get instant
          notifications when a matching item is listed.
        </p>
        <Button asChild variant="premium" className="justify-self-start">
          <Link to={paths.subscribe}>
            <Crown aria-hidden="true" />
            Upgrade to Premium
          </Link>
        </Button>
      </div>
    </>
  );
}

function SavedSearchList() {
  const searches = useSavedSearches({ enabled: true });
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<SavedSearch | null>(null);

  const openForm = (search: SavedSearch | null) => {
    setEditing(search);
    setFormOpen(true);
  };

  return (
    <>
      <Heading
        action={
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden="true" />
            New saved search
          </Button>
        }
      />
      {searches.isPending ? (
        <AlertListLoading label="Loading saved searches" />
      ) : searches.isError ? (
        <LoadError
          title="We couldn't load your saved searches"
          headingLevel={3}
          error={searches.error}
          onRetry={() => void searches.refetch()}
        />
      ) : searches.data.length === 0 ? (
        <EmptyState
          icon={SearchCheck}
          headingLevel="h3"
          title="No saved searches yet"
          description="Save what you keep looking for, like 'Lego' in Toys under $20 within 10 km."
          action={<Button onClick={() => openForm(null)}>Save a search</Button>}
        />
      ) : (
        <ul aria-label="Saved searches" className="grid gap-3 sm:grid-cols-2">
          {searches.data.map((search) => (
            <li key={search.id}>
              <AlertCard
                title={search.name}
                details={searchDetails(search)}
                isActive={search.isActive}
                busy={update.isPending && update.variables.id === search.id}
                onActiveChange={(isActive) =>
                  update.mutate(
                    { id: search.id, input: { isActive } },
                    { onError: (error) => handleApiError(error, { title: 'Failed to update saved search' }) },
                  )
                }
                onEdit={() => openForm(search)}
                onDelete={() => setToDelete(search)}
              />
            </li>
          ))}
        </ul>
      )}
      <SavedSearchDialog open={formOpen} onOpenChange={setFormOpen} search={editing} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete this saved search?"
        description={toDelete ? `“${toDelete.name}” will stop sending alerts and be removed.` : ''}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </>
  );
}
