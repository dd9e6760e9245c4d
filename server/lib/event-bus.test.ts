import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/test-app.js';
import type { LiveEvent } from './event-bus.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const nextEvent = (userId: number) =>
  new Promise<LiveEvent>((resolve) => {
    const stop = t.app.events.subscribe(userId, (event) => {
      stop();
      resolve(event);
    });
  });

describe('event bus', () => {
  it('delivers a published event to that user’s listeners through NOTIFY', async () => {
    const received = nextEvent(7);
    await t.app.events.publish(t.db, 7, { type: 'unread', count: 3 });
    expect(await received).toEqual({ type: 'unread', count: 3 });
  });

  it('delivers nothing from a transaction that rolls back, and on commit only after it', async () => {
    const seen: LiveEvent[] = [];
    const stop = t.app.events.subscribe(8, (event) => seen.push(event));
    await t.db
      .transaction(async (tx) => {
        await t.app.events.publish(tx, 8, { type: 'unread', count: 1 });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const committed = nextEvent(8);
    await t.db.transaction(async (tx) => t.app.events.publish(tx, 8, { type: 'unread', count: 2 }));
    expect(await committed).toEqual({ type: 'unread', count: 2 });
    expect(seen).toEqual([{ type: 'unread', count: 2 }]);
    stop();
  });
});
