import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { idParamsSchema } from '../../../common/schemas/users.js';
import { items, sessions, users, type ItemRow, type UserRow } from '../../db/schema.js';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { builtOnce, preparedPerDatabase } from '../../db/prepared.js';
import type { ReadWithSession } from '../../plugins/session.js';
import { ownerColumns, ownerColumnsOf, promisedColumn, type OwnerRow } from './items.columns.js';

export type NewItem = typeof items.$inferInsert;

// The search document is for the database only: reading it back would cost time for nothing.
const { searchVector: _searchVector, ...itemColumns } = getTableColumns(items);
const itemAndOwner = { item: itemColumns, owner: ownerColumns, promised: promisedColumn };
export type ItemWithOwner = { item: ItemRow; owner: OwnerRow; promised: boolean };

export async function insertItems(db: Executor, values: NewItem[]): Promise<ItemRow[]> {
  if (values.length === 0) return [];
  return db.insert(items).values(values).returning(itemColumns);
}

/** Prepared once: the item page, and every change to an item, start with it. */
const itemWithOwnerStatement = preparedPerDatabase((db) =>
  db
    .select(itemAndOwner)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(eq(items.id, sql.placeholder('id')))
    .limit(1)
    .prepare('item_with_owner'),
);

export async function findItemWithOwner(db: Database, id: number): Promise<ItemWithOwner | undefined> {
  const [row] = await itemWithOwnerStatement(db).execute({ id });
  return row;
}

const itemOwner = alias(users, 'item_owner');

