import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ItemWithOwner } from './items.repo.js';

/** One browse page as every viewer of an audience would get it (items.service discoverItems). */
export type BrowsePage = {
  items: ItemWithOwner[];
  distances: Map<number, number>;
  nextCursor?: string;
  totalCount?: number;
  /** totalCount is a lower bound (a bounded walk found that many and stopped). */
  totalAtLeast?: boolean;
};

/**
 * Browse pages shared for up to half a minute between parents who ask the same thing (decision 007,
 * docs/PERFORMANCE.md). Many families send the same few requests (the newest items, a town's
 * toys, "lego"): answering them from memory keeps the database for the rest. Every change to
 * what browse shows (a listing created, edited, hidden, deleted, a priority change) empties it
 * on this instance at once and on the others through PostgreSQL NOTIFY; counters (views,
 * favourites, messages) may lag by at most twice the time to live.
 */
export type BrowseCache = {
  /**
   * The page for this key: kept, already being worked out for another parent (one query
   * serves them all), or worked out now by `compute`.
   */
  page(key: string, compute: () => Promise<BrowsePage>): Promise<BrowsePage>;
  /** Forgets every page here and tells the other app instances to do the same; never throws. */
  changed(): Promise<void>;
  /** How many pages are held now. */
  size(): number;
  /** Whether pages are shared at all (false when the time to live is 0: every page is read). */
  readonly shares: boolean;
  close(): Promise<void>;
};

export const LISTINGS_CHANNEL = 'littleloop_listings';

type Options = {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  clock: Clock;
  /** How long a page is fresh; it may be served for as long again while it is refreshed. 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

export async function createBrowseCache(options: Options): Promise<BrowseCache> {
  const { database, clock, ttlMs, maxEntries, log } = options;
  // A page is fresh for ttlMs; for as long again it is still served, while one refresh runs in
  // the background, so a popular page never makes its askers wait as it expires. Listing
  // changes do not wait for either: they clear everything at once.
  const pages = new Map<string, { page: BrowsePage; freshUntil: number; servedUntil: number }>();
  const pending = new Map<string, Promise<BrowsePage>>();
  let version = 0;
  const forgetAll = () => {
    version += 1;
    pages.clear();
    pending.clear();
  };
  // A change announced while the connection that hears them was down is unknown: forget all.
  const stopListening = await database.listen(LISTINGS_CHANNEL, forgetAll, forgetAll);

  const keep = (key: string, page: BrowsePage) => {
    // A Map iterates in insertion order and every page lives as long, so the first pages are
    // the oldest: drop those no one may be served any more (left alone, a soak piled up thousands of
    // them, 85 MB, held until the cap pushed them out), then the oldest while over the cap.
    const now = clock.now().getTime();
    pages.delete(key);
    for (const [oldKey, kept] of pages) {
      if (kept.servedUntil > now && pages.size < maxEntries) break;
      pages.delete(oldKey);
    }
    pages.set(key, { page, freshUntil: now + ttlMs, servedUntil: now + 2 * ttlMs });
  };

  /** Works the page out once, however many ask meanwhile. */
  const refresh = (key: string, compute: () => Promise<BrowsePage>): Promise<BrowsePage> => {
    const inFlight = pending.get(key);
    if (inFlight) return inFlight;
    const startedAt = version;
    const computing = compute()
      .then((page) => {
        // A page read while a listing changed may already be out of date: not worth keeping.
        if (startedAt === version) keep(key, page);
        return page;
      })
      .finally(() => {
        if (pending.get(key) === computing) pending.delete(key);
      });
    pending.set(key, computing);
    return computing;
  };

  return {
    page(key, compute) {
      if (ttlMs <= 0) return compute();
      const now = clock.now().getTime();
      const kept = pages.get(key);
      if (kept && now < kept.freshUntil) return Promise.resolve(kept.page);
      if (kept && now < kept.servedUntil) {
        // Whoever asks next gets the refreshed page; a failed refresh is tried again then.
        refresh(key, compute).catch((error: unknown) =>
          log.warn({ err: error }, 'browse page refresh failed'),
        );
        return Promise.resolve(kept.page);
      }
      if (kept) pages.delete(key);
      return refresh(key, compute);
    },
    async changed() {
      forgetAll();
      // The listing change is already committed: a failed notice must not turn it into an
      // error for the parent. Other instances then catch up when their pages expire.
      await database.db
        .execute(sql`select pg_notify(${LISTINGS_CHANNEL}, 'changed')`)
        .catch((error: unknown) =>
          log.warn({ err: error }, 'could not tell other instances of a listing change'),
        );
    },
    size: () => pages.size,
    shares: ttlMs > 0,
    async close() {
      forgetAll();
      await stopListening();
    },
  };
}
