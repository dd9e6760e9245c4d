import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Giveaway, ItemPromise, MyRequest } from '../../../common/schemas/giveaway.js';
import { conversations, notifications, safeLocations } from '../../db/schema.js';
import { as, makeItem, makeSignedInUser, type TestSession } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { drawWinner } from './draw.js';
import { lapseOverduePromises } from './giveaway.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;

async function giveaway(session: TestSession, itemId: number): Promise<Giveaway> {
  const answer = await as(session).get(`/api/items/${itemId}/giveaway`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Giveaway>();
}

async function requestItem(session: TestSession, itemId: number, note?: string): Promise<MyRequest> {
  const answer = await as(session).post(`/api/items/${itemId}/requests`, note ? { note } : {});
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<MyRequest>();
}

async function promiseTo(owner: TestSession, itemId: number, requestId: number): Promise<ItemPromise> {
  const answer = await as(owner).post(`/api/items/${itemId}/promise`, { requestId });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<ItemPromise>();
}

async function bell(session: TestSession) {
  return t.db.select().from(notifications).where(eq(notifications.userId, session.user.id));
}

/** An owner in Austin with a free item placed exactly, and families who may ask for it. */
async function scene(families = 2, overrides: Parameters<typeof makeItem>[2] = {}) {
  const owner = await makeSignedInUser(t, { city: 'Austin', state: 'TX', country: 'United States' });
  const item = await makeItem(t.db, owner.user, {
    title: 'Wooden train set',
    latitude: '30.26712345',
    longitude: '-97.74312345',
    ...overrides,
  });
  const requesters: TestSession[] = [];
  for (let i = 0; i < families; i += 1) {
    requesters.push(await makeSignedInUser(t, { city: 'Austin', state: 'TX', country: 'United States' }));
  }
  return { owner, item, requesters };
}

describe('requests', () => {
  it('lets families ask with a note, tells the owner, and shows requesters to the owner only', async () => {
    const { owner, item, requesters } = await scene(2);
    const [first, second] = requesters as [TestSession, TestSession];
    const mine = await requestItem(first, item.id, '  We would love it for our twins  ');
    expect(mine).toMatchObject({ note: 'We would love it for our twins', status: 'waiting' });
    await requestItem(second, item.id);

    expect((await bell(owner)).map((notice) => notice.kind)).toEqual([
      'giveaway-request',
      'giveaway-request',
    ]);
    const asOwner = await giveaway(owner, item.id);
    expect(asOwner).toMatchObject({ requestCount: 2, promised: false, myRequest: null, promise: null });
    expect(asOwner.requests?.map((request) => request.user.id)).toEqual([first.user.id, second.user.id]);
    expect(asOwner.requests?.[0]).toMatchObject({
      note: 'We would love it for our twins',
      reliability: { completed: 0, promised: 0, noShows: 0 },
      distanceBand: 'under-2km',
    });
    const asFamily = await giveaway(first, item.id);
    expect(asFamily).toMatchObject({ requestCount: 2, requests: null, myRequest: { status: 'waiting' } });
  });

  it('refuses one’s own item, a sale, an item no longer available, and asking twice', async () => {
    const { owner, item, requesters } = await scene(1);
    const [family] = requesters as [TestSession];
    const own = await as(owner).post(`/api/items/${item.id}/requests`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: 'You cannot request your own item' });
    const sale = await makeItem(t.db, owner.user, { exchangeType: 'sell', price: '5.00' });
    const sold = await as(family).post(`/api/items/${sale.id}/requests`, {});
    expect(sold.statusCode).toBe(400);
    expect(sold.json()).toMatchObject({
      message: 'Requests are for free and swap items; send a message to buy',
    });
    const gone = await makeItem(t.db, owner.user, { status: 'free', isAvailable: false });
    const late = await as(family).post(`/api/items/${gone.id}/requests`, {});
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: 'This item is no longer available' });

    await requestItem(family, item.id);
    const twice = await as(family).post(`/api/items/${item.id}/requests`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'You have already requested this item' });
    const hidden = await makeItem(t.db, owner.user, { isHidden: true });
    expect((await as(family).post(`/api/items/${hidden.id}/requests`, {})).statusCode).toBe(404);
    expect((await as(family).get(`/api/items/${hidden.id}/giveaway`)).statusCode).toBe(404);
  });

  it('refuses a request between parents when either has blocked the other', async () => {
    const { owner, item, requesters } = await scene(2);
    const [blocked, blocker] = requesters as [TestSession, TestSession];
    expect((await as(owner).post(`/api/users/${blocked.user.id}/block`)).statusCode).toBeLessThan(300);
    expect((await as(blocker).post(`/api/users/${owner.user.id}/block`)).statusCode).toBeLessThan(300);
    for (const family of [blocked, blocker]) {
      const asked = await as(family).post(`/api/items/${item.id}/requests`, { note: 'Please?' });
      expect(asked.statusCode).toBe(404);
    }
    expect((await giveaway(owner, item.id)).requests).toEqual([]);
  });

  it('withdraws a waiting request, renews it at the back of the queue, and refuses to withdraw a chosen one', async () => {
    const { owner, item, requesters } = await scene(2);
    const [first, second] = requesters as [TestSession, TestSession];
    await requestItem(first, item.id);
    await requestItem(second, item.id);
    expect((await as(first).delete(`/api/items/${item.id}/requests/mine`)).statusCode).toBe(204);
    expect((await as(first).delete(`/api/items/${item.id}/requests/mine`)).statusCode).toBe(404);
    expect((await giveaway(first, item.id)).myRequest).toMatchObject({ status: 'withdrawn' });
    t.clock.advance(1000);
    await requestItem(first, item.id, 'Still keen');
    const waiting = (await giveaway(owner, item.id)).requests?.filter(
      (request) => request.status === 'waiting',
    );
    expect(waiting?.map((request) => request.user.id)).toEqual([second.user.id, first.user.id]);

    const secondRequest = waiting?.[0]?.requestId ?? 0;
    await promiseTo(owner, item.id, secondRequest);
    const chosen = await as(second).delete(`/api/items/${item.id}/requests/mine`);
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json()).toMatchObject({ message: 'Release the promise instead' });
  });
});

