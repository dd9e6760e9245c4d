import { sql, type SQL } from 'drizzle-orm';
import { COUNT_CAP, type ListItemsQuery, type SortOption } from '../../../common/schemas/items.js';
import { rowsOf, type Database } from '../../db/client.js';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  invalidCursor,
  type KeysetCursor,
} from '../../lib/keyset-cursor.js';
import { blockedEitherWayArray } from '../blocks/blocks.rule.js';
import { gridEarthOf } from '../../db/schema.js';
import { builtOnceSql, preparedPerShape, type PreparedSql } from '../../db/prepared.js';
import {
  pageWithOwners,
  prepareSessionWithPage,
  prepareWithOwners,
  buildSessionWithPage,
  type ItemWithOwner,
  type PageRow,
} from './items.repo.js';
import { isPremiumSql } from '../billing/premium.rule.js';
import { searchWords, toPrefixTsQuery } from './text-query.js';

/**
 * A text search ranks at most this many matches, the newest ones (decision 012: no query ranks or
 * sorts more than about 1,000 rows, so its cost does not grow with the table). The same as
 * COUNT_CAP, so a full set truthfully reads "1000+ items found".
 */
export const CANDIDATE_CAP = COUNT_CAP;
/** Of those, the share kept for items without a position when the search has one (PRODUCT §5). */
const UNPLACED_CANDIDATES = CANDIDATE_CAP / 4;

export type SearchFilters = ListItemsQuery & {
  viewerId: number;
  /** Premium viewers see items still in their early-access window. */
  includeEarlyAccess: boolean;
  now: Date;
};

export type SearchPage = {
  ids: number[];
  distances: Map<number, number>;
  nextCursor?: string;
  totalCount?: number;
  /** The count is "at least this many": a bounded walk found them before it stopped. */
  totalAtLeast?: boolean;
  /** The page's items with their owners, when the page's own statement read them too. */
  withOwners?: ItemWithOwner[];
};

/**
 * ranked, prefix, fuzzy: text matches of each MatchTier (see tierMatch); near and unplaced: the
 * two parts of nearest first; browse and newest: the index orders.
 */
const CURSOR_KINDS = ['ranked', 'prefix', 'fuzzy', 'near', 'unplaced', 'browse', 'newest'] as const;
type CursorKind = (typeof CURSOR_KINDS)[number];
type Cursor = KeysetCursor<CursorKind>;
type Row = { id: number; distance_km: number | string | null; keys: string[]; total?: number | null };

/** A sort key: its expression and the type its cursor value is read back as. */
type SortKey = { expr: SQL; type: 'numeric' | 'int' | 'float8' | 'bool' | 'timestamptz' };

/** Cursor values are text: timestamps keep their microseconds, floats their exact digits. */
function keysArray(keys: SortKey[]): SQL {
  const asText = keys.map((key) =>
    key.type === 'timestamptz'
      ? sql`to_char((${key.expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : sql`(${key.expr})::text`,
  );
  return sql`array[${sql.join(asText, sql`, `)}]`;
}

/** Rows after the cursor in this order: one row comparison, so an index can start mid-way. */
function keysetAfter(
  keys: SortKey[],
  cursor: Cursor | undefined,
  kind: CursorKind,
  direction: 'desc' | 'asc',
): SQL {
  if (!cursor || cursor.k !== kind) return sql`true`;
  // A cursor comes back from the client: each value must read as its key's type, or the cast
  // below would fail in the database (a 500) instead of a 400.
  if (
    cursor.v.length !== keys.length ||
    !keys.every((key, index) => isCursorValue(key.type, cursor.v[index]))
  )
    throw invalidCursor();
  const columns = sql.join(
    keys.map((key) => key.expr),
    sql`, `,
  );
  const values = sql.join(
    keys.map((key, index) => sql`${cursor.v[index]}::${sql.raw(key.type)}`),
    sql`, `,
  );
  return direction === 'desc' ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`;
}

const CURSOR_VALUE: Record<SortKey['type'], RegExp> = {
  numeric: /^-?\d{1,30}(\.\d{1,30})?$/,
  // PostgreSQL's integer: at most 10 digits here, the range is checked below.
  int: /^-?\d{1,10}$/,
  float8: /^(-?(\d{1,30}(\.\d{1,30})?(e[+-]?\d{1,3})?|Infinity)|NaN)$/,
  bool: /^(true|false)$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
};

/** Whether a cursor value is text its key's type reads back (as keysArray wrote it). */
function isCursorValue(type: SortKey['type'], value: string | undefined): boolean {
  if (value === undefined || !CURSOR_VALUE[type].test(value)) return false;
  if (type === 'int') return Math.abs(Number(value)) <= 2_147_483_647;
  if (type === 'float8') return Number.isFinite(Number(value)) || /^-?Infinity$|^NaN$/.test(value);
  if (type === 'timestamptz') {
    // A real instant: the date and time parts read back unchanged (no 2024-13-45 or 25:00).
    const parsed = new Date(value.replace(/\d{3}Z$/, 'Z'));
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 23) === value.slice(0, 23);
  }
  return true;
}

/**
 * How a search's words match, loosest last. Each is tried only while the one before finds fewer
 * than FEW_MATCHES items, so a parent who types a real word sees that word, not its neighbours
 * ('boots' never brings 'books'; 'bed' never brings a description's 'bedtime'):
 * - ranked: whole words (stemmed: 'strollers' is 'stroller'), with a few everyday synonyms;
 * - prefix: whole words, or word starts in titles and brands ('puzz', 'wooden tra');
 * - fuzzy: those, or typos (trigram similarity on title and brand, 'strolelr'), and only
 *   when no listing anywhere holds the words as typed (typosAllowed).
 */
export type MatchTier = 'ranked' | 'prefix' | 'fuzzy';
export const MATCH_TIERS: readonly MatchTier[] = ['ranked', 'prefix', 'fuzzy'];
export const FEW_MATCHES = 3;

/** Words a parent may use for the same thing; each finds the others (ranked tier). */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['stroller', 'pram', 'pushchair', 'buggy'],
  ['trousers', 'pants'],
  ['jumper', 'sweater'],
  ['jacket', 'coat'],
  ['bike', 'bicycle'],
  ['cot', 'crib'],
  ['nappies', 'diapers'],
  ['onesies', 'bodysuits'],
];
const SYNONYMS = new Map(SYNONYM_GROUPS.flatMap((group) => group.map((word) => [word, group] as const)));

