import { and, asc, count, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  deliveries,
  exchanges,
  items,
  messages,
  notificationSettings,
  pushSubscriptions,
  users,
} from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

export type SettingsRow = typeof notificationSettings.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type NewDelivery = typeof deliveries.$inferInsert;

// ------------------------------------------------------------------------------ settings

export async function findSettings(db: Executor, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

export async function saveSettings(
  db: Executor,
  userId: number,
  values: Partial<Omit<SettingsRow, 'userId' | 'updatedAt'>>,
  now: Date,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('notification settings were not saved');
  return row;
}

/** Learns a parent's zone from her browser when none is known yet; never overrides a chosen one. */
export async function rememberTimeZone(db: Executor, userId: number, timeZone: string, now: Date) {
  await db
    .insert(notificationSettings)
    .values({ userId, timeZone, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { timeZone, updatedAt: now },
      setWhere: isNull(notificationSettings.timeZone),
    });
}

// ------------------------------------------------------------------------------ push subscriptions

export async function countPushDevices(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ devices: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.devices ?? 0;
}

/** A browser's endpoint belongs to whoever subscribed last on it (a shared family tablet). */
export async function savePushSubscription(
  db: Executor,
  subscription: { userId: number; endpoint: string; p256dh: string; auth: string },
  now: Date,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...subscription, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: subscription.userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        createdAt: now,
      },
    });
}

export async function deletePushSubscription(db: Executor, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function listPushSubscriptions(db: Executor, userId: number) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

export async function forgetPushSubscription(db: Executor, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markPushed(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastPushedAt: now }).where(eq(pushSubscriptions.id, id));
}

// ------------------------------------------------------------------------------ deliveries

export async function insertDelivery(db: Executor, delivery: NewDelivery): Promise<void> {
  await db.insert(deliveries).values(delivery);
}

/** Parents with news due now, oldest first. */
export async function listDueRecipients(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ userId: deliveries.userId, firstDue: sql<Date>`min(${deliveries.dueAt})` })
    .from(deliveries)
    .where(and(isNull(deliveries.sentAt), lte(deliveries.dueAt, now)))
    .groupBy(deliveries.userId)
    .orderBy(sql`min(${deliveries.dueAt})`)
    .limit(limit);
  return rows.map((row) => row.userId);
}

/**
 * Takes a parent's due news for one sender: each row's due time moves past the lease, so
 * another runner leaves it alone, and a crash before it is marked sent means it goes again.
 */
export async function leaseDueDeliveries(
  db: Executor,
  userId: number,
  now: Date,
  leaseUntil: Date,
): Promise<DeliveryRow[]> {
  return db
    .update(deliveries)
    .set({ dueAt: leaseUntil, attempts: sql`${deliveries.attempts} + 1` })
    .where(and(eq(deliveries.userId, userId), isNull(deliveries.sentAt), lte(deliveries.dueAt, now)))
    .returning();
}

export async function markDelivered(db: Executor, ids: number[], channel: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(deliveries).set({ sentAt: now, channel }).where(inArray(deliveries.id, ids));
}

/** Holds news until `dueAt` (quiet hours, the digest, a cool-down); the lease's attempt is undone. */
export async function holdDeliveries(db: Executor, ids: number[], dueAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(deliveries)
    .set({ dueAt, attempts: sql`greatest(${deliveries.attempts} - 1, 0)` })
    .where(inArray(deliveries.id, ids));
}

/** When the last e-mail about this conversation or item went to this parent. */
export async function lastEmailedAt(db: Executor, userId: number, groupKey: string): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: deliveries.sentAt })
    .from(deliveries)
    .where(
      and(eq(deliveries.userId, userId), eq(deliveries.groupKey, groupKey), eq(deliveries.channel, 'email')),
    )
    .orderBy(desc(deliveries.sentAt))
    .limit(1);
  return row?.sentAt ?? null;
}

export async function purgeSentDeliveries(db: Executor, before: Date): Promise<void> {
  await db.delete(deliveries).where(lte(deliveries.sentAt, before));
}

// ------------------------------------------------------------------------------ what the news is about

export async function findRecipient(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailNotifications: users.emailNotifications,
      mobileNotifications: users.mobileNotifications,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Messages to this parent in the conversation that are still unread. */
export async function countUnreadIn(db: Executor, userId: number, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderId, userId),
        isNull(messages.readAt),
      ),
    );
  return row?.unread ?? 0;
}

/**
 * Promises whose pickup is within `until` and whose two families have not been reminded of this
 * pickup time yet (the reminder's group names the time, so a changed time is reminded again).
 */
export async function listPickupsToRemind(db: Executor, now: Date, until: Date) {
  return db
    .select({
      id: exchanges.id,
      itemId: exchanges.itemId,
      itemTitle: items.title,
      buyerId: exchanges.buyerId,
      sellerId: exchanges.sellerId,
      scheduledAt: exchanges.scheduledAt,
      exchangeLocation: exchanges.exchangeLocation,
    })
    .from(exchanges)
    .innerJoin(items, eq(items.id, exchanges.itemId))
    .where(
      and(
        eq(exchanges.status, 'pending'),
        sql`${exchanges.scheduledAt} > ${now} and ${exchanges.scheduledAt} <= ${until}`,
        sql`not exists (select 1 from ${deliveries} d where d.group_key = 'pickup:' || ${exchanges.id} || ':' || extract(epoch from ${exchanges.scheduledAt})::bigint)`,
      ),
    )
    .limit(100);
}
