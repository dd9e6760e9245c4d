import type { ItemStatus } from '../../../common/enums.js';
import { PREMIUM_REQUIRED } from '../../../common/api-error.js';
import { FEATURED_SLOTS } from '../../../common/limits.js';
import { hasPremium, type PremiumFields } from '../../../common/premium.js';
import {
  maxPhotos,
  PHOTO_REQUIRED,
  PRICE_ONLY_FOR_SALE,
  TOO_MANY_IMAGES,
  type BulkListingInput,
  type CreateItemInput,
  listItemsQuerySchema,
  type ListItemsQuery,
  type UpdateItemInput,
} from '../../../common/schemas/items.js';
import type { Database } from '../../db/client.js';
import { grantReferralRewardIfDue, mayEarnReferralWeek } from '../account/referral.service.js';
import { isBlockedBetween } from '../blocks/blocks.service.js';
import { EARLY_ACCESS_ONLY } from '../../../common/items.js';
import type { ItemRow, UserRow } from '../../db/schema.js';
import type { OwnerRow } from './items.columns.js';
import type { Clock } from '../../lib/clock.js';
import type { Gazetteer } from '../../lib/gazetteer.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { enqueueItemsListed } from '../alerts/alerts.outbox.js';
import { moderationWarning, reviewListing, type ModerationVerdict } from '../moderation/moderation.js';
import { assertUsableImageUrls } from '../uploads/uploads.service.js';
import type { BrowseCache, BrowsePage } from './browse-cache.js';
import type { ReadWithSession } from '../../plugins/session.js';
import {
  firstPageWithSession,
  isRankedFirstPage,
  plainFirstPageKind,
  rankedFirstPageWithSession,
  searchItemIds,
  type FirstPageRead,
} from './items.search.js';
import {
  deleteItemRow,
  findItemsWithOwners,
  findItemWithOwner,
  itemWithSession,
  insertItems,
  listPriorityItems,
  listItemsOfUser,
  noteListingEarlyAccess,
  pageFromSessionRows,
  updateItemRow,
  type ItemWithOwner,
  type NewItem,
  type PageWithSessionRow,
} from './items.repo.js';
import { positionOf } from './items.present.js';

/**
 * Items' own queries that other features run: a member's Premium status moves the priority of
 * all their listings (admin toggle, billing, referral week); the export lists their items.
 */
export { listItemsOfUser, setOwnerPriority } from './items.repo.js';

export type ItemsContext = {
  db: Database;
  clock: Clock;
  gazetteer: Gazetteer;
  earlyAccessMs: number;
  /** Called after new items are committed, to start their alerts now rather than on the next sweep. */
  onItemsListed?: () => void;
  /** The shared browse pages, told after every change to what browse shows. */
  listings: BrowseCache;
};

export const NO_POSITION_WARNING =
  'This item has no location yet, so it will not appear in distance searches or on the map. Edit it and set a location so nearby families can find it.';

/** PRODUCT §4: Sold, Swapped and Free take an item off the market; Mark Available puts it back. */
const UNAVAILABLE_STATUSES: ReadonlySet<ItemStatus> = new Set(['sold', 'swapped', 'free', 'completed']);

function isOwnerOrAdmin(actor: UserRow, item: ItemRow): boolean {
  return actor.isAdmin || actor.id === item.userId;
}

/**
 * Whether a viewer may see an item at all: hidden items (a severe moderation rule, or an
 * administrator's decision) only reach their owner and administrators; a listing flagged only
 * for review stays visible. During early access only Premium members see someone else's new item.
 */
/**
 * Whether a block either way keeps this owner's listings from the viewer (as browse does).
 * Administrators see everything; the block count on the viewer's row spares the query for
 * the parents in no block.
 */
async function isBlockedFrom(db: Database, viewer: UserRow, ownerId: number): Promise<boolean> {
  if (viewer.isAdmin || viewer.id === ownerId || viewer.blockCount === 0) return false;
  return isBlockedBetween(db, viewer.id, ownerId);
}

export function canView(viewer: UserRow, item: ItemRow, now: Date): boolean {
  if (isOwnerOrAdmin(viewer, item)) return true;
  if (item.isHidden) return false;
  if (item.earlyAccessUntil && item.earlyAccessUntil > now && !hasPremium(viewer, now)) return false;
  return true;
}

