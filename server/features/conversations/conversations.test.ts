import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS } from '../../../common/limits.js';
import {
  conversationItemSchema,
  conversationPersonSchema,
  conversationSummarySchema,
  lastMessageSchema,
  messageSchema,
} from '../../../common/schemas/conversations.js';
import { conversations, items, type ItemRow } from '../../db/schema.js';
import type { LiveEvent } from '../../lib/event-bus.js';
import {
  as,
  asVisitor,
  makeItem,
  makeSignedInUser,
  type TestSession,
  type UserOverrides,
} from '../../test/factories.js';
import { DEFAULT_RATE_LIMITS } from '../../lib/rate-limits.js';
import { makeTestApp, TEST_SESSION_SECRET, type TestApp } from '../../test/test-app.js';
import { buildApp } from '../../app.js';

const many = { ...DEFAULT_RATE_LIMITS.messagesPerUser, max: 100_000 };
let t: TestApp;
beforeAll(async () => {
  // These tests send many messages as one parent from one address within a frozen clock; the
  // message limits have their own tests (server/features/auth/abuse.test.ts).
  t = await makeTestApp(
    {},
    { rateLimits: { messagesPerUser: many, messagesPerUserHourly: many, messagesPerAddress: many } },
  );
});
afterAll(async () => {
  await t.close();
});

type Session = TestSession;
const signedIn = (overrides: UserOverrides = {}) => makeSignedInUser(t, overrides);

