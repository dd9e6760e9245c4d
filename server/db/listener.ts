import pg from 'pg';
import { describeError } from '../lib/database-errors.js';

/** Called for each NOTIFY payload on a channel. */
export type OnPayload = (payload: string) => void;
/** Called when notifications may have been missed: the LISTEN connection was lost and is back. */
export type OnGap = () => void;

export type Listener = {
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, onPayload: OnPayload, onGap?: OnGap): Promise<() => Promise<void>>;
  /** True while notifications are heard: connected and listening on every channel. */
  isListening(): boolean;
  close(): Promise<void>;
};

export type ListenerOptions = {
  /** Between two heartbeat queries; a silent partition is noticed within this plus timeoutMs. */
  heartbeatMs: number;
  /** How long connecting, a LISTEN or a heartbeat may take before the connection counts as lost. */
  timeoutMs: number;
  /** Reconnection waits this long at first, doubling up to the cap, and never gives up. */
  retry: { firstMs: number; maxMs: number };
  log: (message: string) => void;
};

type Subscriber = { onPayload: OnPayload; onGap: OnGap | undefined };

/**
 * One dedicated PostgreSQL connection per app instance, shared by every channel.
 * One loop owns it: connect, LISTEN every channel, then watch it (errors, end, a heartbeat that
 * notices a silent partition); when it is lost, drop it for good and start again after a growing
 * delay, forever. Only one connection is ever open, so a drop never adds listeners. After a loss,
 * every subscriber's onGap runs once the connection is back, since what was sent meanwhile is gone.
 */
export function createPgListener(clientConfig: pg.ClientConfig, options: ListenerOptions): Listener {
  const channels = new Map<string, Set<Subscriber>>();
  let current: pg.Client | undefined;
  let stopped = false;
  let stop: () => void = () => {};
  const stopping = new Promise<void>((resolve) => (stop = resolve));
  let firstAttempt: Promise<void> | undefined;
  let loop: Promise<void> | undefined;
  let attempt: pg.Client | undefined;

  const dispatch = (channel: string, payload: string) => {
    for (const subscriber of channels.get(channel) ?? []) subscriber.onPayload(payload);
  };

  const listenSql = (channel: string) => `listen ${pg.escapeIdentifier(channel)}`;

  /** Resolves when the connection is lost: an error, its end, or a heartbeat without answer. */
  const watch = (client: pg.Client, ended: Promise<void>) =>
    new Promise<void>((resolve) => {
      let beat: NodeJS.Timeout | undefined;
      const next = () => {
        beat = setTimeout(() => {
          client.query('select 1').then(next, () => resolve());
        }, options.heartbeatMs);
      };
      next();
      void Promise.race([ended, stopping]).then(() => {
        clearTimeout(beat);
        resolve();
      });
    });

  const run = async (markFirstAttempt: () => void) => {
    let delay = options.retry.firstMs;
    let missed = false;
    let failures = 0;
    while (!stopped) {
      const client = new pg.Client({
        ...clientConfig,
        connectionTimeoutMillis: options.timeoutMs,
        query_timeout: options.timeoutMs,
        keepAlive: true,
      });
      const ended = new Promise<void>((resolve) => {
        client.on('error', () => resolve());
        client.on('end', () => resolve());
      });
      client.on('notification', (message) => dispatch(message.channel, message.payload ?? ''));
      attempt = client;
      try {
        await client.connect();
        for (const channel of channels.keys()) await client.query(listenSql(channel));
        current = client;
        if (failures > 0) options.log('LISTEN connection restored');
        failures = 0;
        delay = options.retry.firstMs;
        markFirstAttempt();
        if (missed) {
          missed = false;
          for (const subscribers of channels.values()) for (const { onGap } of subscribers) onGap?.();
        }
        await watch(client, ended);
        if (!stopped) options.log('LISTEN connection lost; reconnecting');
      } catch (error) {
        // Said once per outage, not at every retry.
        if (failures === 0) options.log(`LISTEN connection failed: ${describeError(error)}; retrying`);
        failures += 1;
        markFirstAttempt();
      }
      current = undefined;
      missed = true;
      // end() would wait for the server's goodbye, which a partition never sends.
      client.removeAllListeners('notification');
      destroy(client);
      if (stopped) break;
      const wait = delay * (0.75 + Math.random() / 2);
      delay = Math.min(delay * 2, options.retry.maxMs);
      await Promise.race([new Promise((resolve) => setTimeout(resolve, wait).unref()), stopping]);
    }
  };

  /** The loop starts with the first channel; listen() waits for its first attempt, not its success. */
  const start = () => {
    if (!firstAttempt) {
      firstAttempt = new Promise<void>((resolve) => {
        loop = run(resolve);
      });
    }
    return firstAttempt;
  };

  return {
    async listen(channel, onPayload, onGap) {
      const subscriber: Subscriber = { onPayload, onGap };
      const subscribers = channels.get(channel) ?? new Set<Subscriber>();
      const isNewChannel = subscribers.size === 0;
      subscribers.add(subscriber);
      channels.set(channel, subscribers);
      await start();
      // A connection made before this channel existed listens to it now; a later one will anyway.
      if (isNewChannel && current) {
        await current.query(listenSql(channel)).catch(() => destroy(current));
      }
      return async () => {
        subscribers.delete(subscriber);
        if (subscribers.size > 0 || channels.get(channel) !== subscribers) return;
        channels.delete(channel);
        await current?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    isListening: () => current !== undefined,
    async close() {
      stopped = true;
      stop();
      destroy(attempt);
      await loop;
      channels.clear();
    },
  };
}

function destroy(client: pg.Client | undefined): void {
  // The connection's socket is not in pg's types; ending it at once is what a partition needs.
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } } | undefined)
    ?.connection?.stream;
  stream?.destroy();
}