/** Whole words joined by AND, each with its synonyms: "pram" matches "Stroller, folds flat". */
export function toWordsTsQuery(search: string): string | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return words
    .map((word) => {
      const group = SYNONYMS.get(word) ?? SYNONYMS.get(word.replace(/e?s$/, ''));
      return group ? `(${group.join(' | ')})` : word;
    })
    .join(' & ');
}

/** Prefix matches count in titles and brands only (tsvector weights A and B). */
const TITLE_AND_BRAND = 'AB';

type TextMatch = { matches: SQL; score: SQL };

/** The items a text search query matches, scored by how well (the ranked and prefix tiers). */
function tsQueryMatch(tsQuery: string | SQL): TextMatch {
  return {
    matches: sql`i.search_vector @@ to_tsquery('english', ${tsQuery})`,
    score: sql`ts_rank_cd(i.search_vector, to_tsquery('english', ${tsQuery}))`,
  };
}

/** What a tier matches and how it scores a match, for rankedPage and the nearest-first walks. */
export function tierMatch(tier: MatchTier, search: string): TextMatch {
  return tierMatchOf(tier, tierTsQuery(tier, search), search);
}

/** The text search query of a tier's words and prefixes. */
function tierTsQuery(tier: MatchTier, search: string): string {
  // Each tier holds the one before, so widening never loses a match.
  const wholeWords = toWordsTsQuery(search) ?? '';
  return tier === 'ranked'
    ? wholeWords
    : `(${wholeWords}) | (${toPrefixTsQuery(search, TITLE_AND_BRAND) ?? ''})`;
}

/** tierMatch for its values, or placeholders standing in for them (searchStatement). */
function tierMatchOf(tier: MatchTier, tsQuery: string | SQL, search: string | SQL): TextMatch {
  const { matches: words, score: rank } = tsQueryMatch(tsQuery);
  if (tier !== 'fuzzy') return { matches: words, score: rank };
  return {
    matches: sql`(${words} or ${search} <% i.title or ${search} <% i.brand)`,
    score: sql`${rank}
        + 0.5 * greatest(word_similarity(${search}, i.title), word_similarity(${search}, coalesce(i.brand, '')))`,
  };
}

/** Shorter searches are not guessed at: one wrong letter in 'ball' is already 'balance'. */
const TYPO_MIN_LETTERS = 5;

/**
 * Typos are guessed at only when the words as typed (or their starts) are in no listing at all:
 * 'boots' is a real word when any family lists boots, even far away, and then it must not turn
 * into 'books' nearby. One look in the GIN index.
 */
export async function typosAllowed(db: Database, search: string): Promise<boolean> {
  if (searchWords(search).join('').length < TYPO_MIN_LETTERS) return false;
  const { matches } = tierMatch('prefix', search);
  const found = rowsOf<{ found: boolean }>(
    await db.execute(sql`select exists (
      select 1 from items i where ${matches} and i.is_available and not i.is_hidden) as found`),
  );
  return found[0]?.found !== true;
}

/**
 * The viewer's values in a statement: the request's own, or the placeholders of a statement
 * prepared once for every viewer (preparedIndexOrderPage).
 */
type ViewerValues = {
  now: string | SQL;
  viewerId: number | SQL;
  /** Whether the viewer has Premium, when the statement works it out (firstPageWithSession). */
  premium?: SQL<boolean>;
};

function viewerValuesOf(filters: SearchFilters): ViewerValues {
  return { now: filters.now.toISOString(), viewerId: filters.viewerId };
}

/**
 * A request's values, or placeholders for them (`sql.placeholder`) in a statement built once for
 * every request of its shape (rankedFirstPageWithSession).
 */
type Values<T> = { [Key in keyof T]: T[Key] | SQL };

/** What visibleAndFiltered reads of a request. */
type ListingFilters = Pick<SearchFilters, 'includeEarlyAccess'> &
  Values<Pick<ListItemsQuery, (typeof LISTING_FILTERS)[number]>>;
const LISTING_FILTERS = ['category', 'condition', 'exchangeType', 'ageRange', 'brand', 'size'] as const;

/** Everything any listing shows: available, not hidden, past early access for free users. */
function visibleAndFiltered(filters: ListingFilters, viewer: ViewerValues): SQL;
function visibleAndFiltered(filters: SearchFilters, viewer?: ViewerValues): SQL;
function visibleAndFiltered(
  filters: ListingFilters,
  viewer: ViewerValues = viewerValuesOf(filters as SearchFilters),
): SQL {
  const parts: SQL[] = [sql`i.is_available`, sql`not i.is_hidden`];
  if (!filters.includeEarlyAccess) {
    const pastEarlyAccess = sql`i.early_access_until is null or i.early_access_until <= ${viewer.now}::timestamptz or i.user_id = ${viewer.viewerId}`;
    parts.push(viewer.premium ? sql`(${viewer.premium} or ${pastEarlyAccess})` : sql`(${pastEarlyAccess})`);
  }
  // Blocking works both ways: a blocked parent's listings disappear from the other's results.
  // An uncorrelated array is worked out once per query, so indexes are still walked in order.
  parts.push(sql`i.user_id <> all(${blockedEitherWayArray(viewer.viewerId)})`);
  if (filters.category) parts.push(sql`i.category = ${filters.category}`);
  if (filters.condition) parts.push(sql`i.condition = ${filters.condition}`);
  if (filters.exchangeType) parts.push(sql`i.exchange_type = ${filters.exchangeType}`);
  if (filters.ageRange) parts.push(sql`i.age_range = ${filters.ageRange}`);
  if (filters.brand) parts.push(sql`lower(i.brand) = lower(${filters.brand})`);
  if (filters.size) parts.push(sql`lower(i.size) = lower(${filters.size})`);
  return sql.join(parts, sql` and `);
}

/** A position: the request's own, or placeholders in a statement built once for many (Values). */
type Point = { lat: number | SQL; lng: number | SQL };

function pointOf(filters: Pick<Values<ListItemsQuery>, 'lat' | 'lng'>): Point | undefined {
  return filters.lat !== undefined && filters.lng !== undefined
    ? { lat: filters.lat, lng: filters.lng }
    : undefined;
}

/** The indexed point of an item (items_earth_idx). */
const gridEarth = gridEarthOf(sql`i.grid_latitude`, sql`i.grid_longitude`, sql`i.id`);
const pointEarth = (point: Point) => sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;

