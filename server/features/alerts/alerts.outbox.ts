import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DISTANCE } from '../../../common/limits.js';
import { hasPremium } from '../../../common/premium.js';
import { SAVED_SEARCH_EMAIL_INTERVAL_MS } from '../../../common/schemas/alerts.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { Gazetteer } from '../../lib/gazetteer.js';
import type { Mailer } from '../../lib/mail.js';
import {
  alertBody,
  alertTitle,
  composeAlertEmail,
  type AlertEntry,
  type AlertReason,
} from './alerts.messages.js';
import {
  claimSavedSearchEmail,
  findListedItem,
  findMailRecipient,
  findSavedSearchMatches,
  findWantedMatches,
  insertNotification,
  type ListedItem,
  type Watcher,
} from './alerts.repo.js';
import {
  deferOutboxRow,
  insertOutboxRow,
  leaseOutboxRow,
  listDueOutboxRows,
  lockDueOutboxRow,
  markOutboxRowProcessed,
  purgeProcessedOutboxRows,
} from './outbox.repo.js';
import { emailTiming } from '../reach/reach.service.js';
import type { Executor } from '../../db/executor.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alerts for new items: kick() after a commit, run() to process what is due now. */
    outbox: OutboxRunner;
  }
}

/** The kinds of work this processor does; rows of other kinds are left to their own processors. */
export const OUTBOX_KINDS = { itemListed: 'item-listed', alertEmail: 'alert-email' } as const;
/** A row that failed this often is left in the table, unprocessed, and logged as given up. */
export const OUTBOX_MAX_ATTEMPTS = 5;

const BATCH_SIZE = 50;
/** Picks up what no kick covered: rows left by a crash, retries, alerts held for early access. */
const SWEEP_EVERY_MS = 10_000;
/** How long a sender holds an e-mail row, and so the wait before a failed one is tried again. */
const MAIL_LEASE_MS = 60_000;
const RETRY_DELAY_MS = 30_000;
const KEEP_PROCESSED_MS = 7 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const EARTH_RADIUS_KM = DISTANCE.earthRadiusMiles * DISTANCE.kmPerMile;