function assertPhotoCount(
  actor: PremiumFields,
  imageUrls: string[],
  now: Date,
  { required }: { required: boolean },
) {
  if (required && imageUrls.length === 0) {
    throw badRequest(PHOTO_REQUIRED, [{ path: 'imageUrls', message: PHOTO_REQUIRED }]);
  }
  const premium = hasPremium(actor, now);
  const limit = maxPhotos(premium);
  if (imageUrls.length > limit) {
    const hint = premium
      ? `You can add up to ${limit} photos per item.`
      : `Free accounts can add up to ${limit} photos per item. Upgrade to Premium for up to 10.`;
    throw badRequest(TOO_MANY_IMAGES, [{ path: 'imageUrls', message: hint }]);
  }
}

/** PRODUCT §5: a price only when selling (and optional then), and selling only for Premium members. */
function assertPriceRules(
  actor: PremiumFields,
  exchangeType: string,
  price: string | null,
  now: Date,
  { checkPremium }: { checkPremium: boolean },
) {
  if (exchangeType !== 'sell') {
    if (price !== null)
      throw badRequest(PRICE_ONLY_FOR_SALE, [{ path: 'price', message: PRICE_ONLY_FOR_SALE }]);
    return;
  }
  if (checkPremium && !hasPremium(actor, now)) throw forbidden(PREMIUM_REQUIRED);
}

const HALF_A_POSITION = 'Latitude and longitude go together: send both, or neither';

/** A map point is both coordinates or none; half of one is refused rather than dropped. */
function positionValues(input: { latitude?: number | null; longitude?: number | null }) {
  const hasBoth = input.latitude != null && input.longitude != null;
  if (!hasBoth && (input.latitude != null || input.longitude != null)) {
    const path = input.latitude == null ? 'latitude' : 'longitude';
    throw badRequest(HALF_A_POSITION, [{ path, message: HALF_A_POSITION }]);
  }
  return {
    latitude: hasBoth ? String(input.latitude) : null,
    longitude: hasBoth ? String(input.longitude) : null,
  };
}

/**
 * An item with no point set on the map is placed at the centre of its town or ZIP code (the
 * item's, else the owner's profile address), so it still shows in distance searches.
 */
function positionFromAddress(
  ctx: ItemsContext,
  owner: UserRow,
  address: { city?: string | null; zipCode?: string | null },
): { latitude: string; longitude: string; city: string | null; zipCode: string | null } | undefined {
  const fromItem = address.city || address.zipCode;
  const place = ctx.gazetteer.locate({
    city: fromItem ? address.city : owner.city,
    zipCode: fromItem ? address.zipCode : owner.zipCode,
    state: owner.state,
    country: owner.country,
  });
  if (!place) return undefined;
  return {
    latitude: place.latitude.toFixed(8),
    longitude: place.longitude.toFixed(8),
    city: (fromItem ? address.city : owner.city) ?? place.city,
    zipCode: (fromItem ? address.zipCode : owner.zipCode) ?? place.zipCode,
  };
}

/** The moderation rules' verdict as item columns: flagged ones wait for an administrator. */
function moderationColumns(verdict: ModerationVerdict): Partial<NewItem> {
  if (!verdict.flagged) return {};
  return {
    flaggedForReview: true,
    flagReason: verdict.reason,
    moderatorReviewed: false,
    isHidden: verdict.hide,
  };
}

/** What the owner is told after saving: the moderation rules' word first, then the position. */
function warningFor(item: ItemRow, verdict?: ModerationVerdict): string | undefined {
  const parts = [
    verdict ? moderationWarning(verdict) : undefined,
    positionOf(item) ? undefined : NO_POSITION_WARNING,
  ];
  const said = parts.filter(Boolean);
  return said.length > 0 ? said.join(' ') : undefined;
}

/**
 * Lists an item for the actor. Throws 400 for photo and price rules, 403 'Premium
 * subscription required' when a free account tries to sell. Returns a warning when the item
 * was saved but has something worth fixing (no position).
 */