/**
 * Great-circle kilometres from the grid position to the point (PRODUCT §9 radius), through the
 * SQL function of migration 0006, which the planner inlines.
 */
function haversineKm(point: Point): SQL {
  return sql`ll_great_circle_km(i.grid_latitude::float8, i.grid_longitude::float8, ${point.lat}::float8, ${point.lng}::float8)`;
}

/**
 * Inside the radius: the exact great-circle test. Deliberately not the GiST index's box: in a
 * dense town the box holds a large share of the table, and PostgreSQL would collect all of it
 * before sorting. The plans below walk an index in order and stop instead (docs/PERFORMANCE.md).
 */
function withinRadius(point: Point, km: number): SQL {
  return sql`${haversineKm(point)} <= ${km}::float8`;
}

/**
 * The `limit` nearest items with a position that pass `where`, walking the GiST index outward
 * (KNN) and stopping there, with their distance as `km`. Filtering by radius happens after the
 * walk, on at most `limit` rows: the nearest rows that match include every match inside the
 * radius, up to `limit`, so nothing is lost, and the walk never sweeps a whole dense area.
 */
function nearestWalk(point: Point, columns: SQL, where: SQL, limit: number): SQL {
  return sql`select ${columns}, ${haversineKm(point)} as km
    from items i
    where i.has_position and ${where}
    order by ${gridEarth} <-> ${pointEarth(point)}
    limit ${limit}`;
}

/** Rounded to 0.5 km: nothing finer than the grid may be read from a distance. */
function distanceColumn(point: Point | undefined): SQL {
  return point
    ? sql`case when i.has_position then round((${haversineKm(point)} * 2)::numeric) / 2 end`
    : sql`null`;
}

/** PRODUCT §5: the distance filter keeps items that have no position. */
function distanceFilter(filters: SearchFilters): SQL {
  const point = pointOf(filters);
  if (!point || filters.maxDistance === undefined) return sql`true`;
  return sql`(not i.has_position or (${withinRadius(point, filters.maxDistance)}))`;
}

/**
 * The order when the request names none. PRODUCT §9: distance-filtered results are sorted nearest
 * first, with a search term too; a position alone sorts nearest first unless there is a search
 * term, which then keeps relevance; without a position, relevance (Premium first, then newest).
 */
export function defaultSort(
  filters: Pick<ListItemsQuery, 'lat' | 'lng' | 'maxDistance'>,
  hasSearch: boolean,
): SortOption {
  if (filters.lat === undefined || filters.lng === undefined) return 'relevance';
  if (filters.maxDistance !== undefined) return 'nearest';
  return hasSearch ? 'relevance' : 'nearest';
}

/** The query's search words, when it has any a search can match. */
function searchOf(query: ListItemsQuery): string | undefined {
  return query.search && toWordsTsQuery(query.search) ? query.search : undefined;
}

function sortOf(query: ListItemsQuery): SortOption {
  return query.sort ?? defaultSort(query, searchOf(query) !== undefined);
}

/** A text search's first page nearest first: nearestTextFirstPage's bounded walk reads it. */
function isBoundedNearest(query: ListItemsQuery, cursor: Cursor | undefined): boolean {
  return sortOf(query) === 'nearest' && pointOf(query) !== undefined && !cursor;
}

/**
 * One page of item ids for a browse or search request, and the cursor of the next page.
 * Every plan reads at most CANDIDATE_CAP rows before ordering, or walks an index in order,
 * so its cost does not grow with the table (docs/PERFORMANCE.md).
 */
export async function searchItemIds(
  db: Database,
  filters: SearchFilters,
  options: {
    /** NEAREST_WALK_ROWS unless a test needs a small town to behave like a crowded one. */
    walkRows?: number;
    /** This request's plain first page, already read with the session (firstPageWithSession). */
    firstPageRead?: FirstPageRead;
  } = {},
): Promise<SearchPage> {
  const cursor = decodeKeysetCursor(filters.cursor, CURSOR_KINDS);
  const point = pointOf(filters);
  const search = searchOf(filters);
  const sort = sortOf(filters);
  const limit = filters.limit;

  const walkRows = options.walkRows ?? NEAREST_WALK_ROWS;
  const bounded =
    search && point && isBoundedNearest(filters, cursor)
      ? await nearestTextFirstPage(db, filters, point, search, walkRows)
      : undefined;
  const page = bounded
    ? bounded
    : search
      ? await textPage(db, filters, search, sort, cursor, options.firstPageRead)
      : sort === 'nearest' && point
        ? await nearestPage(db, filters, point, cursor, walkRows)
        : await indexOrderPage(
            db,
            filters,
            sort === 'newest' ? 'newest' : 'browse',
            cursor,
            walkRows,
            options.firstPageRead,
          );

  const hasMore = page.rows.length > limit;
  const rows = page.rows.slice(0, limit);
  const last = rows.at(-1);
  return {
    ids: rows.map((row) => Number(row.id)),
    distances: new Map(
      rows.filter((row) => row.distance_km !== null).map((row) => [Number(row.id), Number(row.distance_km)]),
    ),
    nextCursor: hasMore && last ? encodeKeysetCursor({ k: page.kindOf(last), v: last.keys }) : undefined,
    totalCount: cursor ? undefined : (page.total ?? 0),
    ...(page.totalAtLeast && !cursor ? { totalAtLeast: true } : {}),
    ...(page.withOwners ? { withOwners: page.withOwners.slice(0, limit) } : {}),
  };
}

/**
 * total: how many items match (capped), worked out for the first page only; totalAtLeast when
 * that count is a lower bound.
 */
type PlanResult = {
  rows: Row[];
  kindOf(row: Row): CursorKind;
  total?: number;
  totalAtLeast?: boolean;
  /** Set when the rows came with their items and owners (pageWithOwners). */
  withOwners?: ItemWithOwner[];
};

/**
 * How many items match, counted only up to COUNT_CAP + 1 so the count stays cheap. A column of
 * the first page's own query (PostgreSQL works it out once), so it costs no extra round trip;
 * later pages do not ask. Inside a radius it walks at most walkRows items nearest first
 * (decision 012): when they all lie inside the radius the count is "at least" them, sent as -(n + 1)
 * (countFields reads it back), and the items without a position are not counted at all.
 */