/** The item page's item with its owner and the signed-in session, in one statement. */
const sessionWithItemStatement = preparedPerDatabase((db) =>
  db
    .select({
      session: sessions,
      user: users,
      item: itemColumns,
      owner: ownerColumnsOf(itemOwner),
      promised: promisedColumn,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(items, eq(items.id, sql.placeholder('id')))
    .leftJoin(itemOwner, eq(itemOwner.id, items.userId))
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .limit(1)
    .prepare('session_with_item'),
);

/**
 * The item page's item with its owner, read in the signed-in session's own statement (one round
 * trip for both; plugins/session.ts). `item` and `owner` are null when there is no such item.
 */
export const itemWithSession: ReadWithSession<{
  item: ItemRow | null;
  owner: OwnerRow | null;
  promised: boolean | null;
}> = {
  forRequest(request, db) {
    const params = idParamsSchema.safeParse(request.params);
    if (!params.success) return undefined;
    const statement = sessionWithItemStatement(db);
    return (sid) => statement.execute({ id: params.data.id, sid });
  },
};

export async function updateItemRow(
  db: Executor,
  id: number,
  values: Partial<NewItem>,
  now: Date,
): Promise<ItemRow | undefined> {
  const [row] = await db
    .update(items)
    .set({ ...values, updatedAt: now })
    .where(eq(items.id, id))
    .returning(itemColumns);
  return row;
}

export async function deleteItemRow(db: Executor, id: number): Promise<boolean> {
  const removed = await db.delete(items).where(eq(items.id, id)).returning({ id: items.id });
  return removed.length > 0;
}

/** A parent's items, newest first; `includeHidden` only for the owner and administrators. */
export function listItemsOfUser(db: Executor, userId: number, includeHidden: boolean): Promise<ItemRow[]> {
  const conditions: SQL[] = [eq(items.userId, userId)];
  if (!includeHidden) conditions.push(sql`not ${items.isHidden}`);
  return db
    .select(itemColumns)
    .from(items)
    .where(and(...conditions))
    .orderBy(desc(items.createdAt), desc(items.id));
}

/**
 * Prepared once, the ids as one array value: building this wide select anew for every page of
 * cards was a good part of a search's own time (docs/PERFORMANCE.md, "The bare floor").
 */
const itemsWithOwnersStatement = preparedPerDatabase((db) =>
  db
    .select(itemAndOwner)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(sql`${items.id} = any(${sql.placeholder('ids')})`)
    .prepare('items_with_owners'),
);

/** Items with their owners in the order of the ids given (missing ids are skipped). */
export async function findItemsWithOwners(db: Database, ids: number[]): Promise<ItemWithOwner[]> {
  if (ids.length === 0) return [];
  const rows = await itemsWithOwnersStatement(db).execute({ ids });
  const byId = new Map(rows.map((row) => [row.item.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A row of a browse page's own query: id, distance, cursor keys and (first page) the count. */
export type PageRow = {
  id: number;
  distance_km: number | string | null;
  keys: string[];
  total?: number | null;
};

/**
 * A browse page's rows together with their items and owners, in the page's order, in one
 * statement: the page query (`pageQuery`, selecting id, distance_km, keys and total, ordered
 * and limited) runs as a subquery, so the cards need no second round trip (docs/PERFORMANCE.md).
 */
export async function pageWithOwners(
  db: Executor,
  pageQuery: SQL,
): Promise<{ rows: PageRow[]; withOwners: ItemWithOwner[] }> {
  return splitPage(await pageWithOwnersQuery(db, pageQuery));
}

/** pageWithOwners as a named prepared statement; pageQuery holds placeholders for its values. */
export function prepareWithOwners(db: Database, name: string, pageQuery: SQL) {
  const prepared = pageWithOwnersQuery(db, pageQuery).prepare(name);
  return {
    execute: async (values: Record<string, unknown>) => splitPage(await prepared.execute(values)),
  };
}

/** The signed-in viewer's session and user, as the page read with them sees them. */
const viewerSession = alias(sessions, 'viewer_session');
const viewerUser = alias(users, 'viewer_user');
export type PageViewer = { session: typeof viewerSession; user: typeof viewerUser };

/** One row of a page read with the session: the first also carries the session and its user. */
export type PageWithSessionRow = { session: typeof sessions.$inferSelect | null; user: UserRow | null } & {
  [Column in keyof PageWithOwnersRow]: PageWithOwnersRow[Column] | null;
};

/**
 * The signed-in session with its user and a page of items with their owners, in one prepared
 * statement (plugins/session.ts ReadWithSession): `pageFor` writes the page's query (as for
 * pageWithOwners) for the viewer it is given, a row the statement reads by the `sid`
 * placeholder. The session and its user come once, on the first row, not on every card's;
 * a page with no items is one row with the session and nulls.
 */
export function prepareSessionWithPage(db: Database, name: string, pageFor: (viewer: PageViewer) => SQL) {
  return sessionWithPageQuery(db, pageFor).prepare(name);
}

/**
 * prepareSessionWithPage's statement built once but sent unnamed each time (builtOnce), for a
 * page whose best plan depends on its values (a search's words and position).
 */
export function buildSessionWithPage(db: Database, pageFor: (viewer: PageViewer) => SQL) {
  return builtOnce(sessionWithPageQuery(db, pageFor));
}

function sessionWithPageQuery(db: Database, pageFor: (viewer: PageViewer) => SQL) {
  const pageQuery = pageFor({ session: viewerSession, user: viewerUser });
  return (
    db
      .select({
        session: sessions,
        user: users,
        id: sql<number | null>`p.id`,
        distance_km: sql<number | string | null>`p.distance_km`,
        keys: sql<string[] | null>`p.keys`,
        total: sql<number | null>`p.total`,
        item: itemColumns,
        owner: ownerColumnsOf(itemOwner),
        promised: promisedColumn,
      })
      .from(viewerSession)
      .leftJoin(viewerUser, eq(viewerUser.id, viewerSession.userId))
      // row_number() over () numbers the rows as the ordered subquery hands them over.
      .leftJoin(sql`lateral (select q.*, row_number() over () as n from (${pageQuery}) q) p`, sql`true`)
      .leftJoin(items, eq(items.id, sql`p.id`))
      .leftJoin(itemOwner, eq(itemOwner.id, items.userId))
      .leftJoin(sessions, and(eq(sessions.sid, viewerSession.sid), sql`coalesce(p.n, 1) = 1`))
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(viewerSession.sid, sql.placeholder('sid')))
      .orderBy(sql`p.n`)
  );
}

/** A page read with the session, as pageWithOwners answers it: none of its rows hold nulls. */
export function pageFromSessionRows(found: PageWithSessionRow[]): {
  rows: PageRow[];
  withOwners: ItemWithOwner[];
} {
  return splitPage(
    found.filter(
      (row): row is PageWithSessionRow & PageWithOwnersRow => row.id !== null && row.item !== null,
    ),
  );
}

function pageWithOwnersQuery(db: Executor, pageQuery: SQL) {
  return (
    db
      .select({
        id: sql<number>`p.id`,
        distance_km: sql<number | string | null>`p.distance_km`,
        keys: sql<string[]>`p.keys`,
        total: sql<number | null>`p.total`,
        ...itemAndOwner,
      })
      // row_number() over () numbers the rows as the ordered subquery hands them over.
      .from(sql`(select q.*, row_number() over () as n from (${pageQuery}) q) p`)
      .innerJoin(items, eq(items.id, sql`p.id`))
      .innerJoin(users, eq(users.id, items.userId))
      .orderBy(sql`p.n`)
  );
}

type PageWithOwnersRow = PageRow & ItemWithOwner;

function splitPage(found: PageWithOwnersRow[]): { rows: PageRow[]; withOwners: ItemWithOwner[] } {
  return {
    rows: found.map(({ id, distance_km, keys, total }) => ({ id, distance_km, keys, total })),
    withOwners: found.map(({ item, owner, promised }) => ({ item, owner, promised })),
  };
}

/**
 * Remembers on the owner's row when their newest listing leaves early access, so a browse
 * request knows without a query that this parent sees something others do not yet.
 */
export async function noteListingEarlyAccess(
  db: Executor,
  userId: number,
  until: Date | null,
): Promise<void> {
  if (!until) return;
  const untilText = until.toISOString();
  await db
    .update(users)
    .set({
      listingEarlyAccessUntil: sql`greatest(coalesce(${users.listingEarlyAccessUntil}, ${untilText}::timestamptz), ${untilText}::timestamptz)`,
    })
    .where(eq(users.id, userId));
}

/**
 * Keeps items.is_priority equal to the owner's premium status (PRODUCT §1 priority listings), so
 * the browse index can put Premium items first without joining users.
 */
export async function setOwnerPriority(db: Executor, userId: number, isPriority: boolean): Promise<void> {
  await db
    .update(items)
    .set({ isPriority })
    .where(and(eq(items.userId, userId), sql`${items.isPriority} <> ${isPriority}`));
}

/** Clears priority on items whose owner's Premium has ended (an end date passed). */
export async function clearLapsedPriority(db: Executor, now: Date): Promise<number> {
  const cleared = await db
    .update(items)
    .set({ isPriority: false })
    .where(
      and(
        eq(items.isPriority, true),
        sql`${items.userId} in (select ${users.id} from ${users} where not ${users.isPremium}
          and ${users.subscriptionStatus} <> 'active'
          and (${users.subscriptionEndsAt} is null or ${users.subscriptionEndsAt} <= ${now.toISOString()}::timestamptz))`,
      ),
    )
    .returning({ id: items.id });
  return cleared.length;
}

/** Newest Premium items for the homepage's featured slots. */
export function listPriorityItems(db: Executor, excludeUserId: number, now: Date, limit: number) {
  return db
    .select(itemAndOwner)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(
      and(
        eq(items.isPriority, true),
        eq(items.isAvailable, true),
        sql`not ${items.isHidden}`,
        sql`(${items.earlyAccessUntil} is null or ${items.earlyAccessUntil} <= ${now.toISOString()}::timestamptz)`,
        sql`${items.userId} <> ${excludeUserId}`,
      ),
    )
    .orderBy(desc(items.isPriority), desc(items.createdAt), desc(items.id))
    .limit(limit);
}