/** A seller with an item, and a buyer who opened a conversation about it. */
async function conversationBetween(
  buyer: Session,
  seller: Session,
  item?: ItemRow,
): Promise<{ id: number; item: ItemRow }> {
  const about = item ?? (await makeItem(t.db, seller.user));
  const response = await as(buyer).post('/api/conversations', {
    itemId: about.id,
    sellerId: seller.user.id,
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().id, item: about };
}

async function send(session: Session, conversationId: number, content: string) {
  const response = await as(session).post(`/api/conversations/${conversationId}/messages`, { content });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function listOf(session: Session) {
  const response = await as(session).get('/api/conversations');
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; unreadCount: number; [key: string]: unknown }[];
}

async function unreadOf(session: Session): Promise<number> {
  const response = await as(session).get('/api/conversations/unread-count');
  expect(response.statusCode).toBe(200);
  return response.json().count;
}

/** conversationSummarySchema, refusing any key it does not name, at every level. */
const strictSummarySchema = conversationSummarySchema
  .extend({
    otherUser: conversationPersonSchema.strict(),
    item: conversationItemSchema.strict().nullable(),
    lastMessage: lastMessageSchema.strict().nullable(),
    messages: z.array(messageSchema.extend({ sender: messageSchema.shape.sender.strict() }).strict()),
  })
  .strict();

const nextEvent = (userId: number, type: LiveEvent['type']) =>
  new Promise<LiveEvent>((resolve) => {
    const stop = t.app.events.subscribe(userId, (event) => {
      if (event.type !== type) return;
      stop();
      resolve(event);
    });
  });

describe('POST /api/conversations', () => {
  it('opens a conversation about an item with its owner (201), then reuses it (200)', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const item = await makeItem(t.db, seller.user);
    const payload = { itemId: item.id, sellerId: seller.user.id };
    const first = await as(buyer).post('/api/conversations', payload);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      itemId: item.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      lastMessageAt: null,
    });
    const again = await as(buyer).post('/api/conversations', payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
  });

  it('keeps one conversation when the same buyer opens it twice at once', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const item = await makeItem(t.db, seller.user);
    const payload = { itemId: item.id, sellerId: seller.user.id };
    const responses = await Promise.all([
      as(buyer).post('/api/conversations', payload),
      as(buyer).post('/api/conversations', payload),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(await t.db.$count(conversations, eq(conversations.itemId, item.id))).toBe(1);
  });

  it('refuses messaging yourself about your own item with 400 "You cannot message yourself"', async () => {
    const owner = await signedIn();
    const item = await makeItem(t.db, owner.user);
    const response = await as(owner).post('/api/conversations', {
      itemId: item.id,
      sellerId: owner.user.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot message yourself');
  });

  it('refuses a sellerId that is not the item’s owner with 400', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const someoneElse = await signedIn();
    const item = await makeItem(t.db, seller.user);
    const response = await as(buyer).post('/api/conversations', {
      itemId: item.id,
      sellerId: someoneElse.user.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('sellerId');
  });

  it('answers 404 "Item not found" for a missing or hidden item', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const hidden = await makeItem(t.db, seller.user, { isHidden: true });
    for (const itemId of [999_999, hidden.id]) {
      const response = await as(buyer).post('/api/conversations', { itemId, sellerId: seller.user.id });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Item not found' });
    }
  });

  it('answers 400 naming the field for a bad payload, 401 for visitors', async () => {
    const buyer = await signedIn();
    const bad = await as(buyer).post('/api/conversations', { itemId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['itemId', 'sellerId']),
    );
    const visitor = await asVisitor(t.app).post('/api/conversations', { itemId: 1, sellerId: 2 });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('who may read and write a conversation', () => {
  it('answers 403 to anyone but the two participants on read, write and delete', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const stranger = await signedIn({ isAdmin: true });
    const { id } = await conversationBetween(buyer, seller);
    await send(buyer, id, 'Is it still available?');

    const read = await as(stranger).get(`/api/conversations/${id}`);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ message: 'You are not part of this conversation' });
    const write = await as(stranger).post(`/api/conversations/${id}/messages`, { content: 'hi' });
    expect(write.statusCode).toBe(403);
    const remove = await as(stranger).delete(`/api/conversations/${id}`);
    expect(remove.statusCode).toBe(403);
    expect((await listOf(stranger)).map((c) => c.id)).not.toContain(id);

    // Nothing the stranger tried changed the conversation.
    const thread = await as(seller).get(`/api/conversations/${id}`);
    expect(thread.json().messages).toHaveLength(1);
    expect((await listOf(buyer)).map((c) => c.id)).toContain(id);
  });

  it('answers 404 for a missing conversation and 401 for visitors', async () => {
    const someone = await signedIn();
    expect((await as(someone).get('/api/conversations/999999')).statusCode).toBe(404);
    expect((await as(someone).post('/api/conversations/999999/messages', { content: 'x' })).statusCode).toBe(
      404,
    );
    expect((await as(someone).delete('/api/conversations/999999')).statusCode).toBe(404);
    for (const url of ['/api/conversations', '/api/conversations/1', '/api/conversations/unread-count']) {
      expect((await asVisitor(t.app).get(url)).statusCode).toBe(401);
    }
  });
});

describe('POST /api/conversations/{id}/messages', () => {
  it('stores the trimmed content and answers with the message and its sender', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    const message = await send(buyer, id, '  Could we meet at the library?  ');
    expect(message).toMatchObject({
      conversationId: id,
      senderId: buyer.user.id,
      content: 'Could we meet at the library?',
      readAt: null,
      sender: { firstName: buyer.user.firstName, lastName: buyer.user.lastName },
    });
  });

  it('refuses empty and over-long messages with 400', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    const url = `/api/conversations/${id}/messages`;
    const blank = await as(buyer).post(url, { content: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toEqual({ path: 'content', message: 'Message cannot be empty' });
    const tooLong = await as(buyer).post(url, { content: 'a'.repeat(LIMITS.messageContent + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].path).toBe('content');
    const longest = await as(buyer).post(url, { content: 'a'.repeat(LIMITS.messageContent) });
    expect(longest.statusCode).toBe(201);
  });

  it('keeps the item’s messageCount and the conversation’s lastMessageAt right', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id, item } = await conversationBetween(buyer, seller);
    await send(buyer, id, 'Hello');
    t.clock.advance(60_000);
    const reply = await send(seller, id, 'Hi there');

    const [stored] = await t.db.select().from(items).where(eq(items.id, item.id));
    expect(stored?.messageCount).toBe(2);
    const [entry] = (await listOf(buyer)).filter((c) => c.id === id);
    expect(entry).toMatchObject({
      lastMessageAt: reply.createdAt,
      messageCount: 2,
      lastMessage: { id: reply.id, content: 'Hi there', senderId: seller.user.id },
    });
  });

  it('publishes the message and the recipient’s unread total on commit', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    const messageEvent = nextEvent(seller.user.id, 'message');
    const unreadEvent = nextEvent(seller.user.id, 'unread');
    const message = await send(buyer, id, 'Still there?');
    expect(await messageEvent).toEqual({
      type: 'message',
      conversationId: id,
      messageId: message.id,
      senderId: buyer.user.id,
    });
    expect(await unreadEvent).toEqual({ type: 'unread', count: 1 });
  });
});

describe('GET /api/conversations', () => {
  it('lists the other person, the item and counts, without anyone’s e-mail', async () => {
    const buyer = await signedIn();
    const seller = await signedIn({ isVerified: true });
    const item = await makeItem(t.db, seller.user, {
      title: 'Balance bike',
      exchangeType: 'sell',
      price: '25.00',
    });
    const { id } = await conversationBetween(buyer, seller, item);
    await send(buyer, id, 'Does it come with a helmet?');

    const [entry] = await listOf(seller);
    expect(entry).toEqual({
      id,
      itemId: item.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      lastMessageAt: expect.any(String),
      createdAt: expect.any(String),
      otherUser: {
        id: buyer.user.id,
        firstName: buyer.user.firstName,
        lastName: buyer.user.lastName,
        profileImageUrl: null,
        isPremium: false,
        isVerified: false,
      },
      item: {
        id: item.id,
        title: 'Balance bike',
        exchangeType: 'sell',
        price: '25.00',
        imageUrl: item.imageUrls[0],
      },
      lastMessage: expect.objectContaining({ content: 'Does it come with a helmet?' }),
      messages: [
        {
          id: expect.any(Number),
          conversationId: id,
          senderId: buyer.user.id,
          content: 'Does it come with a helmet?',
          createdAt: expect.any(String),
          readAt: null,
          sender: { firstName: buyer.user.firstName, lastName: buyer.user.lastName },
        },
      ],
      hasOlderMessages: false,
      messageCount: 1,
      unreadCount: 1,
    });
    const body = JSON.stringify(await listOf(buyer));
    expect(body).not.toContain(seller.user.email);
    expect(body).not.toContain(buyer.user.email);
    expect((await listOf(buyer))[0]?.otherUser).toMatchObject({ id: seller.user.id, isVerified: true });
  });

  it('answers exactly the documented fields, with any text as it was written', async () => {
    const buyer = await signedIn();
    const seller = await signedIn({ firstName: 'Zoë "Z"' });
    const tricky = 'Quotes " and \\ back\nnew line\ttab \u2028 🙂 <script>&amp;</script>';
    const item = await makeItem(t.db, seller.user, {
      title: `Lego "Duplo" \\ set`,
      exchangeType: 'sell',
      price: '7.50',
    });
    const { id } = await conversationBetween(buyer, seller, item);
    await send(buyer, id, tricky);
    await send(seller, id, 'Ok');

    for (const viewer of [buyer, seller]) {
      const response = await as(viewer).get('/api/conversations');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const list = response.json();
      // Strict: no key beyond conversationSummarySchema's, and every one of them.
      expect(z.array(strictSummarySchema).safeParse(list).error).toBeUndefined();
      expect(list[0].messages.map((message: { content: string }) => message.content)).toEqual([tricky, 'Ok']);
      expect(list[0].item).toMatchObject({ title: 'Lego "Duplo" \\ set', price: '7.50' });
    }
    const [fromSeller] = (await as(buyer).get('/api/conversations')).json();
    expect(fromSeller.otherUser.firstName).toBe('Zoë "Z"');
    expect(fromSeller.messages[1].sender.firstName).toBe('Zoë "Z"');
  });

  it('shows a price only for items for sale, and a listing under review to its owner only', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const gift = await makeItem(t.db, seller.user, { exchangeType: 'free', price: '3.00' });
    const { id } = await conversationBetween(buyer, seller, gift);
    await send(buyer, id, 'Still free?');
    expect((await listOf(buyer))[0]?.item).toMatchObject({ id: gift.id, exchangeType: 'free', price: null });

    await t.db.update(items).set({ isHidden: true }).where(eq(items.id, gift.id));
    expect((await listOf(buyer))[0]).toMatchObject({ id, itemId: gift.id, item: null });
    expect((await listOf(seller))[0]).toMatchObject({ id, item: { id: gift.id, price: null } });
  });

  it('carries each conversation’s messages oldest first, exactly as GET /api/conversations/{id} gives them', async () => {
    const buyer = await signedIn({ isPremium: true });
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    const other = await conversationBetween(buyer, seller);
    await send(buyer, id, 'Is the pram still there?');
    t.clock.advance(1000);
    await send(seller, id, 'Yes, until Sunday');
    t.clock.advance(1000);
    await send(buyer, other.id, 'And the cot?');
    // The seller reads the first thread, so the Premium buyer gets read receipts there.
    await as(seller).get(`/api/conversations/${id}`);

    for (const viewer of [buyer, seller]) {
      const list = await listOf(viewer);
      for (const conversationId of [id, other.id]) {
        const thread = (await as(viewer).get(`/api/conversations/${conversationId}`)).json();
        const entry = (await listOf(viewer)).find((c) => c.id === conversationId);
        expect(entry?.messages).toEqual(thread.messages);
        expect(list.find((c) => c.id === conversationId)).toHaveProperty('hasOlderMessages', false);
      }
    }
    const entry = (await listOf(buyer)).find((c) => c.id === id);
    expect(entry?.messages).toEqual([
      expect.objectContaining({ content: 'Is the pram still there?', readAt: expect.any(String) }),
      expect.objectContaining({ content: 'Yes, until Sunday', senderId: seller.user.id }),
    ]);
    expect(entry?.lastMessage).toMatchObject({ content: 'Yes, until Sunday' });
  });

  it('carries at most the latest 50 messages and says when older ones exist', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    const sent: number[] = [];
    for (let n = 1; n <= 52; n += 1) {
      sent.push((await send(n % 2 === 0 ? seller : buyer, id, `Message ${n}`)).id);
      t.clock.advance(10);
    }
    const [entry] = await listOf(buyer);
    const messages = entry?.messages as { id: number; content: string }[];
    expect(messages).toHaveLength(50);
    expect(messages.map((message) => message.id)).toEqual(sent.slice(2));
    expect(messages[0]?.content).toBe('Message 3');
    expect(entry).toMatchObject({ hasOlderMessages: true, messageCount: 52, lastMessage: { id: sent[51] } });
    // The thread itself stays whole.
    const thread = (await as(buyer).get(`/api/conversations/${id}`)).json();
    expect(thread.messages).toHaveLength(52);
  });

  it('carries only as many messages as messageLimit asks, and refuses a limit outside 0 to 50', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    const sent: number[] = [];
    for (let n = 1; n <= 3; n += 1) {
      sent.push((await send(n % 2 === 0 ? seller : buyer, id, `Note ${n}`)).id);
      t.clock.advance(10);
    }
    const listWith = async (limit: number) =>
      (await as(buyer).get(`/api/conversations?messageLimit=${limit}`)).json()[0];
    expect(await listWith(0)).toMatchObject({
      messages: [],
      hasOlderMessages: true,
      lastMessage: { id: sent[2] },
    });
    const two = await listWith(2);
    expect(two.messages.map((message: { id: number }) => message.id)).toEqual(sent.slice(1));
    expect(two).toMatchObject({ hasOlderMessages: true, lastMessage: { id: sent[2] } });
    expect(await listWith(3)).toMatchObject({ hasOlderMessages: false });
    for (const bad of ['51', '-1', '1.5', 'all']) {
      const response = await as(buyer).get(`/api/conversations?messageLimit=${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/messageLimit/);
    }
  });

  it('answers the same messages from a freshly started server on the same database', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    await send(buyer, id, 'Are the boots size 9?');
    await send(seller, id, 'Size 10, sorry');
    const before = await listOf(buyer);

    const restarted = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      sessionSecret: TEST_SESSION_SECRET,
      logger: false,
    });
    try {
      const response = await as(buyer, restarted).get('/api/conversations');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(before);
      expect(response.json()[0].messages.map((m: { content: string }) => m.content)).toEqual([
        'Are the boots size 9?',
        'Size 10, sorry',
      ]);
    } finally {
      await restarted.close();
    }
  });

  it('shows the seller a conversation only once it has a message', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    expect((await listOf(buyer)).map((c) => c.id)).toEqual([id]);
    expect(await listOf(seller)).toEqual([]);
    await send(buyer, id, 'Hello');
    expect((await listOf(seller)).map((c) => c.id)).toEqual([id]);
  });

  it('filters by item', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const first = await conversationBetween(buyer, seller);
    await conversationBetween(buyer, seller);
    const response = await as(buyer).get(`/api/conversations?itemId=${first.item.id}`);
    expect(response.json().map((c: { id: number }) => c.id)).toEqual([first.id]);
  });

  it('puts conversations with Premium senders first, then the most recent', async () => {
    const seller = await signedIn();
    const premiumBuyer = await signedIn({ isPremium: true });
    const subscribedBuyer = await signedIn({ subscriptionStatus: 'active' });
    const freeBuyer = await signedIn();
    const earlyFreeBuyer = await signedIn();

    const early = await conversationBetween(earlyFreeBuyer, seller);
    await send(earlyFreeBuyer, early.id, 'First of all');
    t.clock.advance(1000);
    const premium = await conversationBetween(premiumBuyer, seller);
    await send(premiumBuyer, premium.id, 'Premium, but early');
    t.clock.advance(1000);
    const subscribed = await conversationBetween(subscribedBuyer, seller);
    await send(subscribedBuyer, subscribed.id, 'Subscribed');
    t.clock.advance(1000);
    const free = await conversationBetween(freeBuyer, seller);
    await send(freeBuyer, free.id, 'Free and latest');

    expect((await listOf(seller)).map((c) => c.id)).toEqual([subscribed.id, premium.id, free.id, early.id]);
  });
});

describe('unread messages', () => {
  it('counts the other person’s unread messages; opening a conversation reads it', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    await send(buyer, id, 'One');
    await send(buyer, id, 'Two');
    await send(seller, id, 'Reply');

    expect(await unreadOf(seller)).toBe(2);
    expect(await unreadOf(buyer)).toBe(1);
    expect((await listOf(seller))[0]?.unreadCount).toBe(2);

    const opened = await as(seller).get(`/api/conversations/${id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().messages.map((m: { content: string }) => m.content)).toEqual([
      'One',
      'Two',
      'Reply',
    ]);
    expect(await unreadOf(seller)).toBe(0);
    expect((await listOf(seller))[0]?.unreadCount).toBe(0);
    expect(await unreadOf(buyer)).toBe(1);

    // What the seller received now carries when they read it.
    const again = await as(seller).get(`/api/conversations/${id}`);
    const received = again.json().messages.filter((m: { senderId: number }) => m.senderId === buyer.user.id);
    expect(received.every((m: { readAt: string | null }) => m.readAt !== null)).toBe(true);
  });

  it('mark-all-read clears every conversation, as later reads show', async () => {
    const seller = await signedIn();
    const buyerA = await signedIn();
    const buyerB = await signedIn();
    const a = await conversationBetween(buyerA, seller);
    const b = await conversationBetween(buyerB, seller);
    await send(buyerA, a.id, 'From A');
    await send(buyerB, b.id, 'From B');
    await send(buyerB, b.id, 'From B again');
    await send(seller, a.id, 'To A');
    expect(await unreadOf(seller)).toBe(3);

    const unreadEvent = nextEvent(seller.user.id, 'unread');
    const cleared = await as(seller).post('/api/conversations/mark-all-read');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ marked: 3 });
    expect(await unreadEvent).toEqual({ type: 'unread', count: 0 });

    expect(await unreadOf(seller)).toBe(0);
    expect((await listOf(seller)).map((c) => c.unreadCount)).toEqual([0, 0]);
    // The seller's own message to A is still unread for A.
    expect(await unreadOf(buyerA)).toBe(1);
  });
});

