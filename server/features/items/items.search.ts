import { sql, type SQL } from 'drizzle-orm';
import { COUNT_CAP, type ListItemsQuery } from '../../../common/schemas/items.js';
import { DISTANCE } from '../../../common/limits.js';
import { rowsOf, type Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';

/** SPEC §9: great-circle distance with an Earth radius of 3959 miles, in kilometres. */
export const EARTH_RADIUS_KM = DISTANCE.earthRadiusMiles * DISTANCE.kmPerMile;
/**
 * earthdistance measures with its own radius (6378.168 km), and the indexed point is nudged by
 * up to 11 m (see gridEarth): boxes are drawn a little larger, then the exact test decides.
 */
const EARTH_BOX_MARGIN = 1.003;
const EARTH_BOX_EXTRA_METRES = 50;
/** No query ranks or sorts more rows than this (issue 4: cost must not grow with the table). */
export const CANDIDATE_CAP = 1000;

export type SearchFilters = ListItemsQuery & {
  viewerId: number;
  /** Owners whose listings this viewer never sees (blocked either way). */
  hiddenOwnerIds: number[];
  /** Premium viewers see items still in their early-access window. */
  includeEarlyAccess: boolean;
  now: Date;
};

export type SearchPage = {
  ids: number[];
  distances: Map<number, number>;
  nextCursor?: string;
  totalCount?: number;
};

type CursorKind = 'ranked' | 'near' | 'unplaced' | 'browse' | 'newest';
type Cursor = { k: CursorKind; v: string[] };
type Row = { id: number; distance_km: number | string | null; keys: string[] };

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
  if (cursor.v.length !== keys.length)
    throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
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

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    const cursor = parsed as Cursor;
    const valid =
      typeof cursor === 'object' &&
      cursor !== null &&
      ['ranked', 'near', 'unplaced', 'browse', 'newest'].includes(cursor.k) &&
      Array.isArray(cursor.v) &&
      cursor.v.every((value) => typeof value === 'string');
    if (valid) return cursor;
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
}