function cappedCountColumn(
  filters: SearchFilters,
  cursor: Cursor | undefined,
  walkRows: number,
  viewer: ViewerValues = viewerValuesOf(filters),
): SQL {
  if (cursor) return sql`null::int`;
  const point = pointOf(filters);
  // The cap is written into the statement, not sent as a value: a prepared statement's generic
  // plan must see how few rows it reads.
  const capped = (where: SQL) =>
    sql`(select count(*)::int from (select 1 from items i where ${where} limit ${sql.raw(String(COUNT_CAP + 1))}) capped)`;
  if (!point || filters.maxDistance === undefined) return capped(visibleAndFiltered(filters, viewer));
  // Counted in two parts so each can walk its index and stop: nearest first inside the radius
  // (a box of a dense town can hold a large share of the table), and the items without a position.
  const radius = filters.maxDistance;
  return sql`(select case
      when nearby.walked >= ${walkRows} and nearby.reach <= ${radius + NUDGE_MARGIN_KM}::float8 then -nearby.inside - 1
      else least(nearby.inside + ${capped(sql`not i.has_position and ${visibleAndFiltered(filters)}`)}, ${COUNT_CAP + 1})
    end
    from (select count(*) filter (where km <= ${radius}::float8)::int as inside, count(*)::int as walked,
        max(km) as reach
      from (${nearestWalk(point, sql`i.id`, visibleAndFiltered(filters), walkRows)}) nearest) nearby)`;
}

/** The count carried by a page's rows; no rows on a first page means nothing matched. */
function totalOf(rows: Row[]): number | undefined {
  const total = rows[0]?.total;
  return total === undefined || total === null ? undefined : Number(total);
}

/** A count from cappedCountColumn: negative means "at least" (see there). */
function countFields(raw: number | undefined): Pick<PlanResult, 'total' | 'totalAtLeast'> {
  if (raw === undefined || raw >= 0) return { total: raw };
  return { total: -raw - 1, totalAtLeast: true };
}

/**
 * Search terms, tier after tier (MatchTier) while a tier finds fewer than FEW_MATCHES items;
 * later pages keep the first page's tier (the cursor says which).
 */
async function textPage(
  db: Database,
  filters: SearchFilters,
  search: string,
  sort: string,
  cursor: Cursor | undefined,
  firstPageRead: FirstPageRead | undefined,
): Promise<PlanResult> {
  if (cursor) {
    const tier = MATCH_TIERS.find((candidate) => candidate === cursor.k) ?? 'ranked';
    return rankedPage(db, filters, search, tier, sort, cursor);
  }
  const alreadyRead =
    firstPageRead?.kind === 'ranked' && firstPageRead.limit === filters.limit
      ? rankedPlan('ranked', firstPageRead.page)
      : undefined;
  return tieredRankedPage(db, filters, search, sort, 'ranked', alreadyRead);
}

/** The first page of the first tier, from `first` on, that finds enough (or the last one tried). */
async function tieredRankedPage(
  db: Database,
  filters: SearchFilters,
  search: string,
  sort: string,
  first: MatchTier,
  /** The first tier's page, when it was read with the session (rankedFirstPageWithSession). */
  firstTierRead?: PlanResult,
): Promise<PlanResult> {
  let page: PlanResult | undefined;
  for (const tier of MATCH_TIERS.slice(MATCH_TIERS.indexOf(first))) {
    if (page && tier === 'fuzzy' && !(await typosAllowed(db, search))) return page;
    page =
      tier === first && firstTierRead
        ? firstTierRead
        : await rankedPage(db, filters, search, tier, sort, undefined);
    if ((page.total ?? 0) >= FEW_MATCHES) return page;
  }
  return page ?? rankedPage(db, filters, search, first, sort, undefined);
}

/**
 * The newest CANDIDATE_CAP matches (PostgreSQL walks the newest index and stops, or collects a
 * rare word's few matches through the GIN indexes), then ordered in memory: by score, Premium
 * owners first among equal scores (PRODUCT priority listings), or by distance or date if asked.
 * The cards are read apart (findItemsWithOwners, prepared once): reading them in this statement
 * (pageWithOwners) saved a round trip but cost more in building its wide select on every request
 * (docs/PERFORMANCE.md, "session 17").
 */
async function rankedPage(
  db: Database,
  filters: SearchFilters,
  search: string,
  tier: MatchTier,
  sort: string,
  cursor: Cursor | undefined,
): Promise<PlanResult> {
  const query = rankedPageQuery(
    filters,
    tierMatch(tier, search),
    tier,
    sort,
    cursor,
    viewerValuesOf(filters),
  );
  return rankedPlan(tier, { rows: rowsOf<PageRow>(await db.execute(query)) });
}

/** A page of rankedPageQuery as searchItemIds takes it, however it was read. */
function rankedPlan(tier: MatchTier, page: { rows: PageRow[]; withOwners?: ItemWithOwner[] }): PlanResult {
  return { rows: page.rows, kindOf: () => tier, total: totalOf(page.rows), withOwners: page.withOwners };
}

/** What rankedPageQuery reads of a request. */
type RankedFilters = ListingFilters &
  Values<Pick<ListItemsQuery, 'lat' | 'lng' | 'maxDistance'>> & { limit: number };

/**
 * rankedPage's query, matching `match` (a tier's): id, distance_km, keys and total (COUNT_CAP + 1
 * for a full candidate set).
 */