describe('read receipts (Premium)', () => {
  it('shows a Premium sender when their messages were seen, and sends them a receipt', async () => {
    const buyer = await signedIn({ isPremium: true });
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    await send(buyer, id, 'Can I pick it up today?');
    const before = await as(buyer).get(`/api/conversations/${id}`);
    expect(before.json().messages[0].readAt).toBeNull();

    t.clock.advance(5000);
    const receipt = nextEvent(buyer.user.id, 'read');
    await as(seller).get(`/api/conversations/${id}`);
    const readAt = t.clock.now().toISOString();
    expect(await receipt).toEqual({ type: 'read', conversationId: id, readAt });

    const after = await as(buyer).get(`/api/conversations/${id}`);
    expect(after.json().messages[0]).toMatchObject({ senderId: buyer.user.id, readAt });
  });

  it('gives a free sender no readAt for their own messages', async () => {
    const buyer = await signedIn();
    const seller = await signedIn({ isPremium: true });
    const { id } = await conversationBetween(buyer, seller);
    await send(buyer, id, 'Hello');
    const sellerView = await as(seller).get(`/api/conversations/${id}`);
    // The reader sees their own reading time on what they received.
    expect(sellerView.json().messages[0].readAt).not.toBeNull();
    const buyerView = await as(buyer).get(`/api/conversations/${id}`);
    expect(buyerView.json().messages[0]).toMatchObject({ senderId: buyer.user.id, readAt: null });
  });
});