export async function createItem(
  ctx: ItemsContext,
  actor: UserRow,
  input: CreateItemInput,
): Promise<ItemWithOwner & { warning?: string }> {
  const now = ctx.clock.now();
  assertPriceRules(actor, input.exchangeType, input.price, now, { checkPremium: true });
  assertPhotoCount(actor, input.imageUrls, now, { required: true });
  await assertUsableImageUrls(ctx.db, actor.id, input.imageUrls);

  const verdict = reviewListing(input);
  const pinned = positionValues(input);
  const position = pinned.latitude
    ? { ...pinned, city: input.city, zipCode: input.zipCode }
    : positionFromAddress(ctx, actor, input);
  // The outbox row commits with the item (ARCHITECTURE: notifications through an outbox), so
  // a stop right after listing still alerts the parents waiting for such an item.
  const item = await ctx.db.transaction(async (tx) => {
    const [inserted] = await insertItems(tx, [
      {
        title: input.title,
        description: input.description,
        category: input.category,
        condition: input.condition,
        ageRange: input.ageRange,
        brand: input.brand,
        size: input.size,
        exchangeType: input.exchangeType,
        price: input.price,
        imageUrls: input.imageUrls,
        userId: actor.id,
        city: input.city,
        zipCode: input.zipCode,
        ...position,
        earlyAccessUntil: new Date(now.getTime() + ctx.earlyAccessMs),
        isPriority: hasPremium(actor, now),
        ...moderationColumns(verdict),
        createdAt: now,
        updatedAt: now,
      },
    ]);
    if (!inserted) throw new Error('insert into items returned no row');
    await enqueueItemsListed(tx, [inserted.id], now);
    await noteListingEarlyAccess(tx, actor.id, inserted.earlyAccessUntil);
    return inserted;
  });
  ctx.onItemsListed?.();
  // A first listing may make a referred parent's referral week due (the row in hand says whether
  // one can be, so most listings cost no query for it).
  if (mayEarnReferralWeek(actor)) await grantReferralRewardIfDue(ctx.db, actor.id, now);
  await ctx.listings.changed();
  return { item, owner: actor, promised: false, warning: warningFor(item, verdict) };
}

export { itemWithSession };

/** The item page's item as read with the session: null when there is no such item, undefined when not read. */
export function itemFromSessionRead(
  read: { item: ItemRow | null; owner: OwnerRow | null; promised: boolean | null } | undefined,
): ItemWithOwner | null | undefined {
  if (read === undefined) return undefined;
  const { item, owner, promised } = read;
  return item && owner ? { item, owner, promised: promised === true } : null;
}

/**
 * Reads one item for a viewer; 404 when it does not exist or the viewer may not see it. With
 * `explainEarlyAccess` (the item page), a visible item still in early access answers a free
 * account 403 with Retry-After (seconds until everyone sees it), so a shared link can say when
 * to come back instead of 'Item not found'.
 */
export async function getItem(
  ctx: Pick<ItemsContext, 'db' | 'clock'>,
  viewer: UserRow,
  id: number,
  {
    explainEarlyAccess = false,
    readWithSession,
  }: {
    explainEarlyAccess?: boolean;
    /** The item as read with the session (null: no such item), if it was (items.repo.ts). */
    readWithSession?: ItemWithOwner | null;
  } = {},
): Promise<ItemWithOwner> {
  const found =
    readWithSession !== undefined ? (readWithSession ?? undefined) : await findItemWithOwner(ctx.db, id);
  const now = ctx.clock.now();
  if (!found) throw notFound('Item');
  if (await isBlockedFrom(ctx.db, viewer, found.item.userId)) throw notFound('Item');
  if (!canView(viewer, found.item, now)) {
    const { isHidden, earlyAccessUntil } = found.item;
    const inEarlyAccess = !isHidden && earlyAccessUntil !== null && earlyAccessUntil > now;
    if (!explainEarlyAccess || !inEarlyAccess) throw notFound('Item');
    const seconds = Math.max(1, Math.ceil((earlyAccessUntil.getTime() - now.getTime()) / 1000));
    throw new AppError(403, EARLY_ACCESS_ONLY, undefined, { 'retry-after': String(seconds) });
  }
  return found;
}

