import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_QUIET_HOURS,
  EMAIL_GROUP_COOLDOWN_MINUTES,
  MESSAGE_EMAIL_AFTER_MINUTES,
  MESSAGE_PUSH_AFTER_MINUTES,
  PICKUP_REMINDER_HOURS,
  reachKinds,
  resubscribedMessage,
  UNSUBSCRIBE_LINK_INVALID,
  unsubscribedMessage,
  type NotificationSettings,
  type PushSubscriptionInput,
  type ReachKind,
  type UnsubscribeResult,
  type UpdateNotificationSettingsInput,
} from '../../../common/schemas/reach.js';
import type { Database } from '../../db/client.js';
import { updateUser } from '../users/users.service.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { digestTime, heldUntil } from './quiet-hours.js';
import { sendPush, type VapidKeys } from './push.js';
import {
  composeDigestEmail,
  composeGroupEmail,
  readUnsubscribeToken,
  unsubscribeToken,
  type News,
  type UnsubscribeScope,
} from './reach.messages.js';
import {
  countPushDevices,
  countUnreadIn,
  deletePushSubscription,
  findRecipient,
  findSettings,
  forgetPushSubscription,
  holdDeliveries,
  insertDelivery,
  lastEmailedAt,
  leaseDueDeliveries,
  listDueRecipients,
  listPickupsToRemind,
  listPushSubscriptions,
  markDelivered,
  markPushed,
  purgeSentDeliveries,
  rememberTimeZone,
  saveSettings,
  savePushSubscription,
  type DeliveryRow,
  type SettingsRow,
} from './reach.repo.js';
import type { Executor } from '../../db/executor.js';

