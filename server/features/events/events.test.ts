import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, loginAs, makeItem, makeSignedInUser, makeUser } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { MAX_EVENT_STREAMS_PER_PARENT, TOO_MANY_EVENT_STREAMS } from './events.routes.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await makeTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const signedIn = () => makeSignedInUser(t);

type ServerSentEvent = { event: string; data: string };

/**
 * Reads a text/event-stream with fetch's body reader: `next(type)` resolves with the next
 * event of that type, as soon as its bytes arrive (no sleeps, no polling).
 */
async function openEventStream(url: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: abort.signal });
  const body = response.body;
  if (!body) throw new Error('the event stream has no body');
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const blocks: string[] = [];

  async function nextBlock(): Promise<string | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        blocks.push(block);
        return block;
      }
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value;
    }
  }

  return {
    response,
    blocks,
    async next(type: string): Promise<ServerSentEvent> {
      for (;;) {
        const block = await nextBlock();
        if (block === undefined) throw new Error(`the stream ended before a '${type}' event`);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === type && data !== undefined) return { event, data };
      }
    },
    /** Resolves when the server ends the stream. */
    async ended(): Promise<void> {
      while ((await nextBlock()) !== undefined);
    },
    close: () => abort.abort(),
  };
}

describe('GET /api/events', () => {
  it('answers visitors with 401 JSON', async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('streams the unread total first, then a message the other parent posts', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const item = await makeItem(t.db, seller.user);
    const opened = await as(buyer).post('/api/conversations', { itemId: item.id, sellerId: seller.user.id });
    const conversationId: number = opened.json().id;

    const stream = await openEventStream(`${base}/api/events`, seller.cookie);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get('cache-control')).toContain('no-cache');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      expect(JSON.parse((await stream.next('unread')).data)).toEqual({ type: 'unread', count: 0 });
      expect(stream.blocks[0]).toBe('retry: 3000');

      const arrival = stream.next('message');
      const posted = await fetch(`${base}/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'Is the bundle still available?' }),
      });
      expect(posted.status).toBe(201);
      const message = (await posted.json()) as { id: number };

      expect(JSON.parse((await arrival).data)).toEqual({
        type: 'message',
        conversationId,
        messageId: message.id,
        senderId: buyer.user.id,
      });
      expect(JSON.parse((await stream.next('unread')).data)).toEqual({ type: 'unread', count: 1 });
    } finally {
      stream.close();
    }
  });

  it('reaches every open page of the recipient', async () => {
    const parent = await signedIn();
    const pages = [
      await openEventStream(`${base}/api/events`, parent.cookie),
      await openEventStream(`${base}/api/events`, parent.cookie),
    ];
    try {
      for (const page of pages) await page.next('unread');
      const arrivals = pages.map((page) => page.next('unread'));
      await t.app.events.publish(t.db, parent.user.id, { type: 'unread', count: 4 });
      for (const arrival of await Promise.all(arrivals)) {
        expect(JSON.parse(arrival.data)).toEqual({ type: 'unread', count: 4 });
      }
    } finally {
      for (const page of pages) page.close();
    }
  });

  it('holds at most 10 open streams per parent, and takes a new one once a page closes', async () => {
    const parent = await signedIn();
    const pages = [];
    try {
      for (let i = 0; i < MAX_EVENT_STREAMS_PER_PARENT; i += 1) {
        const page = await openEventStream(`${base}/api/events`, parent.cookie);
        await page.next('unread');
        pages.push(page);
      }
      const refused = await fetch(`${base}/api/events`, { headers: { cookie: parent.cookie } });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: TOO_MANY_EVENT_STREAMS });
      // Another parent is not held back by her.
      const other = await signedIn();
      const theirs = await openEventStream(`${base}/api/events`, other.cookie);
      await theirs.next('unread');
      theirs.close();

      const closed = pages.pop();
      closed?.close();
      await vi.waitFor(async () => {
        const again = await fetch(`${base}/api/events`, { headers: { cookie: parent.cookie } });
        const status = again.status;
        await again.body?.cancel();
        expect(status).toBe(200);
      });
    } finally {
      for (const page of pages) page.close();
    }
  });

  it('ends open streams when the app closes, so shutdown does not wait for them', async () => {
    const other = await makeTestApp();
    try {
      const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await makeUser(other.db);
      const stream = await openEventStream(`${url}/api/events`, await loginAs(other.app, user));
      await stream.next('unread');
      const ended = stream.ended();
      await other.app.close();
      await ended;
    } finally {
      await other.close();
    }
  });
});
