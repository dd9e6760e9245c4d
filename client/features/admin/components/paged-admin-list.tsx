import { useEffect, useState, type ReactNode } from 'react';
import { Search, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { Input } from '../../../components/ui/input.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';

/** What the dashboard needs of one paged admin query (usePagedList in api/admin.ts). */
export type PagedList<T> = {
  rows: T[] | undefined;
  totalCount: number | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** What a section shows while its list holds nothing yet. */
export type EmptyList = { icon: LucideIcon; title: string; description: string };

/**
 * One section of the admin dashboard: its title, an optional search, and the list's loading,
 * error, empty and full states with "Load more". The rows are drawn by the table the caller
 * hands in.
 */
export function PagedAdminList<T>({
  title,
  description,
  what,
  search,
  list,
  empty,
  children,
}: {
  title: string;
  description: string;
  /** Names the list in the load error: "We couldn't load {what}". */
  what: string;
  /** The box's label, the search the list was last asked for, and how to ask for another. */
  search?: { label: string; applied: string; onSearch: (search: string) => void } | undefined;
  list: PagedList<T>;
  empty: EmptyList;
  children: (rows: T[]) => ReactNode;
}) {
  // An empty answer to a search is "no matches", not "none yet".
  const searched = search?.applied ?? '';
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {search ? <SearchBox label={search.label} onSearch={search.onSearch} /> : null}
        <ListState
          what={what}
          list={list}
          empty={
            searched
              ? {
                  icon: Search,
                  title: `No matches for “${searched}”`,
                  description: 'Check the spelling, or search for fewer words.',
                }
              : empty
          }
        >
          {children}
        </ListState>
      </CardContent>
    </Card>
  );
}

function ListState<T>({
  what,
  list,
  empty,
  children,
}: {
  what: string;
  list: PagedList<T>;
  empty: EmptyList;
  children: (rows: T[]) => ReactNode;
}) {
  if (list.isPending) return <TableSkeleton />;
  if (list.isError || !list.rows) {
    return (
      <LoadError
        title={`We couldn't load ${what}`}
        headingLevel={3}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (list.rows.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title} description={empty.description} headingLevel="h3" />
    );
  }
  return (
    <>
      {children(list.rows)}
      <MoreRows
        shown={list.rows.length}
        total={list.totalCount}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </>
  );
}

/** A search box that applies what was typed after a short pause. */
function SearchBox({ label, onSearch }: { label: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <label className="relative mb-4 block max-w-md">
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute top-3 left-3 size-5 text-ink-500" aria-hidden="true" />
      <Input
        type="search"
        value={text}
        placeholder={label}
        className="pl-10"
        onChange={(event) => setText(event.target.value)}
      />
    </label>
  );
}

function TableSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <span className="sr-only">Loading</span>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </div>
  );
}

/** Shows "n of total" and a button for the next page of a paged admin list. */
function MoreRows({
  shown,
  total,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number | undefined;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-ink-600">
      <span>
        Showing {shown}
        {total !== undefined ? ` of ${total}` : ''}
      </span>
      {hasMore ? (
        <Button size="sm" variant="outline" disabled={loading} onClick={onMore}>
          {loading ? <ButtonSpinner /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}
