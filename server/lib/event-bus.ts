import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import type { Executor } from '../db/executor.js';

/**
 * What a signed-in page hears about live: small and id-based, since PostgreSQL
 * NOTIFY payloads are capped at 8 kB; pages fetch details through the API.
 */
export type LiveEvent =
  | { type: 'message'; conversationId: number; messageId: number; senderId: number }
  | { type: 'unread'; count: number }
  | { type: 'read'; conversationId: number; readAt: string }
  | { type: 'conversation-deleted'; conversationId: number }
  | { type: 'notification'; notificationId: number; title: string; itemId: number | null }
  /** Events may have been missed (the database connection that hears them was lost): refetch. */
  | { type: 'resync' };

type Listener = (event: LiveEvent) => void;

export type EventBus = {
  /**
   * Sends an event to every open page of the user, on every app instance. Called with a
   * transaction, it is delivered only if and when that transaction commits.
   */
  publish(executor: Executor, userId: number, event: LiveEvent): Promise<void>;
  /** Listens for one user's events in this instance; returns the function that stops it. */
  subscribe(userId: number, listener: Listener): () => void;
  close(): Promise<void>;
};

export const EVENTS_CHANNEL = 'littleloop_events';

/** Fans events out through PostgreSQL LISTEN/NOTIFY, so several app instances share them. */
export async function createEventBus(database: Pick<DatabaseHandle, 'listen'>): Promise<EventBus> {
  const listeners = new Map<number, Set<Listener>>();
  const stopListening = await database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      let parsed: { userId: number; event: LiveEvent };
      try {
        parsed = JSON.parse(payload) as { userId: number; event: LiveEvent };
      } catch {
        return;
      }
      for (const listener of listeners.get(parsed.userId) ?? []) listener(parsed.event);
    },
    () => {
      for (const set of listeners.values()) for (const listener of set) listener({ type: 'resync' });
    },
  );

  return {
    async publish(executor, userId, event) {
      await executor.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ userId, event })})`);
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async close() {
      listeners.clear();
      await stopListening();
    },
  };
}