/**
 * Changes an item: a status change (PRODUCT §4 transitions) or any part of the form. Only the
 * owner or an administrator; anyone else gets 403 and the item stays as it was. Photo and
 * price rules apply to the item as it would be after the change.
 */
export async function updateItem(
  ctx: ItemsContext,
  actor: UserRow,
  id: number,
  input: UpdateItemInput,
): Promise<ItemWithOwner & { warning?: string }> {
  const now = ctx.clock.now();
  const found = await findItemWithOwner(ctx.db, id);
  if (!found) throw notFound('Item');
  const { item, owner, promised } = found;
  if (!isOwnerOrAdmin(actor, item)) throw forbidden('Only the owner can change this item');

  const changes: Partial<NewItem> = {};
  for (const key of [
    'title',
    'description',
    'category',
    'condition',
    'ageRange',
    'brand',
    'size',
    'city',
    'zipCode',
  ] as const) {
    if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
  }

  const exchangeType = input.exchangeType ?? item.exchangeType;
  const priceGiven = input.price !== undefined;
  const price = priceGiven ? input.price : exchangeType === 'sell' ? item.price : null;
  if (priceGiven && input.price !== null && exchangeType !== 'sell') {
    throw badRequest(PRICE_ONLY_FOR_SALE, [{ path: 'price', message: PRICE_ONLY_FOR_SALE }]);
  }
  // Premium is checked when something about selling changes, so a parent whose Premium
  // ended can still mark their old sale Sold or edit its description.
  const sellingChanged =
    (input.exchangeType === 'sell' && item.exchangeType !== 'sell') ||
    (exchangeType === 'sell' && priceGiven && price !== item.price);
  // The owner's premium decides photo and selling limits, also when an administrator edits.
  const subject = actor.id === owner.id ? actor : owner;
  assertPriceRules(subject, exchangeType, price ?? null, now, { checkPremium: sellingChanged });
  if (input.exchangeType !== undefined) changes.exchangeType = input.exchangeType;
  if (input.exchangeType !== undefined || priceGiven) changes.price = price ?? null;

  if (input.imageUrls !== undefined) {
    assertPhotoCount(subject, input.imageUrls, now, { required: true });
    await assertUsableImageUrls(ctx.db, owner.id, input.imageUrls, item.imageUrls);
    changes.imageUrls = input.imageUrls;
  }
  if (input.latitude !== undefined || input.longitude !== undefined) {
    // A PATCH that names one coordinate must name the other: a lone one would clear the point.
    if (input.latitude === undefined || input.longitude === undefined) {
      const path = input.latitude === undefined ? 'latitude' : 'longitude';
      throw badRequest(HALF_A_POSITION, [{ path, message: HALF_A_POSITION }]);
    }
    Object.assign(changes, positionValues({ latitude: input.latitude, longitude: input.longitude }));
  }

  if (input.status !== undefined) {
    changes.status = input.status;
    changes.isAvailable = !UNAVAILABLE_STATUSES.has(input.status);
  } else if (input.isAvailable !== undefined) {
    changes.isAvailable = input.isAvailable;
    if (input.isAvailable) changes.status = 'available';
  }

  // The moderation rules read the listing again whenever its words or photos change. An
  // administrator's approval was for the listing as it was: a changed one goes back to the queue
  // when the rules flag it (a 'cap gun costume' edited into a handgun), and no edit takes a
  // listing out of the queue or out of hiding by itself.
  let verdict: ModerationVerdict | undefined;
  const textChanged = (['title', 'description', 'brand', 'size', 'ageRange'] as const).some(
    (key) => changes[key] !== undefined && changes[key] !== item[key],
  );
  const photosChanged =
    changes.imageUrls !== undefined && changes.imageUrls.join('\n') !== item.imageUrls.join('\n');
  if (textChanged || photosChanged) {
    verdict = reviewListing({
      title: changes.title ?? item.title,
      description: changes.description ?? item.description,
      brand: changes.brand !== undefined ? changes.brand : item.brand,
      size: changes.size !== undefined ? changes.size : item.size,
      ageRange: changes.ageRange !== undefined ? changes.ageRange : item.ageRange,
    });
    if (verdict.flagged) {
      Object.assign(changes, moderationColumns(verdict), { isHidden: verdict.hide || item.isHidden });
    } else {
      verdict = undefined;
    }
  }

  const updated = await updateItemRow(ctx.db, id, changes, now);
  if (!updated) throw notFound('Item');
  await ctx.listings.changed();
  return { item: updated, owner, promised, warning: warningFor(updated, verdict) };
}