const itemListedPayloadSchema = z.object({ itemIds: z.array(z.number().int().positive()) });
const alertEmailPayloadSchema = z.object({
  userId: z.number().int().positive(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

/**
 * Records, in the caller's transaction, that these items were just listed; the processor
 * turns that into alerts after the commit. Nothing is recorded for an empty list.
 */
export async function enqueueItemsListed(tx: Executor, itemIds: number[], now: Date): Promise<void> {
  if (itemIds.length === 0) return;
  await insertOutboxRow(tx, { kind: OUTBOX_KINDS.itemListed, payload: { itemIds }, createdAt: now });
}

export type OutboxDeps = {
  db: Database;
  events: EventBus;
  mailer: Mailer;
  clock: Clock;
  gazetteer: Gazetteer;
  /** docs/OPERATIONS.md PUBLIC_URL, for links in e-mails. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export type OutboxRunReport = { processed: number; deferred: number; failed: number };
type RowOutcome = 'processed' | 'deferred' | 'skipped';

/**
 * Processes every outbox row that is due now, including the e-mail rows this run creates,
 * and resolves when they are done. Runs on one database handle never overlap in this
 * process (a call waits for the one in progress); across processes row locks and leases
 * keep each row's work to one runner.
 *
 * Guarantee: at least once. An item-listed row's notifications, live events, e-mail rows and
 * its "processed" mark commit together, and a parent gets at most one alert per item, so
 * in-app alerts are not duplicated. An e-mail is marked sent after the mail server (or the
 * outbox folder) took it: a crash in between sends it again.
 */
export function processOutbox(deps: OutboxDeps): Promise<OutboxRunReport> {
  return oneRunAtATime(deps.db, () => processDueRows(deps));
}

// Keyed by database handle, so the app's kicks and sweeps and any direct call take turns.
const runChains = new WeakMap<object, Promise<unknown>>();

function oneRunAtATime<T>(key: object, task: () => Promise<T>): Promise<T> {
  const previous = runChains.get(key) ?? Promise.resolve();
  const run = previous.then(task);
  runChains.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}

async function processDueRows(deps: OutboxDeps): Promise<OutboxRunReport> {
  const report: OutboxRunReport = { processed: 0, deferred: 0, failed: 0 };
  const tried: number[] = [];
  for (;;) {
    const due = await listDueOutboxRows(deps.db, {
      now: deps.clock.now(),
      kinds: Object.values(OUTBOX_KINDS),
      maxAttempts: OUTBOX_MAX_ATTEMPTS,
      skipIds: tried,
      limit: BATCH_SIZE,
    });
    if (due.length === 0) return report;
    for (const row of due) {
      tried.push(row.id);
      try {
        const outcome =
          row.kind === OUTBOX_KINDS.itemListed
            ? await alertWatchers(deps, row.id)
            : await sendAlertEmail(deps, row.id);
        if (outcome !== 'skipped') report[outcome] += 1;
      } catch (error) {
        report.failed += 1;
        await recordFailure(deps, row, error);
      }
    }
  }
}

async function recordFailure(deps: OutboxDeps, row: { id: number; kind: string }, error: unknown) {
  const retryAt = new Date(deps.clock.now().getTime() + RETRY_DELAY_MS);
  // An e-mail row counted its attempt when it was leased.
  const updated = await deferOutboxRow(deps.db, row.id, retryAt, {
    countAttempt: row.kind !== OUTBOX_KINDS.alertEmail,
  });
  const attempts = updated?.attempts ?? OUTBOX_MAX_ATTEMPTS;
  const context = { err: error, outboxId: row.id, kind: row.kind, attempts };
  if (attempts >= OUTBOX_MAX_ATTEMPTS) deps.log.error(context, 'outbox row failed too often; given up');
  else deps.log.warn(context, 'outbox row failed; will retry');
}

/** A parent to alert about one item, and every alert of theirs it answers. */
type WatcherMatch = {
  watcher: Watcher;
  reason: AlertReason;
  savedSearchIds: number[];
  answersWantedPost: boolean;
};

/**
 * One transaction per row: for each still-visible item, a notification and a live event for
 * every parent whose active Wanted post or (Premium) saved search it matches, and an e-mail
 * row per parent who wants e-mails. During early access only Premium parents hear at once;
 * the row then waits until early access ends and runs again for the others.
 */
async function alertWatchers(deps: OutboxDeps, rowId: number): Promise<RowOutcome> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await lockDueOutboxRow(tx, rowId, now);
    if (!row) return 'skipped';
    const { itemIds } = itemListedPayloadSchema.parse(row.payload);
    const mailByUser = new Map<number, AlertEntry[]>();
    const emailedSearchIds = new Set<number>();
    let heldUntil: Date | undefined;

    for (const itemId of itemIds) {
      const item = await findListedItem(tx, itemId);
      if (!item) continue;
      const earlyAccessUntil =
        item.earlyAccessUntil && item.earlyAccessUntil > now ? item.earlyAccessUntil : undefined;
      for (const match of await findWatchers(tx, deps.gazetteer, item, now)) {
        // PRODUCT §1: Premium members see new items before everyone else, alerts included.
        if (earlyAccessUntil && !hasPremium(match.watcher, now)) {
          heldUntil = heldUntil && heldUntil > earlyAccessUntil ? heldUntil : earlyAccessUntil;
          continue;
        }
        const entry: AlertEntry = { item, reason: match.reason };
        const title = alertTitle(entry);
        const notification = await insertNotification(tx, {
          userId: match.watcher.id,
          kind: match.reason.kind,
          title,
          body: alertBody(entry),
          itemId: item.id,
          createdAt: now,
        });
        await deps.events.publish(tx, match.watcher.id, {
          type: 'notification',
          notificationId: notification.id,
          title,
          itemId: item.id,
        });
        if (match.watcher.emailNotifications && (await takeEmailTurn(tx, match, now, emailedSearchIds))) {
          mailByUser.set(match.watcher.id, [...(mailByUser.get(match.watcher.id) ?? []), entry]);
        }
      }
    }

    for (const [userId, entries] of mailByUser) {
      await insertOutboxRow(tx, {
        kind: OUTBOX_KINDS.alertEmail,
        payload: { userId, ...composeAlertEmail(entries, deps.publicUrl) },
        createdAt: now,
      });
    }
    if (heldUntil) {
      await deferOutboxRow(tx, rowId, heldUntil, { countAttempt: false });
      return 'deferred';
    }
    await markOutboxRowProcessed(tx, rowId, now);
    return 'processed';
  });
}

/**
 * The parents an item answers, one entry each: saved searches first (only while their owner
 * has Premium, and within their distance), then Wanted posts.
 */
async function findWatchers(
  tx: Executor,
  gazetteer: Gazetteer,
  item: ListedItem,
  now: Date,
): Promise<WatcherMatch[]> {
  const byWatcher = new Map<number, WatcherMatch>();
  for (const { search, watcher } of await findSavedSearchMatches(tx, item.id)) {
    if (!hasPremium(watcher, now) || !isWithinDistance(gazetteer, watcher, search.maxDistance, item))
      continue;
    const known = byWatcher.get(watcher.id);
    if (known) known.savedSearchIds.push(search.id);
    else
      byWatcher.set(watcher.id, {
        watcher,
        reason: { kind: 'saved-search-match', searchName: search.name },
        savedSearchIds: [search.id],
        answersWantedPost: false,
      });
  }
  for (const { post, watcher } of await findWantedMatches(tx, item.id)) {
    const known = byWatcher.get(watcher.id);
    if (known) known.answersWantedPost = true;
    else
      byWatcher.set(watcher.id, {
        watcher,
        reason: { kind: 'wanted-match', postTitle: post.title },
        savedSearchIds: [],
        answersWantedPost: true,
      });
  }
  return [...byWatcher.values()];
}

/**
 * Whether this alert may go out by e-mail: always for a Wanted post; for saved searches
 * only through one whose hour is over (PRODUCT §9), and taking that turn sets its lastNotified
 * in this same transaction. Items of one run share the turn their search took.
 */
async function takeEmailTurn(
  tx: Executor,
  match: WatcherMatch,
  now: Date,
  emailedSearchIds: Set<number>,
): Promise<boolean> {
  let mayEmail = match.answersWantedPost;
  for (const searchId of match.savedSearchIds) {
    if (
      emailedSearchIds.has(searchId) ||
      (await claimSavedSearchEmail(tx, searchId, now, SAVED_SEARCH_EMAIL_INTERVAL_MS))
    ) {
      emailedSearchIds.add(searchId);
      mayEmail = true;
    }
  }
  return mayEmail;
}

/**
 * maxDistance is measured from the owner's profile town, to the item's grid position (the one
 * searches use). Items without a position are kept (PRODUCT §5); a search whose owner no longer
 * has a town to measure from matches nothing rather than everything.
 */
function isWithinDistance(
  gazetteer: Gazetteer,
  watcher: Watcher,
  maxDistanceKm: number | null,
  item: ListedItem,
): boolean {
  if (maxDistanceKm === null || !item.hasPosition) return true;
  const home = gazetteer.locate(watcher);
  if (!home) return false;
  return (
    greatCircleKm(home.latitude, home.longitude, Number(item.gridLatitude), Number(item.gridLongitude)) <=
    maxDistanceKm
  );
}

/** PRODUCT §9: the great-circle formula with an Earth radius of 3959 miles, in kilometres. */
export function greatCircleKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const a =
    Math.sin(toRadians(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(toRadians(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
}

/**
 * Sends one alert e-mail. The row is leased first (the attempt counted), so another runner
 * leaves it alone, and a crash before it is marked sent means it goes again after the lease.
 */
async function sendAlertEmail(deps: OutboxDeps, rowId: number): Promise<RowOutcome> {
  const now = deps.clock.now();
  const row = await leaseOutboxRow(deps.db, rowId, {
    now,
    leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS),
    maxAttempts: OUTBOX_MAX_ATTEMPTS,
  });
  if (!row) return 'skipped';
  const mail = alertEmailPayloadSchema.parse(row.payload);
  const recipient = await findMailRecipient(deps.db, mail.userId);
  const timing = recipient ? await emailTiming(deps.db, mail.userId, 'match', now) : 'off';
  if (timing instanceof Date) {
    // Quiet hours or the digest hour: the row waits, and its lease's attempt does not count.
    await deferOutboxRow(deps.db, rowId, timing, { countAttempt: false, undoAttempt: true });
    return 'deferred';
  }
  // The parent may have turned e-mails off, or left, since the match.
  if (recipient?.emailNotifications && timing === 'now') {
    await deps.mailer.send({ to: recipient.email, subject: mail.subject, text: mail.text, html: mail.html });
  }
  await markOutboxRowProcessed(deps.db, rowId, deps.clock.now());
  return 'processed';
}

export type OutboxRunner = {
  /** Starts a run soon, without waiting for it; kicks while one is queued add nothing. */
  kick(): void;
  /** Processes what is due now (after any run in progress) and reports what it did. */
  run(): Promise<OutboxRunReport>;
  /** Stops the sweep and waits for the run in progress. */
  close(): Promise<void>;
};

/**
 * Decorates app.outbox: a run at start-up (rows left from before), after each kick, and every
 * 10 s for what is due later (held alerts, retries). Processed rows are purged after a week.
 */
export function startOutboxProcessor(app: FastifyInstance, deps: OutboxDeps): OutboxRunner {
  let closed = false;
  let queued = false;
  let lastPurgeAt = 0;

  const purgeIfDue = async () => {
    const now = deps.clock.now();
    if (now.getTime() - lastPurgeAt < PURGE_EVERY_MS) return;
    lastPurgeAt = now.getTime();
    await purgeProcessedOutboxRows(deps.db, new Date(now.getTime() - KEEP_PROCESSED_MS));
  };

  const runner: OutboxRunner = {
    kick() {
      if (closed || queued) return;
      queued = true;
      oneRunAtATime(deps.db, async () => {
        queued = false;
        if (closed) return;
        const report = await processDueRows(deps);
        if (report.failed > 0) deps.log.warn(report, 'outbox run had failures');
        await purgeIfDue();
      }).catch((error: unknown) => deps.log.error({ err: error }, 'outbox run failed'));
    },
    run: () => processOutbox(deps),
    async close() {
      closed = true;
      clearInterval(timer);
      await runChains.get(deps.db);
    },
  };

  const timer = setInterval(() => runner.kick(), SWEEP_EVERY_MS);
  timer.unref();
  app.decorate('outbox', runner);
  app.addHook('onReady', async () => runner.kick());
  app.addHook('onClose', async () => runner.close());
  return runner;
}