describe('DELETE /api/conversations/{id}', () => {
  it('removes it from the caller’s list only; a new message brings it back', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    await send(buyer, id, 'Hello');
    await send(seller, id, 'Hi');

    const removed = await as(seller).delete(`/api/conversations/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(await listOf(seller)).toEqual([]);
    expect((await listOf(buyer)).map((c) => c.id)).toEqual([id]);
    await send(buyer, id, 'Are you there?');
    const [back] = await listOf(seller);
    expect(back).toMatchObject({ id, messageCount: 3, unreadCount: 2 });
    expect((await listOf(buyer)).map((c) => c.id)).toEqual([id]);
  });

  it('lets the buyer reopen what they deleted by starting it again', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id, item } = await conversationBetween(buyer, seller);
    await send(buyer, id, 'Hello');
    await as(buyer).delete(`/api/conversations/${id}`);
    expect(await listOf(buyer)).toEqual([]);
    const again = await as(buyer).post('/api/conversations', {
      itemId: item.id,
      sellerId: seller.user.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(id);
    expect((await listOf(buyer)).map((c) => c.id)).toEqual([id]);
  });

  it('stops counting a deleted conversation’s unread messages', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const { id } = await conversationBetween(buyer, seller);
    await send(buyer, id, 'Hello');
    expect(await unreadOf(seller)).toBe(1);
    await as(seller).delete(`/api/conversations/${id}`);
    expect(await unreadOf(seller)).toBe(0);
  });
});