/** Deletes an item; only its owner or an administrator (403 for anyone else). */
export async function deleteItem(ctx: ItemsContext, actor: UserRow, id: number): Promise<void> {
  const found = await findItemWithOwner(ctx.db, id);
  if (!found) throw notFound('Item');
  if (!isOwnerOrAdmin(actor, found.item)) throw forbidden('Only the owner can delete this item');
  await deleteItemRow(ctx.db, id);
  await ctx.listings.changed();
}

/** A parent's items as the viewer may see them: all for the owner and administrators. */
export async function listUserItems(ctx: ItemsContext, viewer: UserRow, owner: UserRow): Promise<ItemRow[]> {
  if (await isBlockedFrom(ctx.db, viewer, owner.id)) return [];
  const includeHidden = viewer.isAdmin || viewer.id === owner.id;
  const rows = await listItemsOfUser(ctx.db, owner.id, includeHidden);
  const now = ctx.clock.now();
  return rows.filter((row) => canView(viewer, row, now));
}

/**
 * Premium bulk listing (PRODUCT §2, §5): every item of the payload is created in one
 * transaction, all or none. Items carry the shared photos when given, else none (the owner
 * adds photos later through Edit), and sit at the owner's profile town when it is known.
 */
export async function createBulkListing(
  ctx: ItemsContext,
  actor: UserRow,
  input: BulkListingInput,
): Promise<{ items: ItemRow[]; warning?: string }> {
  const now = ctx.clock.now();
  if (!hasPremium(actor, now)) throw forbidden(PREMIUM_REQUIRED);
  assertPriceRules(actor, input.exchangeType, input.price, now, { checkPremium: true });
  assertPhotoCount(actor, input.imageUrls, now, { required: false });
  await assertUsableImageUrls(ctx.db, actor.id, input.imageUrls);

  const position = positionFromAddress(ctx, actor, {});
  const verdicts: ModerationVerdict[] = [];
  const values: NewItem[] = input.items.map((entry) => {
    const title = `${input.baseTitle} – ${entry.title}`.slice(0, 255);
    const description = entry.specificDescription
      ? `${entry.specificDescription}\n\n${input.description}`
      : input.description;
    const verdict = reviewListing({ title, description });
    verdicts.push(verdict);
    return {
      title,
      description,
      ...moderationColumns(verdict),
      category: input.category,
      condition: input.condition,
      exchangeType: input.exchangeType,
      price: input.price,
      imageUrls: input.imageUrls,
      userId: actor.id,
      ...position,
      earlyAccessUntil: new Date(now.getTime() + ctx.earlyAccessMs),
      isPriority: true,
      createdAt: now,
      updatedAt: now,
    };
  });
  const created = await ctx.db.transaction(async (tx) => {
    const inserted = await insertItems(tx, values);
    await enqueueItemsListed(
      tx,
      inserted.map((item) => item.id),
      now,
    );
    await noteListingEarlyAccess(tx, actor.id, values[0]?.earlyAccessUntil ?? null);
    return inserted;
  });
  ctx.onItemsListed?.();
  await ctx.listings.changed();
  const flagged = verdicts.filter((verdict) => verdict.flagged);
  const hidden = flagged.filter((verdict) => verdict.flagged && verdict.hide).length;
  const warnings = [
    flagged.length > 0
      ? `${flagged.length} of these listings wait for an administrator's review${hidden > 0 ? `, ${hidden} seen only by you until then` : ''}: ${flagged.map((verdict) => (verdict.flagged ? verdict.reason : '')).join('; ')}.`
      : undefined,
    position ? undefined : NO_POSITION_WARNING,
  ].filter(Boolean);
  return { items: created, warning: warnings.length > 0 ? warnings.join(' ') : undefined };
}