export type ReachContext = {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  vapid: VapidKeys;
  /** Signs unsubscribe links. */
  secret: string;
  /** docs/OPERATIONS.md PUBLIC_URL, for links in e-mails. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

const MINUTE_MS = 60_000;
/** Matches are e-mailed by the alerts outbox (hourly per saved search); reach only pushes them. */
const EMAILED_ELSEWHERE: ReadonlySet<ReachKind> = new Set(['match']);

// ------------------------------------------------------------------------------ settings

const mutedKey = (kind: ReachKind, channel: 'push' | 'email') => `${kind}:${channel}`;

function present(row: SettingsRow | undefined, pushDevices: number): NotificationSettings {
  const muted = new Set(row?.mutedChannels ?? []);
  return {
    kinds: Object.fromEntries(
      reachKinds.map((kind) => [
        kind,
        { push: !muted.has(mutedKey(kind, 'push')), email: !muted.has(mutedKey(kind, 'email')) },
      ]),
    ) as NotificationSettings['kinds'],
    quietHours: {
      enabled: row?.quietHoursEnabled ?? true,
      start: row?.quietStart ?? DEFAULT_QUIET_HOURS.start,
      end: row?.quietEnd ?? DEFAULT_QUIET_HOURS.end,
    },
    timeZone: row?.timeZone ?? null,
    digest: row?.digest ?? false,
    pushDevices,
  };
}

export async function getNotificationSettings(
  ctx: ReachContext,
  userId: number,
): Promise<NotificationSettings> {
  return present(await findSettings(ctx.db, userId), await countPushDevices(ctx.db, userId));
}

export async function updateNotificationSettings(
  ctx: ReachContext,
  userId: number,
  input: UpdateNotificationSettingsInput,
): Promise<NotificationSettings> {
  const current = await findSettings(ctx.db, userId);
  const muted = new Set(current?.mutedChannels ?? []);
  for (const kind of reachKinds) {
    for (const channel of ['push', 'email'] as const) {
      const on = input.kinds?.[kind]?.[channel];
      if (on === true) muted.delete(mutedKey(kind, channel));
      if (on === false) muted.add(mutedKey(kind, channel));
    }
  }
  const saved = await saveSettings(
    ctx.db,
    userId,
    {
      mutedChannels: [...muted].sort(),
      ...(input.quietHours?.enabled !== undefined ? { quietHoursEnabled: input.quietHours.enabled } : {}),
      ...(input.quietHours?.start ? { quietStart: input.quietHours.start } : {}),
      ...(input.quietHours?.end ? { quietEnd: input.quietHours.end } : {}),
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      ...(input.digest !== undefined ? { digest: input.digest } : {}),
    },
    ctx.clock.now(),
  );
  return present(saved, await countPushDevices(ctx.db, userId));
}

export async function learnTimeZone(ctx: Pick<ReachContext, 'db' | 'clock'>, userId: number, zone: string) {
  await rememberTimeZone(ctx.db, userId, zone, ctx.clock.now());
}

export async function subscribePush(ctx: ReachContext, userId: number, input: PushSubscriptionInput) {
  const now = ctx.clock.now();
  await savePushSubscription(
    ctx.db,
    { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth },
    now,
  );
  if (input.timeZone) await rememberTimeZone(ctx.db, userId, input.timeZone, now);
  return { pushDevices: await countPushDevices(ctx.db, userId) };
}

export async function unsubscribePush(ctx: ReachContext, userId: number, endpoint: string): Promise<void> {
  await deletePushSubscription(ctx.db, userId, endpoint);
}

// ------------------------------------------------------------------------------ unsubscribe links

export function unsubscribeUrl(
  ctx: Pick<ReachContext, 'secret' | 'publicUrl'>,
  userId: number,
  scope: UnsubscribeScope,
) {
  return `${ctx.publicUrl}/unsubscribe?token=${unsubscribeToken(ctx.secret, userId, scope)}`;
}

/** The one-click target of List-Unsubscribe-Post (RFC 8058): the API, not the page. */
function oneClickUrl(
  ctx: Pick<ReachContext, 'secret' | 'publicUrl'>,
  userId: number,
  scope: UnsubscribeScope,
) {
  return `${ctx.publicUrl}/api/notifications/unsubscribe?token=${unsubscribeToken(ctx.secret, userId, scope)}`;
}

/** Turns one kind of e-mail (or, from a digest, every e-mail) off or back on, without signing in. */
export async function applyUnsubscribeLink(
  ctx: ReachContext,
  token: string,
  emailOn: boolean,
): Promise<UnsubscribeResult> {
  const read = readUnsubscribeToken(ctx.secret, token);
  const recipient = read ? await findRecipient(ctx.db, read.userId) : undefined;
  if (!read || !recipient) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
  const now = ctx.clock.now();
  if (read.scope === 'all') {
    await updateUser(ctx.db, read.userId, { emailNotifications: emailOn }, now);
  } else {
    await updateNotificationSettings(ctx, read.userId, { kinds: { [read.scope]: { email: emailOn } } });
  }
  return {
    kind: read.scope,
    email: emailOn,
    message: emailOn ? resubscribedMessage(read.scope) : unsubscribedMessage(read.scope),
  };
}

// ------------------------------------------------------------------------------ news

export type NewNews = {
  userId: number;
  kind: ReachKind;
  /** What one push or e-mail gathers, such as 'conversation:12' or 'item:7:request'. */
  groupKey: string;
  title: string;
  body: string | null;
  /** A path in the app, such as /item/7. */
  url: string;
};

/**
 * Records news for a parent who may be away, in the caller's transaction, so it is sent only if
 * the change commits. An unread message waits a minute (she may be looking); the rest is due now.
 */
export async function enqueueNews(tx: Executor, news: NewNews, now: Date): Promise<void> {
  const wait = news.kind === 'message' ? MESSAGE_PUSH_AFTER_MINUTES * MINUTE_MS : 0;
  await insertDelivery(tx, {
    ...news,
    title: news.title.length > 255 ? `${news.title.slice(0, 254)}…` : news.title,
    body: news.body && news.body.length > 300 ? `${news.body.slice(0, 299)}…` : news.body,
    createdAt: now,
    dueAt: new Date(now.getTime() + wait),
  });
}

/** Both families of a promise whose pickup is near, once per agreed time. */
async function queuePickupReminders(ctx: ReachContext, now: Date): Promise<void> {
  const until = new Date(now.getTime() + PICKUP_REMINDER_HOURS * 60 * MINUTE_MS);
  for (const pickup of await listPickupsToRemind(ctx.db, now, until)) {
    if (!pickup.scheduledAt) continue;
    const groupKey = `pickup:${pickup.id}:${Math.floor(pickup.scheduledAt.getTime() / 1000)}`;
    const time = pickup.scheduledAt.toISOString();
    await ctx.db.transaction(async (tx) => {
      for (const userId of [pickup.sellerId, pickup.buyerId]) {
        await enqueueNews(
          tx,
          {
            userId,
            kind: 'pickup',
            groupKey,
            title: `Pickup soon: ${pickup.itemTitle}`,
            body: [`Agreed for ${time}`, pickup.exchangeLocation].filter(Boolean).join(' at '),
            url: `/item/${pickup.itemId}`,
          },
          now,
        );
      }
    });
  }
}

/**
 * For e-mail sent outside this queue (match alerts): 'off' when the parent switched that kind's
 * e-mail off, a time to wait for through quiet hours or for the digest hour, or 'now'.
 */
export async function emailTiming(
  db: Executor,
  userId: number,
  kind: ReachKind,
  now: Date,
): Promise<'off' | 'now' | Date> {
  const settings = present(await findSettings(db, userId), 0);
  if (!settings.kinds[kind].email) return 'off';
  if (settings.digest) {
    const when = digestTime(now, settings.timeZone, settings.quietHours.end);
    return when.now ? 'now' : when.at;
  }
  return heldUntil(now, settings.timeZone, settings.quietHours) ?? 'now';
}

// ------------------------------------------------------------------------------ sending

export type ReachRunReport = {
  pushed: number;
  emailed: number;
  digests: number;
  held: number;
  dropped: number;
};

const RECIPIENTS_PER_RUN = 200;
const LEASE_MS = 2 * MINUTE_MS;
const GIVE_UP_AFTER_ATTEMPTS = 5;
const KEEP_SENT_MS = 7 * 24 * 60 * MINUTE_MS;

/**
 * Sends what is due: reminders of near pickups are queued first, then each parent's due news
 * goes out as one push or e-mail per group, is held for quiet hours or the digest, or is dropped
 * when she read it meanwhile or switched that kind off. At least once: a crash between sending
 * and marking sends again after the lease.
 */
export async function deliverDueNews(ctx: ReachContext): Promise<ReachRunReport> {
  const report: ReachRunReport = { pushed: 0, emailed: 0, digests: 0, held: 0, dropped: 0 };
  const now = ctx.clock.now();
  await queuePickupReminders(ctx, now);
  for (const userId of await listDueRecipients(ctx.db, now, RECIPIENTS_PER_RUN)) {
    const leased = await leaseDueDeliveries(ctx.db, userId, now, new Date(now.getTime() + LEASE_MS));
    if (leased.length === 0) continue;
    try {
      await deliverToParent(ctx, userId, leased, report);
    } catch (error) {
      ctx.log.warn({ err: error, userId }, 'news could not be sent; will retry');
      const givenUp = leased.filter((row) => row.attempts >= GIVE_UP_AFTER_ATTEMPTS).map((row) => row.id);
      await markDelivered(ctx.db, givenUp, 'none', ctx.clock.now());
      // The lease moved the others two minutes on; they are tried again then.
    }
  }
  await purgeSentDeliveries(ctx.db, new Date(now.getTime() - KEEP_SENT_MS));
  return report;
}

async function deliverToParent(
  ctx: ReachContext,
  userId: number,
  leased: DeliveryRow[],
  report: ReachRunReport,
): Promise<void> {
  const now = ctx.clock.now();
  const recipient = await findRecipient(ctx.db, userId);
  if (!recipient) return;
  const settings = present(await findSettings(ctx.db, userId), 0);
  const subscriptions = recipient.mobileNotifications ? await listPushSubscriptions(ctx.db, userId) : [];
  const groups = new Map<string, DeliveryRow[]>();
  for (const row of leased) groups.set(row.groupKey, [...(groups.get(row.groupKey) ?? []), row]);
  /** The ways this parent may hear of this kind of news now. */
  const channels = (kind: ReachKind) => ({
    push: settings.kinds[kind].push && subscriptions.length > 0,
    email: recipient.emailNotifications && settings.kinds[kind].email && !EMAILED_ELSEWHERE.has(kind),
  });

  // Read meanwhile, or switched off on both channels: nothing to send.
  const live = new Map<string, DeliveryRow[]>();
  for (const [groupKey, rows] of groups) {
    const kind = rows[0]?.kind as ReachKind;
    const { push, email } = channels(kind);
    const read =
      kind === 'message' && (await countUnreadIn(ctx.db, userId, conversationIdOf(groupKey))) === 0;
    if (read || (!push && !email)) {
      await markDelivered(ctx.db, ids(rows), 'none', now);
      report.dropped += rows.length;
    } else live.set(groupKey, rows);
  }
  if (live.size === 0) return;

  if (settings.digest && recipient.emailNotifications) {
    const when = digestTime(now, settings.timeZone, settings.quietHours.end);
    const all = [...live.values()].flat();
    if (!when.now) {
      await holdDeliveries(ctx.db, ids(all), when.at);
      report.held += all.length;
      return;
    }
    const mail = composeDigestEmail(
      [...live.values()].map((rows) => rows.map(toNews)),
      { publicUrl: ctx.publicUrl, unsubscribeUrl: unsubscribeUrl(ctx, userId, 'all') },
    );
    await ctx.mailer.send({
      to: recipient.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: listUnsubscribeHeaders(oneClickUrl(ctx, userId, 'all')),
    });
    await markDelivered(ctx.db, ids(all), 'digest', ctx.clock.now());
    report.digests += 1;
    return;
  }

  const quietUntil = heldUntil(now, settings.timeZone, settings.quietHours);
  if (quietUntil) {
    const all = [...live.values()].flat();
    await holdDeliveries(ctx.db, ids(all), quietUntil);
    report.held += all.length;
    return;
  }

  for (const [groupKey, rows] of live) {
    const kind = rows[0]?.kind as ReachKind;
    const { push, email } = channels(kind);
    if (push) {
      const pushed = await pushToDevices(ctx, subscriptions, groupKey, rows);
      if (pushed) {
        await markDelivered(ctx.db, ids(rows), 'push', ctx.clock.now());
        report.pushed += 1;
        continue;
      }
    }
    if (!email) {
      // Push was the only way and no device took it: try again later, then give up.
      const attempts = Math.max(...rows.map((row) => row.attempts));
      if (attempts >= GIVE_UP_AFTER_ATTEMPTS) await markDelivered(ctx.db, ids(rows), 'none', ctx.clock.now());
      continue;
    }
    const sendAfter = await emailNotBefore(ctx, userId, groupKey, rows, kind);
    if (sendAfter > now) {
      await holdDeliveries(ctx.db, ids(rows), sendAfter);
      report.held += rows.length;
      continue;
    }
    const mail = composeGroupEmail(rows.map(toNews), kind, {
      publicUrl: ctx.publicUrl,
      unsubscribeUrl: unsubscribeUrl(ctx, userId, kind),
    });
    await ctx.mailer.send({
      to: recipient.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: listUnsubscribeHeaders(oneClickUrl(ctx, userId, kind)),
    });
    await markDelivered(ctx.db, ids(rows), 'email', ctx.clock.now());
    report.emailed += 1;
  }
}

/** Sends one push per device for the group; true when at least one device took it. */
async function pushToDevices(
  ctx: ReachContext,
  subscriptions: Awaited<ReturnType<typeof listPushSubscriptions>>,
  groupKey: string,
  rows: DeliveryRow[],
): Promise<boolean> {
  const latest = rows.at(-1);
  if (!latest) return false;
  const more = rows.length > 1 ? ` (+${rows.length - 1} more)` : '';
  const payload = {
    title: latest.title,
    body: `${latest.body ?? ''}${more}`.trim(),
    url: latest.url,
    tag: groupKey,
  };
  let delivered = false;
  for (const subscription of subscriptions) {
    const outcome = await sendPush(subscription, payload, ctx.vapid);
    if (outcome === 'delivered') {
      delivered = true;
      await markPushed(ctx.db, subscription.id, ctx.clock.now());
    } else if (outcome === 'gone') {
      await forgetPushSubscription(ctx.db, subscription.id);
    } else {
      ctx.log.warn({ subscriptionId: subscription.id }, 'push service refused a push');
    }
  }
  return delivered;
}

/**
 * The earliest an e-mail about this group may go: an unread message waits a few minutes (a
 * reply may come first), and one e-mail per conversation or item per cool-down gathers the rest.
 */
async function emailNotBefore(
  ctx: ReachContext,
  userId: number,
  groupKey: string,
  rows: DeliveryRow[],
  kind: ReachKind,
): Promise<Date> {
  const first = Math.min(...rows.map((row) => row.createdAt.getTime()));
  const waitForRead = kind === 'message' ? first + MESSAGE_EMAIL_AFTER_MINUTES * MINUTE_MS : 0;
  const last = await lastEmailedAt(ctx.db, userId, groupKey);
  const coolDown = last ? last.getTime() + EMAIL_GROUP_COOLDOWN_MINUTES * MINUTE_MS : 0;
  return new Date(Math.max(waitForRead, coolDown));
}

function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const ids = (rows: DeliveryRow[]) => rows.map((row) => row.id);
const toNews = (row: DeliveryRow): News => ({
  title: row.title,
  body: row.body,
  url: row.url,
  createdAt: row.createdAt,
});
const conversationIdOf = (groupKey: string) => Number(groupKey.split(':')[1]);
