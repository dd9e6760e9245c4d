import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  asVisitor,
  makeItem,
  makeSignedInUser,
  type TestSession,
  type UserOverrides,
} from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Session = TestSession;
const signedIn = (overrides: UserOverrides = {}) => makeSignedInUser(t, overrides);

const listIds = async (session: Session) =>
  (await as(session).get('/api/conversations')).json().map((c: { id: number }) => c.id);
const unreadOf = async (session: Session) =>
  (await as(session).get('/api/conversations/unread-count')).json().count;

/** A buyer and a seller who have exchanged a message about the seller's item. */
async function talkingPair() {
  const buyer = await signedIn();
  const seller = await signedIn();
  const item = await makeItem(t.db, seller.user);
  const opened = await as(buyer).post('/api/conversations', {
    itemId: item.id,
    sellerId: seller.user.id,
  });
  const id: number = opened.json().id;
  const sent = await as(buyer).post(`/api/conversations/${id}/messages`, { content: 'Hello' });
  expect(sent.statusCode).toBe(201);
  return { buyer, seller, item, id };
}

describe('blocking and unblocking', () => {
  it('blocks (201, idempotent), lists the people blocked, and unblocks (200)', async () => {
    const parent = await signedIn();
    const other = await signedIn();
    const url = `/api/users/${other.user.id}/block`;
    const blocked = await as(parent).post(url);
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toEqual({ blocked: true });
    expect((await as(parent).post(url)).statusCode).toBe(201);

    const list = await as(parent).get('/api/blocks');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: other.user.id, firstName: other.user.firstName }),
    ]);
    expect(list.body).not.toContain(other.user.email);
    // A block is the blocker's own list: the other person does not see it.
    expect((await as(other).get('/api/blocks')).json()).toEqual([]);

    const unblocked = await as(parent).delete(url);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toEqual({ blocked: false });
    expect((await as(parent).get('/api/blocks')).json()).toEqual([]);
  });

  it('refuses blocking yourself (400) or someone who does not exist (404); visitors get 401', async () => {
    const parent = await signedIn();
    const self = await as(parent).post(`/api/users/${parent.user.id}/block`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot block yourself');
    expect((await as(parent).post('/api/users/999999/block')).statusCode).toBe(404);
    expect((await asVisitor(t.app).post(`/api/users/${parent.user.id}/block`)).statusCode).toBe(401);
    expect((await asVisitor(t.app).get('/api/blocks')).statusCode).toBe(401);
  });
});

describe('what a block stops', () => {
  it('hides the conversation from both lists and unread counts, and unblocking restores it', async () => {
    const { buyer, seller, id } = await talkingPair();
    expect(await unreadOf(seller)).toBe(1);
    await as(seller).post(`/api/users/${buyer.user.id}/block`);

    expect(await listIds(seller)).toEqual([]);
    expect(await listIds(buyer)).toEqual([]);
    expect(await unreadOf(seller)).toBe(0);

    await as(seller).delete(`/api/users/${buyer.user.id}/block`);
    expect(await listIds(seller)).toEqual([id]);
    expect(await listIds(buyer)).toEqual([id]);
    expect(await unreadOf(seller)).toBe(1);
  });

  it('refuses messages both ways with 403 "You cannot message this user"', async () => {
    const { buyer, seller, id } = await talkingPair();
    await as(buyer).post(`/api/users/${seller.user.id}/block`);
    for (const sender of [buyer, seller]) {
      const response = await as(sender).post(`/api/conversations/${id}/messages`, { content: 'Hi?' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You cannot message this user' });
    }
    const thread = await as(seller).get(`/api/conversations/${id}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json()).toMatchObject({ isBlocked: true, messages: [{ content: 'Hello' }] });
  });

  it('refuses starting a conversation with someone blocked either way', async () => {
    const buyer = await signedIn();
    const seller = await signedIn();
    const item = await makeItem(t.db, seller.user);
    const payload = { itemId: item.id, sellerId: seller.user.id };

    await as(seller).post(`/api/users/${buyer.user.id}/block`);
    const blockedBySeller = await as(buyer).post('/api/conversations', payload);
    expect(blockedBySeller.statusCode).toBe(403);
    expect(blockedBySeller.json()).toEqual({ message: 'You cannot message this user' });
    await as(seller).delete(`/api/users/${buyer.user.id}/block`);

    await as(buyer).post(`/api/users/${seller.user.id}/block`);
    expect((await as(buyer).post('/api/conversations', payload)).statusCode).toBe(403);
    await as(buyer).delete(`/api/users/${seller.user.id}/block`);

    expect((await as(buyer).post('/api/conversations', payload)).statusCode).toBe(201);
  });

  it('hides each one’s listings from the other everywhere, the item page and the profile too', async () => {
    const { buyer, seller, item } = await talkingPair();
    const sees = async (viewer: Session, ownerId: number) => ({
      item: (await as(viewer).get(`/api/items/${item.id}`)).statusCode,
      profile: (await as(viewer).get(`/api/users/${ownerId}/items`)).json().map((i: { id: number }) => i.id),
    });
    expect(await sees(buyer, seller.user.id)).toEqual({ item: 200, profile: [item.id] });
    expect((await as(seller).post(`/api/users/${buyer.user.id}/block`)).statusCode).toBe(201);
    expect(await sees(buyer, seller.user.id)).toEqual({ item: 404, profile: [] });
    // The owner still sees their own listing.
    expect(await sees(seller, seller.user.id)).toEqual({ item: 200, profile: [item.id] });
    expect((await as(seller).delete(`/api/users/${buyer.user.id}/block`)).statusCode).toBe(200);
    expect(await sees(buyer, seller.user.id)).toEqual({ item: 200, profile: [item.id] });
  });

  it('keeps a block by the other person when you lift yours', async () => {
    const { buyer, seller, id } = await talkingPair();
    await as(buyer).post(`/api/users/${seller.user.id}/block`);
    await as(seller).post(`/api/users/${buyer.user.id}/block`);
    await as(buyer).delete(`/api/users/${seller.user.id}/block`);
    const response = await as(buyer).post(`/api/conversations/${id}/messages`, { content: 'Sorry' });
    expect(response.statusCode).toBe(403);
    expect(await listIds(buyer)).toEqual([]);
  });
});