/**
 * Browse and search (PRODUCT §2, §9): filters, text, distance and keyset pages, as the viewer may
 * see them. brand and size are Premium filters: 403 'Premium subscription required' otherwise.
 */
export async function discoverItems(
  ctx: ItemsContext,
  viewer: UserRow,
  query: ListItemsQuery,
  /** The page already read with the session (firstPageReadWithSession), if it was. */
  firstPageRead?: FirstPageRead,
): Promise<BrowsePage> {
  const now = ctx.clock.now();
  const premium = hasPremium(viewer, now);
  if ((query.brand || query.size) && !premium) throw forbidden(PREMIUM_REQUIRED);

  // A parent in a block, or a free parent whose own new listing is still in early access, sees
  // a page of their own; everyone else of the same audience shares one (browse-cache.ts).
  const seesOwnPage =
    viewer.blockCount > 0 ||
    (!premium && viewer.listingEarlyAccessUntil !== null && viewer.listingEarlyAccessUntil > now);
  const compute = async (): Promise<BrowsePage> => {
    const found = await searchItemIds(
      ctx.db,
      { ...query, viewerId: viewer.id, includeEarlyAccess: premium, now },
      { firstPageRead },
    );
    const { withOwners, ...page } = found;
    return { ...page, items: withOwners ?? (await findItemsWithOwners(ctx.db, found.ids)) };
  };
  if (seesOwnPage) return compute();
  return ctx.listings.page(`${premium ? 'premium' : 'free'} ${JSON.stringify(query)}`, compute);
}

/**
 * GET /api/items's first page read in the session's own statement, so it costs one round trip
 * instead of two (decision 021): the plain first page (the newest items, or Premium first then
 * newest, with no filter: what most parents open), or a text search's first tier (what a search
 * from browse opens). Only when browse pages are not shared: a shared page is answered from
 * memory, and a page read before the route asks the cache could be kept there after a listing
 * changed.
 */
export function firstPageReadWithSession(
  ctx: Pick<ItemsContext, 'clock' | 'listings'>,
): ReadWithSession<PageWithSessionRow> {
  return {
    forRequest(request, db) {
      if (ctx.listings.shares) return undefined;
      const query = listItemsQuerySchema.safeParse(request.query);
      if (!query.success) return undefined;
      const now = ctx.clock.now().toISOString();
      if (isRankedFirstPage(query.data)) return (sid) => rankedFirstPageWithSession(db, query.data, now, sid);
      const kind = plainFirstPageKind(query.data);
      if (!kind) return undefined;
      const statement = firstPageWithSession(db, kind, query.data.limit);
      return (sid) => statement.execute({ sid, now });
    },
  };
}

/** The rows read by firstPageReadWithSession as the page searchItemIds takes; undefined when not read. */
export function firstPageFromSessionRead(
  query: ListItemsQuery,
  rows: PageWithSessionRow[] | undefined,
): FirstPageRead | undefined {
  const kind = isRankedFirstPage(query) ? 'ranked' : plainFirstPageKind(query);
  if (!rows || !kind) return undefined;
  return { kind, limit: query.limit, page: pageFromSessionRows(rows) };
}

/** The newest Premium items the featured slots rotate through. */
const FEATURED_POOL = 20;

/**
 * The homepage's featured slots: up to 5 Premium members' items, rotating each hour through
 * the newest 20 so every Premium member gets a turn. Fewer than 3 means no featured strip.
 */
export async function featuredItems(ctx: ItemsContext, viewer: UserRow): Promise<ItemWithOwner[]> {
  const now = ctx.clock.now();
  const pool = await listPriorityItems(ctx.db, viewer.id, now, FEATURED_POOL);
  const hour = Math.floor(now.getTime() / 3_600_000);
  const rotated = [...pool].sort((a, b) => rotationRank(a.item.id, hour) - rotationRank(b.item.id, hour));
  const picked = rotated.slice(0, FEATURED_SLOTS.max);
  return picked.length >= FEATURED_SLOTS.min ? picked : [];
}

/** A stable pseudo-random rank for an item in a given hour (Knuth's multiplicative hash). */
function rotationRank(id: number, hour: number): number {
  return Math.imul(id ^ hour, 2654435761) >>> 0;
}
