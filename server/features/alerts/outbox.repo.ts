import { and, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { outbox } from '../../db/schema.js';

/**
 * The outbox queue: rows written in the transaction of a change (an item listed, an alert
 * e-mail to send) and worked off later by alerts.outbox.ts, each committed once
 * (docs/decisions/006). Matching and notifications stay in alerts.repo.ts.
 */
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * payload.notBefore (an ISO time) holds a row back: until early access ends, or while a
 * sender holds it (its lease) or waits to retry.
 */
const notBeforeOf = sql`coalesce((${outbox.payload}->>'notBefore')::timestamptz, '-infinity'::timestamptz)`;

export async function insertOutboxRow(
  db: Executor,
  values: { kind: string; payload: object; createdAt: Date },
): Promise<void> {
  await db.insert(outbox).values(values);
}

/** Rows waiting to be processed now, oldest first, skipping those already tried in this run. */
export function listDueOutboxRows(
  db: Executor,
  options: { now: Date; kinds: string[]; maxAttempts: number; skipIds: number[]; limit: number },
): Promise<Pick<OutboxRow, 'id' | 'kind'>[]> {
  const conditions: SQL[] = [
    isNull(outbox.processedAt),
    inArray(outbox.kind, options.kinds),
    sql`${outbox.attempts} < ${options.maxAttempts}`,
    sql`${notBeforeOf} <= ${options.now.toISOString()}::timestamptz`,
  ];
  if (options.skipIds.length > 0) conditions.push(notInArray(outbox.id, options.skipIds));
  return db
    .select({ id: outbox.id, kind: outbox.kind })
    .from(outbox)
    .where(and(...conditions))
    .orderBy(outbox.id)
    .limit(options.limit);
}

/**
 * Locks a pending row for the rest of the transaction. Another instance working on it makes
 * this wait, then see it processed (undefined), so each row's work commits once.
 */
export async function lockDueOutboxRow(db: Executor, id: number, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.id, id),
        isNull(outbox.processedAt),
        sql`${notBeforeOf} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .for('update');
  return row;
}

/**
 * Takes a row for work done outside a transaction (sending an e-mail): counts the attempt and
 * holds it back until `leaseUntil`, so no other run takes it meanwhile, and a sender that dies
 * leaves it to be retried then. Undefined when it is not due or not pending.
 */
export async function leaseOutboxRow(
  db: Executor,
  id: number,
  options: { now: Date; leaseUntil: Date; maxAttempts: number },
): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      payload: sql`(${outbox.payload}::jsonb || jsonb_build_object('notBefore', ${options.leaseUntil.toISOString()}::text))::json`,
    })
    .where(
      and(
        eq(outbox.id, id),
        isNull(outbox.processedAt),
        sql`${outbox.attempts} < ${options.maxAttempts}`,
        sql`${notBeforeOf} <= ${options.now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

export async function markOutboxRowProcessed(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(outbox).set({ processedAt: now }).where(eq(outbox.id, id));
}

/** Holds a row back until `notBefore` without counting an attempt (early access, retries). */
export async function deferOutboxRow(
  db: Executor,
  id: number,
  notBefore: Date,
  /** countAttempt: a failure; undoAttempt: a held e-mail whose lease counted one that was not. */
  options: { countAttempt: boolean; undoAttempt?: boolean },
): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outbox)
    .set({
      ...(options.countAttempt ? { attempts: sql`${outbox.attempts} + 1` } : {}),
      ...(options.undoAttempt ? { attempts: sql`greatest(${outbox.attempts} - 1, 0)` } : {}),
      payload: sql`(${outbox.payload}::jsonb || jsonb_build_object('notBefore', ${notBefore.toISOString()}::text))::json`,
    })
    .where(eq(outbox.id, id))
    .returning();
  return row;
}

/** Processed rows are kept a while for inspection, then removed. */
export async function purgeProcessedOutboxRows(db: Executor, before: Date): Promise<number> {
  const removed = await db
    .delete(outbox)
    .where(sql`${outbox.processedAt} < ${before.toISOString()}::timestamptz`)
    .returning({ id: outbox.id });
  return removed.length;
}