function rankedPageQuery(
  filters: RankedFilters,
  { matches, score }: TextMatch,
  tier: MatchTier,
  sort: string,
  cursor: Cursor | undefined,
  viewer: ViewerValues,
): SQL {
  const point = pointOf(filters);

  // Sort keys, all descending so one row comparison pages through them.
  const created: SortKey[] = [
    { expr: sql`i.created_at`, type: 'timestamptz' },
    { expr: sql`i.id`, type: 'int' },
  ];
  const keys: SortKey[] =
    sort === 'nearest' && point
      ? [
          { expr: sql`i.has_position`, type: 'bool' },
          { expr: sql`case when i.has_position then -${haversineKm(point)} else 0 end`, type: 'float8' },
          ...created,
        ]
      : sort === 'newest'
        ? created
        : [{ expr: sql`i.score`, type: 'numeric' }, { expr: sql`i.is_priority`, type: 'bool' }, ...created];
  const order = sql.join(
    keys.map((key) => sql`${key.expr} desc`),
    sql`, `,
  );

  // With a position, the nearest matches (the GiST index walked outward, KNN) and the newest
  // without a position; otherwise the newest matches (the newest index walked back in time).
  const where = sql`${matches} and ${visibleAndFiltered(filters, viewer)}`;
  // The candidates carry every column the page's order and distance read, so the page is
  // sorted from them alone: joining the candidates back to items made PostgreSQL read the whole
  // table for a few hundred rows (docs/PERFORMANCE.md).
  const carried = sql`id, placed, score, has_position, is_priority, created_at, grid_latitude, grid_longitude`;
  const columns = sql`i.id, i.has_position as placed, round((${score})::numeric, 3) as score,
    i.has_position, i.is_priority, i.created_at, i.grid_latitude, i.grid_longitude`;
  const scored = sql`select ${columns} from items i`;
  const candidates = point
    ? sql`(select ${carried} from (
            ${nearestWalk(point, columns, where, CANDIDATE_CAP - UNPLACED_CANDIDATES)}
          ) nearest
          where ${filters.maxDistance !== undefined ? sql`km <= ${filters.maxDistance}::float8` : sql`true`})
        union all
        (${scored}
          where not i.has_position and ${where}
          order by i.created_at desc, i.id desc
          limit ${UNPLACED_CANDIDATES})`
    : sql`${scored} where ${where} order by i.created_at desc, i.id desc limit ${CANDIDATE_CAP}`;
  // A full candidate set (either part of it) means "at least that many".
  const full = point
    ? sql`count(*) >= ${CANDIDATE_CAP} or count(*) filter (where placed) >= ${CANDIDATE_CAP - UNPLACED_CANDIDATES}
          or count(*) filter (where not placed) >= ${UNPLACED_CANDIDATES}`
    : sql`count(*) >= ${CANDIDATE_CAP}`;

  return sql`
    with candidates as (${candidates})
    select i.id, ${distanceColumn(point)} as distance_km, ${keysArray(keys)} as keys,
      (select case when ${full} then ${sql.raw(String(COUNT_CAP + 1))} else count(*) end from candidates)::int as total
    from candidates i
    where ${keysetAfter(keys, cursor, tier, 'desc')}
    order by ${order}
    limit ${pageLimit(filters.limit)}`;
}

/**
 * Rows the first page of a text search in nearest-first order reads at most, whatever the
 * town's density: the nearest placed items passing the filters, matched against the words after
 * the walk. At a million items they hold the first page of any common word (a fifth of a
 * category's items carry it); rarer words take the other ways in nearestTextFirstPage.
 */
export const NEAREST_WALK_ROWS = 500;
/**
 * A word with at most this many matches in the whole table is ranked from all of them (found
 * through the GIN index) rather than by walking outward until enough turn up.
 */
const ALL_MATCHES_CAP = 2000;
/**
 * Kilometres a walked item's distance may differ from its order in the walk: the index orders
 * by the grid point nudged north by under 0.0001° (about 11 m, gridEarth), so twice that, and a
 * little more.
 */
const NUDGE_MARGIN_KM = 0.025;

/** The request's values a search statement built once takes as placeholders, when it has them. */
const SEARCH_VALUES = ['lat', 'lng', 'maxDistance', ...LISTING_FILTERS] as const;

/** What a search statement built once is written for: placeholders standing in for a request's values. */
type BoundSearch = {
  filters: RankedFilters;
  point: Point | undefined;
  viewer: ViewerValues;
  match: TextMatch;
};

/** Statements kept built per kind (preparedPerShape): a handful of shapes cover what parents ask. */
const SHAPES_KEPT = 200;

const searchStatements = preparedPerShape<PreparedSql<unknown>>(SHAPES_KEPT);

/**
 * Which of SEARCH_VALUES a request has, placeholders standing in for them in a statement built
 * once, and the values to send for them.
 */
function searchValuesOf(query: ListItemsQuery) {
  const valued = SEARCH_VALUES.filter((name) => query[name] !== undefined);
  return {
    valued,
    placeholders: Object.fromEntries(valued.map((name) => [name, placeholder(name)])),
    values: Object.fromEntries(valued.map((name) => [name, query[name]])),
  };
}

/**
 * Runs a search statement built once for every request of its shape and sent unnamed
 * (builtOnceSql), so PostgreSQL plans each run for its own words and position while Drizzle
 * builds its SQL once. `write` writes it for placeholders (BoundSearch); `statement` names
 * whatever else its text depends on besides the tier, page size, audience and which values the
 * request has.
 */
async function searchStatement<Result>(
  db: Database,
  statement: string,
  filters: SearchFilters,
  text: { tier: MatchTier; search: string },
  write: (bound: BoundSearch) => SQL,
): Promise<Result[]> {
  const { valued, placeholders, values } = searchValuesOf(filters);
  const audience = filters.includeEarlyAccess ? 'all' : 'public';
  const shape = [statement, text.tier, filters.limit, audience, ...valued].join(' ');
  const built = searchStatements(db, shape, () => {
    const bound: RankedFilters = {
      ...placeholders,
      includeEarlyAccess: filters.includeEarlyAccess,
      limit: filters.limit,
    };
    return builtOnceSql(
      db,
      write({
        filters: bound,
        point: pointOf(bound),
        viewer: { now: placeholder('now'), viewerId: placeholder('viewerId') },
        match: tierMatchOf(text.tier, placeholder('tsQuery'), placeholder('search')),
      }),
    );
  });
  const rows = await built.execute({
    ...values,
    now: filters.now.toISOString(),
    viewerId: filters.viewerId,
    tsQuery: tierTsQuery(text.tier, text.search),
    search: text.search,
  });
  return rows as Result[];
}

function placeholder(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}

/** A nearest-first statement's position, which its request has (the caller checked). */
function knownPoint(point: Point | undefined): Point {
  if (!point) throw new Error('a nearest-first search needs a position');
  return point;
}

/** A first page, and "few": every match was seen and there are fewer than FEW_MATCHES (next tier). */
type Found = { page: PlanResult; few: boolean } | undefined;

/**
 * The first page of a text search sorted nearest first (the browse request: a search with a
 * radius), exactly as rankedPage gives it (the same items, order, cursor and, unless it says
 * "at least", count), without rankedPage's walk until 750 matches turn up, which in a crowded
 * town reads tens of thousands of rows. Tier after tier (MatchTier), as textPage goes:
 * 1. a bounded walk (NEAREST_WALK_ROWS nearest items passing the filters, words checked after);
 * 2. except for typos, when the words are rare: all their matches through the GIN index;
 * otherwise rankedPage, from that tier on.
 */