describe('choosing', () => {
  it('waits for the waiting window: 409 before it closes, 201 after', async () => {
    const { owner, item, requesters } = await scene(1);
    const [family] = requesters as [TestSession];
    const request = await requestItem(family, item.id);
    const window = await as(owner).put(`/api/items/${item.id}/request-window`, { hours: 6 });
    expect(window.statusCode).toBe(200);
    const closesAt = new Date(t.clock.now().getTime() + 6 * HOUR).toISOString();
    expect(window.json()).toMatchObject({ requestsCloseAt: closesAt });
    expect((await as(owner).put(`/api/items/${item.id}/request-window`, { hours: 5 })).statusCode).toBe(400);
    expect((await as(family).put(`/api/items/${item.id}/request-window`, { hours: 1 })).statusCode).toBe(403);

    const early = await as(owner).post(`/api/items/${item.id}/promise`, { requestId: request.id });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message: 'Requests are still collecting; you can choose once the waiting time is over',
    });
    t.clock.advance(6 * HOUR);
    const promise = await promiseTo(owner, item.id, request.id);
    expect(promise).toMatchObject({
      status: 'pending',
      role: 'giver',
      chosenBy: 'owner',
      otherUser: { id: family.user.id },
      draw: null,
      lapsesAt: new Date(t.clock.now().getTime() + 72 * HOUR).toISOString(),
    });
    const again = await as(owner).post(`/api/items/${item.id}/promise`, { requestId: request.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This item is already promised' });

    const cleared = await as(owner).put(`/api/items/${item.id}/request-window`, { hours: 0 });
    expect(cleared.json()).toMatchObject({ requestsCloseAt: null });
  });

  it('tells the chosen family in the bell and by e-mail, and shows Promised to everyone', async () => {
    const { owner, item, requesters } = await scene(1);
    const [family] = requesters as [TestSession];
    const stranger = await makeSignedInUser(t);
    const request = await requestItem(family, item.id);
    await promiseTo(owner, item.id, request.id);
    expect((await bell(family)).map((notice) => notice.title)).toEqual([
      "You've been chosen for Wooden train set",
    ]);
    await t.app.reach.run();
    const mail = t.sentMail.find((sent) => sent.to === family.user.email);
    expect(mail?.subject).toBe("You've been chosen for Wooden train set");
    expect(mail?.text).toContain(`/item/${item.id}`);

    expect((await as(stranger).get(`/api/items/${item.id}`)).json()).toMatchObject({ promised: true });
    const cards = await as(stranger).get(`/api/users/${owner.user.id}/items`);
    expect(cards.json()).toEqual([expect.objectContaining({ id: item.id, promised: true })]);
    expect((await giveaway(stranger, item.id)).promised).toBe(true);
  });

  it('refuses a request that is not waiting on the item, a draw with nobody waiting, and anyone but the owner', async () => {
    const { owner, item, requesters } = await scene(1);
    const [family] = requesters as [TestSession];
    const empty = await as(owner).post(`/api/items/${item.id}/promise`, { draw: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Nobody has requested this item yet' });
    const other = await scene(1);
    const elsewhere = await requestItem(other.requesters[0] as TestSession, other.item.id);
    const wrong = await as(owner).post(`/api/items/${item.id}/promise`, { requestId: elsewhere.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Choose a family who requested this item' });
    const request = await requestItem(family, item.id);
    expect(
      (await as(family).post(`/api/items/${item.id}/promise`, { requestId: request.id })).statusCode,
    ).toBe(403);
    expect((await as(family).post(`/api/items/${item.id}/promise`, { draw: true })).statusCode).toBe(403);
    expect((await giveaway(owner, item.id)).promised).toBe(false);
  });

  it('draws fairly and records the draw so anyone can recompute it', async () => {
    const { owner, item, requesters } = await scene(4);
    for (const family of requesters) await requestItem(family, item.id);
    const answer = await as(owner).post(`/api/items/${item.id}/promise`, { draw: true });
    expect(answer.statusCode, answer.body).toBe(201);
    const promise = answer.json<ItemPromise>();
    expect(promise.chosenBy).toBe('draw');
    const draw = promise.draw;
    expect(draw?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(draw?.entrants).toEqual(requesters.map((family) => family.user.id));
    expect(draw?.winnerId).toBe(drawWinner(draw?.seed ?? '', draw?.entrants ?? []));
    expect(promise.otherUser.id).toBe(draw?.winnerId);
    const winner = requesters.find((family) => family.user.id === draw?.winnerId) as TestSession;
    expect((await giveaway(winner, item.id)).promise?.draw).toEqual(draw);
    expect((await giveaway(winner, item.id)).myRequest).toMatchObject({ status: 'chosen' });
  });
});

describe('the pickup', () => {
  it('shows the owner’s exact pickup point to the chosen family only', async () => {
    const { owner, item, requesters } = await scene(1);
    const [family] = requesters as [TestSession];
    const stranger = await makeSignedInUser(t);
    const promise = await promiseTo(owner, item.id, (await requestItem(family, item.id)).id);

    const byFamily = await as(family).patch(`/api/exchanges/${promise.id}/pickup`, {
      safeLocationId: null,
    });
    expect(byFamily.statusCode).toBe(403);
    expect(byFamily.json()).toMatchObject({ message: 'Only the owner can offer their own pickup point' });
    const own = await as(owner).patch(`/api/exchanges/${promise.id}/pickup`, { safeLocationId: null });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      exchangeLocation: `Pickup at ${owner.user.firstName}'s place`,
      pickupPoint: { latitude: 30.26712345, longitude: -97.74312345 },
    });
    const seen = await giveaway(family, item.id);
    expect(seen.promise?.pickupPoint).toEqual({ latitude: 30.26712345, longitude: -97.74312345 });
    expect((await as(family).get(`/api/exchanges/${promise.id}`)).statusCode).toBe(200);
    expect((await bell(family)).map((notice) => notice.kind)).toContain('giveaway-pickup');

    expect((await as(stranger).get(`/api/exchanges/${promise.id}`)).statusCode).toBe(404);
    expect((await giveaway(stranger, item.id)).promise).toBeNull();
    const card = (await as(stranger).get(`/api/items/${item.id}`)).json<{
      latitude: number;
      longitude: number;
    }>();
    expect(card).toMatchObject({ latitude: 30.265, longitude: -97.745 });
    expect(JSON.stringify(await giveaway(stranger, item.id))).not.toContain('30.267');
    expect((await as(stranger).patch(`/api/exchanges/${promise.id}/pickup`, {})).statusCode).toBe(404);
  });

  it('takes a safe place and a time within 30 days, and moves the lapse time with it', async () => {
    const { owner, item, requesters } = await scene(1);
    const [family] = requesters as [TestSession];
    const [place] = await t.db
      .insert(safeLocations)
      .values({
        name: 'Central Library',
        address: '710 W Cesar Chavez St',
        city: 'Austin',
        locationType: 'library',
      })
      .returning();
    const promise = await promiseTo(owner, item.id, (await requestItem(family, item.id)).id);
    const past = await as(family).patch(`/api/exchanges/${promise.id}/pickup`, {
      scheduledAt: new Date(t.clock.now().getTime() - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: 'Choose a time in the future' });
    const far = await as(family).patch(`/api/exchanges/${promise.id}/pickup`, {
      scheduledAt: new Date(t.clock.now().getTime() + 31 * 24 * HOUR).toISOString(),
    });
    expect(far.json()).toMatchObject({ message: 'Choose a time within the next 30 days' });
    const unknown = await as(family).patch(`/api/exchanges/${promise.id}/pickup`, {
      safeLocationId: 999999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Choose a meeting place' });

    const scheduledAt = new Date(t.clock.now().getTime() + 48 * HOUR);
    const agreed = await as(family).patch(`/api/exchanges/${promise.id}/pickup`, {
      scheduledAt: scheduledAt.toISOString(),
      safeLocationId: place?.id,
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json()).toMatchObject({
      scheduledAt: scheduledAt.toISOString(),
      lapsesAt: new Date(scheduledAt.getTime() + 24 * HOUR).toISOString(),
      safeLocationId: place?.id,
      exchangeLocation: 'Central Library, 710 W Cesar Chavez St, Austin',
      pickupPoint: null,
      role: 'receiver',
    });
    expect((await bell(owner)).map((notice) => notice.kind)).toContain('giveaway-pickup');
  });
});

describe('handover', () => {
  it('completes only when both confirm, then closes the other requests kindly and invites reviews', async () => {
    const { owner, item, requesters } = await scene(3);
    const [chosen, other, third] = requesters as [TestSession, TestSession, TestSession];
    const request = await requestItem(chosen, item.id);
    await requestItem(other, item.id);
    await requestItem(third, item.id);
    await as(third).delete(`/api/items/${item.id}/requests/mine`);
    const promise = await promiseTo(owner, item.id, request.id);

    const handedOver = await as(owner).post(`/api/exchanges/${promise.id}/confirm`);
    expect(handedOver.statusCode).toBe(200);
    expect(handedOver.json()).toMatchObject({ status: 'pending', giverConfirmedAt: expect.any(String) });
    expect((await as(owner).post(`/api/exchanges/${promise.id}/confirm`)).json()).toMatchObject({
      status: 'pending',
    });
    expect((await bell(chosen)).map((notice) => notice.kind)).toContain('giveaway-confirm');
    const early = await as(owner).post(`/api/exchanges/${promise.id}/reviews`, { rating: 5 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      message: 'You can review once both of you have confirmed the handover',
    });
    expect((await as(other).post(`/api/exchanges/${promise.id}/confirm`)).statusCode).toBe(404);

    const received = await as(chosen).post(`/api/exchanges/${promise.id}/confirm`);
    expect(received.json()).toMatchObject({
      status: 'completed',
      completedAt: t.clock.now().toISOString(),
      canReviewUntil: expect.any(String),
    });
    const after = (await as(other).get(`/api/items/${item.id}`)).json();
    expect(after).toMatchObject({ status: 'free', isAvailable: false, promised: false });
    expect((await giveaway(other, item.id)).myRequest).toMatchObject({ status: 'closed' });
    expect((await giveaway(third, item.id)).myRequest).toMatchObject({ status: 'withdrawn' });
    const kindly = (await bell(other)).find((notice) => notice.kind === 'giveaway-closed');
    expect(kindly).toMatchObject({
      title: 'Wooden train set has gone to another family',
      body: 'Thank you for asking; there will be more.',
    });
    expect((await bell(third)).some((notice) => notice.kind === 'giveaway-closed')).toBe(false);
    for (const party of [owner, chosen]) {
      expect((await bell(party)).map((notice) => notice.kind)).toContain('review-due');
    }
    await t.app.reach.run();
    expect(
      t.sentMail.filter((mail) => mail.subject.startsWith('How did it go with')).map((mail) => mail.to),
    ).toEqual(expect.arrayContaining([owner.user.email, chosen.user.email]));
    expect((await as(chosen).post(`/api/exchanges/${promise.id}/reviews`, { rating: 5 })).statusCode).toBe(
      201,
    );
    expect((await as(chosen).get(`/api/users/${owner.user.id}`)).json()).toMatchObject({
      rating: '5.00',
      totalRatings: 1,
    });
    expect((await as(chosen).post(`/api/exchanges/${promise.id}/release`)).statusCode).toBe(409);
  });

  it('sets the handed-over status matching a swap', async () => {
    const { owner, item, requesters } = await scene(1, { exchangeType: 'swap' });
    const [family] = requesters as [TestSession];
    const promise = await promiseTo(owner, item.id, (await requestItem(family, item.id)).id);
    await as(family).post(`/api/exchanges/${promise.id}/confirm`);
    await as(owner).post(`/api/exchanges/${promise.id}/confirm`);
    expect((await as(family).get(`/api/items/${item.id}`)).json()).toMatchObject({
      status: 'swapped',
      isAvailable: false,
    });
  });

  it('completes once under simultaneous confirmations', async () => {
    const { owner, item, requesters } = await scene(1);
    const [family] = requesters as [TestSession];
    const promise = await promiseTo(owner, item.id, (await requestItem(family, item.id)).id);
    const answers = await Promise.all([
      as(owner).post(`/api/exchanges/${promise.id}/confirm`),
      as(family).post(`/api/exchanges/${promise.id}/confirm`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await as(owner).get(`/api/exchanges/${promise.id}`)).json()).toMatchObject({
      status: 'completed',
    });
    const invites = (await bell(owner)).filter((notice) => notice.kind === 'review-due');
    expect(invites).toHaveLength(1);
  });
});

describe('ending a promise', () => {
  it('releases by either side: the item is back with the families waiting', async () => {
    const { owner, item, requesters } = await scene(2);
    const [first, second] = requesters as [TestSession, TestSession];
    const request = await requestItem(first, item.id);
    const backup = await requestItem(second, item.id);
    const promise = await promiseTo(owner, item.id, request.id);
    const released = await as(first).post(`/api/exchanges/${promise.id}/release`);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ status: 'released' });
    expect((await bell(owner)).map((notice) => notice.kind)).toContain('giveaway-released');
    const now = await giveaway(owner, item.id);
    expect(now).toMatchObject({ promised: false, requestCount: 1 });
    expect((await as(second).get(`/api/items/${item.id}`)).json()).toMatchObject({ promised: false });
    expect((await as(first).post(`/api/exchanges/${promise.id}/confirm`)).statusCode).toBe(409);
    const next = await promiseTo(owner, item.id, backup.id);
    expect(next.otherUser.id).toBe(second.user.id);
  });

  it('lapses a promise with no handover by its time plus the grace period', async () => {
    const { owner, item, requesters } = await scene(2);
    const [first, second] = requesters as [TestSession, TestSession];
    const promise = await promiseTo(owner, item.id, (await requestItem(first, item.id)).id);
    await requestItem(second, item.id);
    expect(await lapseOverduePromises(t.db, t.clock.now())).toBe(0);
    t.clock.advance(72 * HOUR);
    expect(await lapseOverduePromises(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await as(owner).get(`/api/exchanges/${promise.id}`)).json()).toMatchObject({
      status: 'lapsed',
      lapsesAt: null,
    });
    expect(await giveaway(owner, item.id)).toMatchObject({ promised: false, requestCount: 1 });
    expect((await giveaway(first, item.id)).myRequest).toMatchObject({ status: 'closed' });
    for (const party of [owner, first]) {
      expect((await bell(party)).map((notice) => notice.kind)).toContain('giveaway-lapsed');
    }
    expect((await as(first).post(`/api/exchanges/${promise.id}/confirm`)).json()).toMatchObject({
      message: 'This promise has already ended',
    });
  });

  it('takes a no-show from the giver only, after the pickup time, and counts it in reliability', async () => {
    const { owner, item, requesters } = await scene(1);
    const [family] = requesters as [TestSession];
    const promise = await promiseTo(owner, item.id, (await requestItem(family, item.id)).id);
    await as(owner).patch(`/api/exchanges/${promise.id}/pickup`, {
      scheduledAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    expect((await as(family).post(`/api/exchanges/${promise.id}/no-show`)).statusCode).toBe(403);
    const early = await as(owner).post(`/api/exchanges/${promise.id}/no-show`);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      message: 'You can say they did not come once the pickup time has passed',
    });
    t.clock.advance(3 * HOUR);
    const said = await as(owner).post(`/api/exchanges/${promise.id}/no-show`);
    expect(said.json()).toMatchObject({ status: 'no-show' });
    expect((await bell(family)).map((notice) => notice.kind)).toContain('giveaway-no-show');
    expect((await as(owner).get(`/api/users/${family.user.id}`)).json()).toMatchObject({
      reliability: { completed: 0, promised: 1, noShows: 1 },
    });
  });
});

describe('reliability', () => {
  it('counts completed handovers and no-shows, and lists repeated no-show families after the others', async () => {
    const owner = await makeSignedInUser(t);
    const flaky = await makeSignedInUser(t);
    const steady = await makeSignedInUser(t);
    // Two no-shows for the flaky family, one completed handover for the steady one.
    for (let round = 0; round < 2; round += 1) {
      const item = await makeItem(t.db, owner.user);
      const promise = await promiseTo(owner, item.id, (await requestItem(flaky, item.id)).id);
      expect((await as(owner).post(`/api/exchanges/${promise.id}/no-show`)).statusCode).toBe(200);
    }
    const given = await makeItem(t.db, owner.user);
    const kept = await promiseTo(owner, given.id, (await requestItem(steady, given.id)).id);
    await as(owner).post(`/api/exchanges/${kept.id}/confirm`);
    await as(steady).post(`/api/exchanges/${kept.id}/confirm`);
    expect((await as(steady).get('/api/user')).json()).toMatchObject({
      reliability: { completed: 1, promised: 1, noShows: 0 },
    });
    expect((await as(owner).get(`/api/users/${flaky.user.id}`)).json()).toMatchObject({
      reliability: { completed: 0, promised: 2, noShows: 2 },
    });

    const item = await makeItem(t.db, owner.user);
    await requestItem(flaky, item.id);
    t.clock.advance(1000);
    await requestItem(steady, item.id);
    const listed = (await giveaway(owner, item.id)).requests ?? [];
    expect(listed.map((request) => request.user.id)).toEqual([steady.user.id, flaky.user.id]);
    expect(listed[1]?.reliability).toEqual({ completed: 0, promised: 2, noShows: 2 });
  });
});

describe('recorded handovers', () => {
  it('count only when the receiver confirms; a rigged record moves nobody’s rating', async () => {
    const owner = await makeSignedInUser(t);
    const accomplice = await makeSignedInUser(t);
    const ratingsBefore = async () => [
      (await as(owner).get(`/api/users/${owner.user.id}`)).json(),
      (await as(owner).get(`/api/users/${accomplice.user.id}`)).json(),
    ];
    const before = await ratingsBefore();
    const exchangeIds: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const item = await makeItem(t.db, owner.user, { title: `Rigged ${round}` });
      // An empty conversation: the accomplice never wrote a word.
      await t.db
        .insert(conversations)
        .values({ itemId: item.id, buyerId: accomplice.user.id, sellerId: owner.user.id });
      const recorded = await as(owner).post(`/api/items/${item.id}/exchange`, {
        receiverId: accomplice.user.id,
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
      expect(recorded.json()).toMatchObject({
        status: 'pending',
        chosenBy: 'record',
        giverConfirmedAt: expect.any(String),
      });
      exchangeIds.push(recorded.json<ItemPromise>().id);
    }
    for (const id of exchangeIds) {
      const byOwner = await as(owner).post(`/api/exchanges/${id}/reviews`, { rating: 5 });
      expect(byOwner.statusCode).toBe(400);
      const byAccomplice = await as(accomplice).post(`/api/exchanges/${id}/reviews`, { rating: 5 });
      expect(byAccomplice.statusCode).toBe(400);
      expect(byAccomplice.json()).toMatchObject({
        message: 'You can review once both of you have confirmed the handover',
      });
    }
    expect(await ratingsBefore()).toEqual(before);
    expect(before[0]).toMatchObject({ rating: '0.00', totalRatings: 0 });
    expect((await bell(accomplice)).filter((notice) => notice.kind === 'giveaway-confirm')).toHaveLength(3);
    // Lapsing unconfirmed records says nothing about the named family either.
    t.clock.advance(73 * HOUR);
    await lapseOverduePromises(t.db, t.clock.now());
    expect((await as(owner).get(`/api/users/${accomplice.user.id}`)).json()).toMatchObject({
      reliability: { completed: 0, promised: 0, noShows: 0 },
    });
  });

  it('completes when the receiver confirms; refuses strangers, others and a second live exchange', async () => {
    const owner = await makeSignedInUser(t);
    const buyer = await makeSignedInUser(t);
    const stranger = await makeSignedInUser(t);
    const item = await makeItem(t.db, owner.user, { exchangeType: 'sell', price: '12.00' });
    await t.db
      .insert(conversations)
      .values({ itemId: item.id, buyerId: buyer.user.id, sellerId: owner.user.id });
    const notPartner = await as(owner).post(`/api/items/${item.id}/exchange`, {
      receiverId: stranger.user.id,
    });
    expect(notPartner.statusCode).toBe(400);
    expect(notPartner.json()).toMatchObject({ message: 'Choose someone you talked with about this item' });
    expect(
      (await as(stranger).post(`/api/items/${item.id}/exchange`, { receiverId: buyer.user.id })).statusCode,
    ).toBe(403);
    const recorded = (
      await as(owner).post(`/api/items/${item.id}/exchange`, { receiverId: buyer.user.id })
    ).json<ItemPromise>();
    expect(
      (await as(owner).post(`/api/items/${item.id}/exchange`, { receiverId: buyer.user.id })).statusCode,
    ).toBe(409);
    const noShow = await as(owner).post(`/api/exchanges/${recorded.id}/no-show`);
    expect(noShow.statusCode).toBe(400);
    const confirmed = await as(buyer).post(`/api/exchanges/${recorded.id}/confirm`);
    expect(confirmed.json()).toMatchObject({ status: 'completed', role: 'receiver' });
    expect((await as(buyer).get(`/api/items/${item.id}`)).json()).toMatchObject({ status: 'sold' });
    const listed = (await as(buyer).get('/api/exchanges')).json<ItemPromise[]>();
    expect(listed[0]).toMatchObject({ id: recorded.id, canReviewUntil: expect.any(String) });
  });
});

describe('who may call what', () => {
  it('answers 404 to non-parties and 403 to the wrong party on every promise route', async () => {
    const { owner, item, requesters } = await scene(1);
    const [family] = requesters as [TestSession];
    const stranger = await makeSignedInUser(t);
    const promise = await promiseTo(owner, item.id, (await requestItem(family, item.id)).id);
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', '/pickup'],
      ['POST', '/confirm'],
      ['POST', '/release'],
      ['POST', '/no-show'],
    ] as const) {
      const answer = await as(stranger).send(
        method,
        `/api/exchanges/${promise.id}${path}`,
        method === 'PATCH' ? {} : undefined,
      );
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await as(stranger).put(`/api/items/${item.id}/request-window`, { hours: 1 })).statusCode).toBe(
      403,
    );
    expect((await as(stranger).post(`/api/items/${item.id}/promise`, { draw: true })).statusCode).toBe(403);
    expect((await as(stranger).delete(`/api/items/${item.id}/requests/mine`)).statusCode).toBe(404);
    expect((await as(stranger).get('/api/items/999999/giveaway')).statusCode).toBe(404);
    const still = await as(owner).get(`/api/exchanges/${promise.id}`);
    expect(still.json()).toMatchObject({ status: 'pending' });
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, stranger.user.id)));
    expect(rows).toHaveLength(0);
  });
});