/** Words become prefix terms joined by AND: "wooden tra" matches "Wooden train set". */
export function toPrefixTsQuery(search: string): string | undefined {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

/** Everything any listing shows: available, not hidden or held, past early access for free users. */
function visibleAndFiltered(filters: SearchFilters): SQL {
  const parts: SQL[] = [
    sql`i.is_available`,
    sql`not i.is_hidden`,
    sql`(not i.flagged_for_review or i.moderator_reviewed)`,
  ];
  if (!filters.includeEarlyAccess) {
    parts.push(
      sql`(i.early_access_until is null or i.early_access_until <= ${filters.now.toISOString()}::timestamptz or i.user_id = ${filters.viewerId})`,
    );
  }
  // Blocking works both ways: a blocked parent's listings disappear from the other's results.
  if (filters.hiddenOwnerIds.length > 0) {
    parts.push(
      sql`i.user_id not in (${sql.join(
        filters.hiddenOwnerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.category) parts.push(sql`i.category = ${filters.category}`);
  if (filters.condition) parts.push(sql`i.condition = ${filters.condition}`);
  if (filters.exchangeType) parts.push(sql`i.exchange_type = ${filters.exchangeType}`);
  if (filters.ageRange) parts.push(sql`i.age_range = ${filters.ageRange}`);
  if (filters.brand) parts.push(sql`lower(i.brand) = lower(${filters.brand})`);
  if (filters.size) parts.push(sql`lower(i.size) = lower(${filters.size})`);
  return sql.join(parts, sql` and `);
}

type Point = { lat: number; lng: number };

function pointOf(filters: SearchFilters): Point | undefined {
  return filters.lat !== undefined && filters.lng !== undefined
    ? { lat: filters.lat, lng: filters.lng }
    : undefined;
}

/**
 * The indexed point of an item: its grid position nudged north by a sliver derived from its id
 * (under 0.0001°, about 11 m). Items in one grid cell would otherwise be exactly as far from
 * any searcher, and PostgreSQL 15 cannot walk the GiST index nearest-first with a second sort
 * key to break those ties; with the nudge, distance alone orders them. The nudge comes from
 * the id, not the position, so it reveals nothing. Must match items_earth_idx.
 */
const gridEarth = sql`ll_to_earth(i.grid_latitude::float8 + (i.id % 1000003) * 1e-10, i.grid_longitude::float8)`;
const pointEarth = (point: Point) => sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;

/** Great-circle kilometres from the grid position to the point (SPEC §9 radius). */
function haversineKm(point: Point): SQL {
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(sqrt(
    power(sin(radians(i.grid_latitude::float8 - ${point.lat}::float8) / 2), 2) +
    cos(radians(${point.lat}::float8)) * cos(radians(i.grid_latitude::float8)) *
    power(sin(radians(i.grid_longitude::float8 - ${point.lng}::float8) / 2), 2))))`;
}

/** Inside the radius, using the GiST index's box first; only for rows with a position. */
function withinRadius(point: Point, km: number): SQL {
  return sql`earth_box(${pointEarth(point)}, ${km * 1000 * EARTH_BOX_MARGIN + EARTH_BOX_EXTRA_METRES}::float8) @> ${gridEarth}
    and ${haversineKm(point)} <= ${km}::float8`;
}

/** Rounded to 0.5 km: nothing finer than the grid may be read from a distance. */
function distanceColumn(point: Point | undefined): SQL {
  return point
    ? sql`case when i.has_position then round((${haversineKm(point)} * 2)::numeric) / 2 end`
    : sql`null`;
}

/** SPEC §5: the distance filter keeps items that have no position. */
function distanceFilter(filters: SearchFilters): SQL {
  const point = pointOf(filters);
  if (!point || filters.maxDistance === undefined) return sql`true`;
  return sql`(not i.has_position or (${withinRadius(point, filters.maxDistance)}))`;
}

/**
 * One page of item ids for a browse or search request, and the cursor of the next page.
 * Every plan reads at most CANDIDATE_CAP rows before ordering, or walks an index in order,
 * so its cost does not grow with the table (docs/PERFORMANCE.md).
 */
export async function searchItemIds(db: Database, filters: SearchFilters): Promise<SearchPage> {
  const cursor = decodeCursor(filters.cursor);
  const point = pointOf(filters);
  const tsQuery = filters.search ? toPrefixTsQuery(filters.search) : undefined;
  const sort = filters.sort ?? (tsQuery ? 'relevance' : point ? 'nearest' : 'relevance');
  const limit = filters.limit;

  const page = tsQuery
    ? await rankedPage(db, filters, tsQuery, sort, cursor)
    : sort === 'nearest' && point
      ? await nearestPage(db, filters, point, cursor)
      : point && filters.maxDistance !== undefined
        ? await rankedPage(db, filters, undefined, sort, cursor)
        : await indexOrderPage(db, filters, sort === 'newest' ? 'newest' : 'browse', cursor);

  const hasMore = page.rows.length > limit;
  const rows = page.rows.slice(0, limit);
  const last = rows.at(-1);
  return {
    ids: rows.map((row) => Number(row.id)),
    distances: new Map(
      rows.filter((row) => row.distance_km !== null).map((row) => [Number(row.id), Number(row.distance_km)]),
    ),
    nextCursor: hasMore && last ? encodeCursor({ k: page.kindOf(last), v: last.keys }) : undefined,
    totalCount: cursor ? undefined : (page.total ?? (await countMatches(db, filters))),
  };
}

/** total: the number of candidates, when the plan knows it for free. */
type PlanResult = { rows: Row[]; kindOf(row: Row): CursorKind; total?: number };

/**
 * Search terms, or a radius without a search: a capped candidate set (text matches through
 * the GIN indexes, or the nearest items inside the radius through the GiST index, plus items
 * without a position), then ordered in memory. Premium owners come first among equal scores.
 */
async function rankedPage(
  db: Database,
  filters: SearchFilters,
  tsQuery: string | undefined,
  sort: string,
  cursor: Cursor | undefined,
): Promise<PlanResult> {
  const point = pointOf(filters);
  const where = sql`${visibleAndFiltered(filters)} and ${distanceFilter(filters)}`;
  const search = filters.search ?? '';
  const candidates = tsQuery
    ? sql`select i.id,
          round((ts_rank_cd(i.search_vector, to_tsquery('english', ${tsQuery}))
            + 0.5 * greatest(word_similarity(${search}, i.title), word_similarity(${search}, coalesce(i.brand, ''))))::numeric, 3) as score
        from items i
        where (i.search_vector @@ to_tsquery('english', ${tsQuery}) or ${search} <% i.title or ${search} <% i.brand)
          and ${where}
        limit ${CANDIDATE_CAP}`
    : point && filters.maxDistance !== undefined
      ? sql`(select i.id, 0::numeric as score from items i
            where i.has_position and ${visibleAndFiltered(filters)} and ${withinRadius(point, filters.maxDistance)}
            order by ${gridEarth} <-> ${pointEarth(point)} limit ${CANDIDATE_CAP})
          union all
          (select i.id, 0::numeric as score from items i
            where not i.has_position and ${visibleAndFiltered(filters)}
            order by i.created_at desc, i.id desc limit ${CANDIDATE_CAP})`
      : sql`select null::int as id, 0::numeric as score where false`;

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
        : [{ expr: sql`c.score`, type: 'numeric' }, { expr: sql`i.is_priority`, type: 'bool' }, ...created];
  const order = sql.join(
    keys.map((key) => sql`${key.expr} desc`),
    sql`, `,
  );

  const result = await db.execute(sql`
    with candidates as (${candidates})
    select i.id, ${distanceColumn(point)} as distance_km, ${keysArray(keys)} as keys,
      (select count(*) from candidates)::int as total
    from candidates c join items i on i.id = c.id
    where ${keysetAfter(keys, cursor, 'ranked', 'desc')}
    order by ${order}
    limit ${filters.limit + 1}`);
  const rows = rowsOf<Row & { total: number }>(result);
  // Candidates stop at CANDIDATE_CAP; a full cap means "at least that many".
  const total = rows[0]?.total ?? 0;
  return { rows, kindOf: () => 'ranked', total: total >= CANDIDATE_CAP ? COUNT_CAP + 1 : total };
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
): Promise<PlanResult> {
  const limit = filters.limit + 1;
  const rows: (Row & { kind: CursorKind })[] = [];
  if (!cursor || cursor.k === 'near') {
    const radius = filters.maxDistance !== undefined ? withinRadius(point, filters.maxDistance) : sql`true`;
    const keys: SortKey[] = [
      { expr: sql`${gridEarth} <-> ${pointEarth(point)}`, type: 'float8' },
      { expr: sql`i.id`, type: 'int' },
    ];
    const near = await db.execute(sql`
      select i.id, ${distanceColumn(point)} as distance_km, ${keysArray(keys)} as keys
      from items i
      where i.has_position and ${visibleAndFiltered(filters)} and ${radius}
        and ${keysetAfter(keys, cursor, 'near', 'asc')}
      order by ${gridEarth} <-> ${pointEarth(point)}
      limit ${limit}`);
    rows.push(...rowsOf<Row>(near).map((row) => ({ ...row, kind: 'near' as const })));
  }
  if (rows.length < limit) {
    const keys: SortKey[] = [
      { expr: sql`i.created_at`, type: 'timestamptz' },
      { expr: sql`i.id`, type: 'int' },
    ];
    const unplaced = await db.execute(sql`
      select i.id, null as distance_km, ${keysArray(keys)} as keys
      from items i
      where not i.has_position and ${visibleAndFiltered(filters)}
        and ${keysetAfter(keys, cursor, 'unplaced', 'desc')}
      order by i.created_at desc, i.id desc
      limit ${limit - rows.length}`);
    rows.push(...rowsOf<Row>(unplaced).map((row) => ({ ...row, kind: 'unplaced' as const })));
  }
  return { rows, kindOf: (row) => (row as Row & { kind: CursorKind }).kind };
}

/** No search and no radius: walk the browse index (Premium first, then newest) or the newest index. */
async function indexOrderPage(
  db: Database,
  filters: SearchFilters,
  kind: 'browse' | 'newest',
  cursor: Cursor | undefined,
): Promise<PlanResult> {
  const point = pointOf(filters);
  const keys: SortKey[] = [
    ...(kind === 'browse' ? [{ expr: sql`i.is_priority`, type: 'bool' as const }] : []),
    { expr: sql`i.created_at`, type: 'timestamptz' },
    { expr: sql`i.id`, type: 'int' },
  ];
  const order = sql.join(
    keys.map((key) => sql`${key.expr} desc`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select i.id, ${distanceColumn(point)} as distance_km, ${keysArray(keys)} as keys
    from items i
    where ${visibleAndFiltered(filters)} and ${keysetAfter(keys, cursor, kind, 'desc')}
    order by ${order}
    limit ${filters.limit + 1}`);
  return { rows: rowsOf<Row>(result), kindOf: () => kind };
}

/**
 * How many items match a plan that has no candidate set (index order, nearest), counted only up
 * to COUNT_CAP + 1 so the count stays cheap.
 */
async function countMatches(db: Database, filters: SearchFilters): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count from (
      select 1 from items i
      where ${visibleAndFiltered(filters)} and ${distanceFilter(filters)}
      limit ${COUNT_CAP + 1}
    ) capped`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}