async function nearestTextFirstPage(
  db: Database,
  filters: SearchFilters,
  point: Point,
  search: string,
  walkRows: number,
): Promise<PlanResult> {
  let found: Found;
  for (const tier of MATCH_TIERS) {
    if (found && tier === 'fuzzy' && !(await typosAllowed(db, search))) return found.page;
    const { matches } = tierMatch(tier, search);
    found =
      (await walkedNearest(db, filters, point, search, tier, walkRows)) ??
      (tier === 'fuzzy' ? undefined : await allMatchesNearest(db, filters, point, matches, tier));
    if (!found) return tieredRankedPage(db, filters, search, 'nearest', tier);
    if (!found.few) return found.page;
  }
  return found ? found.page : tieredRankedPage(db, filters, search, 'nearest', 'ranked');
}

/** rankedPage's sort keys in nearest-first order, so later pages continue there from our cursor. */
function nearestKeys(point: Point): SortKey[] {
  return [
    { expr: sql`i.has_position`, type: 'bool' },
    { expr: sql`case when i.has_position then -${haversineKm(point)} else 0 end`, type: 'float8' },
    { expr: sql`i.created_at`, type: 'timestamptz' },
    { expr: sql`i.id`, type: 'int' },
  ];
}

const PLACED_CANDIDATES = CANDIDATE_CAP - UNPLACED_CANDIDATES;

/**
 * rankedPage's first page from its candidates: the placed ones inside the radius, nearest first
 * (at most the 750 nearest), then the newest without a position (at most 250), with its count.
 * `rows` holds at least the first page's worth of them, in that order, out of `placedCount`
 * placed and `unplacedCount` unplaced candidates.
 */
function candidatesPage(
  rows: Row[],
  placedCount: number,
  unplacedCount: number,
  filters: SearchFilters,
  kind: CursorKind,
): { page: PlanResult; few: boolean } {
  const candidates = placedCount + unplacedCount;
  const full =
    candidates >= CANDIDATE_CAP || placedCount >= PLACED_CANDIDATES || unplacedCount >= UNPLACED_CANDIDATES;
  return {
    page: {
      rows: rows.slice(0, filters.limit + 1),
      kindOf: () => kind,
      total: full ? COUNT_CAP + 1 : candidates,
    },
    few: candidates < FEW_MATCHES,
  };
}

/** The newest items without a position that match, as rankedPage's candidates hold them. */
async function newestUnplaced(
  db: Database,
  filters: SearchFilters,
  point: Point,
  matches: SQL,
): Promise<Row[]> {
  return rowsOf<Row>(
    await db.execute(sql`
      select i.id, null as distance_km, ${keysArray(nearestKeys(point))} as keys
      from items i
      where not i.has_position and ${matches} and ${visibleAndFiltered(filters)}
      order by i.created_at desc, i.id desc
      limit ${UNPLACED_CANDIDATES}`),
  );
}

/**
 * Way 1: the walkRows nearest placed items passing the filters, `matches` checked after the
 * walk. Conclusive when the walk holds every item that could come before the page's last row
 * (the count is then "at least" the matches seen), or when it reached past the radius (it holds
 * every placed match: the count is exact, and the newest unplaced matches follow).
 */
async function walkedNearest(
  db: Database,
  filters: SearchFilters,
  point: Point,
  search: string,
  kind: MatchTier,
  walkRows: number,
): Promise<Found> {
  const need = filters.limit + 1;
  const radius = filters.maxDistance;
  type Walked = Row & { km: number | string; walked: number; reach_km: number | string | null; hits: number };
  // Only the page's rows come back, with their sort keys; the matches inside the radius are
  // counted in the database, so a common word costs one page of rows, not the whole walk.
  const walkedRows = await searchStatement<Walked>(
    db,
    `walked ${walkRows}`,
    filters,
    { tier: kind, search },
    ({ filters: bound, point: boundPoint, viewer, match }) => sql`
      with walked as (${nearestWalk(knownPoint(boundPoint), sql`i.id, ${match.matches} as hit`, visibleAndFiltered(bound, viewer), walkRows)}),
      hits as (select w.id, w.km from walked w
        where w.hit ${bound.maxDistance === undefined ? sql`` : sql`and w.km <= ${bound.maxDistance}::float8`})
      select r.walked, r.reach_km, h.hits, m.* from
        (select count(*)::int as walked, max(km) as reach_km from walked) r
        cross join (select count(*)::int as hits from hits) h
        left join lateral (
          select i.id, ${distanceColumn(boundPoint)} as distance_km,
            ${keysArray(nearestKeys(knownPoint(boundPoint)))} as keys, x.km, i.created_at
          from hits x join items i on i.id = x.id
          order by x.km asc, i.created_at desc, i.id desc
          limit ${pageLimit(bound.limit)}
        ) m on true
      order by m.km asc, m.created_at desc, m.id desc`,
  );
  const walked = Number(walkedRows[0]?.walked ?? 0);
  const reach = Number(walkedRows[0]?.reach_km ?? 0);
  const hits = Number(walkedRows[0]?.hits ?? 0);
  const placed = walkedRows.filter((row) => row.id !== null);
  const exhausted = walked < walkRows || (radius !== undefined && reach > radius + NUDGE_MARGIN_KM);
  if (!exhausted) {
    const last = placed[need - 1];
    // Too few matches to settle the tier here: rankedPage counts them.
    if (!last || !(reach > Number(last.km) + NUDGE_MARGIN_KM) || hits < FEW_MATCHES) return undefined;
    return {
      page: { rows: placed, kindOf: () => kind, total: hits, totalAtLeast: true },
      few: false,
    };
  }
  const placedCount = Math.min(hits, PLACED_CANDIDATES);
  if (placedCount >= PLACED_CANDIDATES) return candidatesPage(placed, placedCount, 0, filters, kind);
  const unplaced = await newestUnplaced(db, filters, point, tierMatch(kind, search).matches);
  return candidatesPage([...placed, ...unplaced], placedCount, unplaced.length, filters, kind);
}

/**
 * Way 2, for rare words: every match in the table (at most ALL_MATCHES_CAP, found through the
 * GIN index), ordered as rankedPage orders its candidates: the 750 nearest placed ones by the
 * index's own distance, those inside the radius nearest first, then the 250 newest unplaced.
 * PostgreSQL orders them and sends the page alone with the counts, not the matches.
 */
async function allMatchesNearest(
  db: Database,
  filters: SearchFilters,
  point: Point,
  matches: SQL,
  kind: CursorKind,
): Promise<Found> {
  type Counted = Row & { matched: number; placed: number; unplaced: number };
  const radius = filters.maxDistance;
  const rows = rowsOf<Counted>(
    await db.execute(sql`
      with matched as (
        select i.id, i.has_position as placed, ${distanceColumn(point)} as distance_km,
          ${keysArray(nearestKeys(point))} as keys, i.created_at,
          case when i.has_position then ${gridEarth} <-> ${pointEarth(point)} end as knn,
          case when i.has_position then ${haversineKm(point)} end as km
        from items i
        where ${matches} and ${visibleAndFiltered(filters)}
        limit ${ALL_MATCHES_CAP + 1}),
      placed as (
        select * from (select * from matched where placed order by knn limit ${PLACED_CANDIDATES}) nearest
        where ${radius === undefined ? sql`true` : sql`km <= ${radius}::float8`}),
      unplaced as (
        select * from matched where not placed order by created_at desc, id desc limit ${UNPLACED_CANDIDATES})
      select c.*, page.id, page.distance_km, page.keys from
        (select (select count(*) from matched)::int as matched, (select count(*) from placed)::int as placed,
          (select count(*) from unplaced)::int as unplaced) c
        left join lateral (
          select id, distance_km, keys, part, km, created_at from (
            select id, distance_km, keys, 0 as part, km, created_at from placed
            union all
            select id, distance_km, keys, 1 as part, null, created_at from unplaced) candidates
          order by part, km, created_at desc, id desc
          limit ${pageLimit(filters.limit)}
        ) page on true
      order by page.part, page.km, page.created_at desc, page.id desc`),
  );
  const counts = rows[0];
  if (!counts || counts.matched > ALL_MATCHES_CAP) return undefined;
  const page = rows.filter((row) => row.id !== null);
  return candidatesPage(page, counts.placed, counts.unplaced, filters, kind);
}

/**
 * Nearest first with no search: the GiST index walks positions outward (KNN), never sorting
 * everything in the radius; after the last item with a position come those without one.
 */
async function nearestPage(
  db: Database,
  filters: SearchFilters,
  point: Point,
  cursor: Cursor | undefined,
  walkRows: number,
): Promise<PlanResult> {
  const limit = filters.limit + 1;
  const rows: (Row & { kind: CursorKind })[] = [];
  let total: number | undefined;
  if (!cursor || cursor.k === 'near') {
    const keys: SortKey[] = [
      { expr: sql`${gridEarth} <-> ${pointEarth(point)}`, type: 'float8' },
      { expr: sql`i.id`, type: 'int' },
    ];
    const columns = sql`i.id, ${distanceColumn(point)} as distance_km, ${keysArray(keys)} as keys,
      ${cappedCountColumn(filters, cursor, walkRows)} as total`;
    const walked = rowsOf<Row & { km: number | string }>(
      await db.execute(
        nearestWalk(
          point,
          columns,
          sql`${visibleAndFiltered(filters)} and ${keysetAfter(keys, cursor, 'near', 'asc')}`,
          limit,
        ),
      ),
    );
    total = totalOf(walked);
    const maxDistance = filters.maxDistance;
    const inside = maxDistance === undefined ? walked : walked.filter((row) => Number(row.km) <= maxDistance);
    rows.push(...inside.map((row) => ({ ...row, kind: 'near' as const })));
  }
  if (rows.length < limit) {
    const keys: SortKey[] = [
      { expr: sql`i.created_at`, type: 'timestamptz' },
      { expr: sql`i.id`, type: 'int' },
    ];
    // The count rides on this query when the first one found nothing to carry it.
    const countHere = total === undefined ? cappedCountColumn(filters, cursor, walkRows) : sql`null::int`;
    const unplaced = await db.execute(sql`
      select i.id, null as distance_km, ${keysArray(keys)} as keys, ${countHere} as total
      from items i
      where not i.has_position and ${visibleAndFiltered(filters)}
        and ${keysetAfter(keys, cursor, 'unplaced', 'desc')}
      order by i.created_at desc, i.id desc
      limit ${limit - rows.length}`);
    const unplacedRows = rowsOf<Row>(unplaced);
    total ??= totalOf(unplacedRows);
    rows.push(...unplacedRows.map((row) => ({ ...row, kind: 'unplaced' as const })));
  }
  return { rows, kindOf: (row) => (row as Row & { kind: CursorKind }).kind, ...countFields(total) };
}

/**
 * No search: walk the browse index (Premium first, then newest) or the newest index, checking
 * filters and the radius on the way, and stop after a page.
 */
async function indexOrderPage(
  db: Database,
  filters: SearchFilters,
  kind: 'browse' | 'newest',
  cursor: Cursor | undefined,
  walkRows: number,
  firstPageRead: FirstPageRead | undefined,
): Promise<PlanResult> {
  const plainFirstPage = isPlainFirstPage(filters, cursor);
  const alreadyRead =
    plainFirstPage && firstPageRead?.kind === kind && firstPageRead.limit === filters.limit
      ? firstPageRead
      : undefined;
  const { rows, withOwners } = alreadyRead
    ? alreadyRead.page
    : plainFirstPage
      ? await preparedIndexOrderPage(db, filters, kind, walkRows)
      : await pageWithOwners(db, indexOrderQuery(filters, kind, cursor, walkRows));
  return { rows, kindOf: () => kind, ...countFields(totalOf(rows)), withOwners };
}

function indexOrderKeys(kind: 'browse' | 'newest'): SortKey[] {
  return [
    ...(kind === 'browse' ? [{ expr: sql`i.is_priority`, type: 'bool' as const }] : []),
    { expr: sql`i.created_at`, type: 'timestamptz' },
    { expr: sql`i.id`, type: 'int' },
  ];
}

function indexOrderQuery(
  filters: SearchFilters,
  kind: 'browse' | 'newest',
  cursor: Cursor | undefined,
  walkRows: number,
  viewer: ViewerValues = viewerValuesOf(filters),
): SQL {
  const point = pointOf(filters);
  const keys = indexOrderKeys(kind);
  const order = sql.join(
    keys.map((key) => sql`${key.expr} desc`),
    sql`, `,
  );
  return sql`select i.id, ${distanceColumn(point)} as distance_km, ${keysArray(keys)} as keys,
      ${cappedCountColumn(filters, cursor, walkRows, viewer)} as total
    from items i
    where ${visibleAndFiltered(filters, viewer)} and ${distanceFilter(filters)}
      and ${keysetAfter(keys, cursor, kind, 'desc')}
    order by ${order}
    limit ${pageLimit(filters.limit)}`;
}

/**
 * A page's limit (a validated whole number) written into its statement: with it sent as a value,
 * a prepared statement's generic plan expects a tenth of the table and reads the whole items
 * table to join the page's owners, several times slower than the custom plan (docs/PERFORMANCE.md).
 */
function pageLimit(limit: number): SQL {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`invalid page limit ${limit}`);
  return sql.raw(String(limit + 1));
}

/**
 * The first page of the newest or the default browse order with no filter, position or search:
 * what every parent's home page asks for. Its statement's shape depends only on the order,
 * whether early-access items show and the page size, so it is prepared once for each of those,
 * with the viewer and the time as its values. Its plan walks the browse index in order whatever
 * those values are, so a generic plan is as good as a custom one (docs/PERFORMANCE.md).
 */
function isPlainFirstPage(filters: ListItemsQuery, cursor: Cursor | undefined): boolean {
  return (
    !cursor &&
    !pointOf(filters) &&
    !filters.category &&
    !filters.condition &&
    !filters.exchangeType &&
    !filters.ageRange &&
    !filters.brand &&
    !filters.size
  );
}

const plainFirstPages = preparedPerShape<ReturnType<typeof prepareWithOwners>>(SHAPES_KEPT);

function preparedIndexOrderPage(
  db: Database,
  filters: SearchFilters,
  kind: 'browse' | 'newest',
  walkRows: number,
): ReturnType<ReturnType<typeof prepareWithOwners>['execute']> {
  const name = `${kind}_first_page_${filters.includeEarlyAccess ? 'all' : 'public'}_${filters.limit}`;
  const statement = plainFirstPages(db, name, () => {
    const viewer = { now: placeholder('now'), viewerId: placeholder('viewerId') };
    return prepareWithOwners(
      db,
      name,
      indexOrderQuery({ ...filters, maxDistance: undefined }, kind, undefined, walkRows, viewer),
    );
  });
  return statement.execute({ now: filters.now.toISOString(), viewerId: filters.viewerId });
}

type PlainFirstPageKind = 'browse' | 'newest';

/**
 * A first page read with the session: which page (a plain first page's order, or a text
 * search's first tier), how many cards, and its rows.
 */
export type FirstPageRead = {
  kind: PlainFirstPageKind | 'ranked';
  limit: number;
  page: { rows: PageRow[]; withOwners: ItemWithOwner[] };
};

/**
 * The order of the plain first page searchItemIds would read for this query (isPlainFirstPage,
 * no search words), or undefined when the query asks for anything else.
 */
export function plainFirstPageKind(query: ListItemsQuery): PlainFirstPageKind | undefined {
  if (query.cursor || !isPlainFirstPage(query, undefined)) return undefined;
  if (query.search && toWordsTsQuery(query.search)) return undefined;
  return query.sort === 'newest' ? 'newest' : 'browse';
}

/**
 * Whether this query's page is a text search's first page in its first tier (rankedPage, not the
 * bounded walk nearest first), which rankedFirstPageWithSession reads with the session.
 */
export function isRankedFirstPage(query: ListItemsQuery): boolean {
  return !query.cursor && searchOf(query) !== undefined && !isBoundedNearest(query, undefined);
}

const rankedFirstPages = preparedPerShape<ReturnType<typeof buildSessionWithPage>>(SHAPES_KEPT);

/**
 * A text search's first page in its first tier (isRankedFirstPage), read in the signed-in
 * session's own statement, what the parent may see worked out in SQL as in firstPageWithSession.
 * The statement is built once for each shape of search (its order, page size, and which of
 * position, radius and filters it has), its values placeholders, and sent unnamed, so that
 * PostgreSQL plans each search for its own words and position (builtOnce): a generic plan of
 * the nearest walk read several times more.
 */
export function rankedFirstPageWithSession(db: Database, query: ListItemsQuery, now: string, sid: string) {
  const tsQuery = toWordsTsQuery(query.search ?? '');
  if (tsQuery === undefined || !isRankedFirstPage(query)) throw new Error('not a text search’s first page');
  const sort = sortOf(query);
  const { valued, placeholders, values } = searchValuesOf(query);
  const shape = [sort, query.limit, ...valued].join(' ');
  const statement = rankedFirstPages(db, shape, () => {
    const nowPlaceholder = placeholder('now');
    return buildSessionWithPage(db, (viewer) =>
      rankedPageQuery(
        { ...placeholders, includeEarlyAccess: false, limit: query.limit },
        tsQueryMatch(placeholder('tsQuery')),
        'ranked',
        sort,
        undefined,
        {
          now: nowPlaceholder,
          viewerId: sql`${viewer.session.userId}`,
          premium: isPremiumSql(viewer.user, nowPlaceholder),
        },
      ),
    );
  });
  return statement.execute({ ...values, sid, now, tsQuery });
}

const sessionFirstPages = preparedPerShape<ReturnType<typeof prepareSessionWithPage>>(SHAPES_KEPT);

/**
 * The plain first page of an order, read in the signed-in session's own statement: what the
 * parent may see is worked out from the session's user in SQL (its id for blocks and its own
 * listings, isPremiumSql for early access), so the page needs no round trip of its own.
 * Prepared once per order and page size, like preparedIndexOrderPage; its rows read back with
 * pageFromSessionRows.
 */
export function firstPageWithSession(db: Database, kind: PlainFirstPageKind, limit: number) {
  const name = `session_with_${kind}_first_page_${limit}`;
  return sessionFirstPages(db, name, () => {
    const now = placeholder('now');
    return prepareSessionWithPage(db, name, (viewer) =>
      indexOrderQuery(
        // viewerId and now here are never read: the viewer's values below stand in for them.
        { limit, includeEarlyAccess: false, viewerId: 0, now: new Date(0) },
        kind,
        undefined,
        NEAREST_WALK_ROWS,
        { now, viewerId: sql`${viewer.session.userId}`, premium: isPremiumSql(viewer.user, now) },
      ),
    );
  });
}
