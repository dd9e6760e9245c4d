import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, exchanges } from '../../db/schema.js';
import { as, makeItem, makeSignedInUser } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { findUserById } from '../users/users.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An owner's item and a parent who wrote about it (who may receive it). */
async function talkedAbout(exchangeType: 'free' | 'swap' | 'sell' = 'free') {
  const owner = await makeSignedInUser(t);
  const receiver = await makeSignedInUser(t);
  const item = await makeItem(t.db, owner.user, {
    title: 'Baby gym',
    exchangeType,
    ...(exchangeType === 'sell' ? { price: '8.00' } : {}),
  });
  await t.db
    .insert(conversations)
    .values({ itemId: item.id, buyerId: receiver.user.id, sellerId: owner.user.id });
  return { owner, receiver, item };
}

/** A handover the owner recorded and the receiver confirmed: a completed exchange. */
async function recorded() {
  const setup = await talkedAbout();
  const response = await as(setup.owner).post(`/api/items/${setup.item.id}/exchange`, {
    receiverId: setup.receiver.user.id,
  });
  expect(response.statusCode).toBe(201);
  const exchangeId = response.json<{ id: number }>().id;
  const confirmed = await as(setup.receiver).post(`/api/exchanges/${exchangeId}/confirm`);
  expect(confirmed.json()).toMatchObject({ status: 'completed' });
  return { ...setup, exchangeId };
}

describe('recording who received an item', () => {
  it('lists the conversation partners and records a handover the receiver then confirms', async () => {
    const { owner, receiver, item } = await talkedAbout('sell');
    const partners = await as(owner).get(`/api/items/${item.id}/exchange-partners`);
    expect(partners.json()).toEqual([expect.objectContaining({ id: receiver.user.id })]);
    const response = await as(owner).post(`/api/items/${item.id}/exchange`, {
      receiverId: receiver.user.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      itemId: item.id,
      role: 'giver',
      status: 'pending',
      chosenBy: 'record',
      otherUser: { id: receiver.user.id },
      canReviewUntil: null,
    });
    const theirs = await as(receiver).get('/api/exchanges');
    expect(theirs.json()).toEqual([
      expect.objectContaining({
        itemTitle: 'Baby gym',
        role: 'receiver',
        status: 'pending',
        myReviewId: null,
        canReviewUntil: null,
      }),
    ]);
    const twice = await as(owner).post(`/api/items/${item.id}/exchange`, {
      receiverId: receiver.user.id,
    });
    expect(twice.statusCode).toBe(409);
    const exchangeId = response.json<{ id: number }>().id;
    await as(receiver).post(`/api/exchanges/${exchangeId}/confirm`);
    expect((await as(receiver).get('/api/exchanges')).json()[0]).toMatchObject({
      status: 'completed',
      canReviewUntil: expect.any(String),
    });
    expect((await as(receiver).get(`/api/items/${item.id}`)).json()).toMatchObject({
      status: 'sold',
      isAvailable: false,
    });
  });

  it('refuses anyone but the owner and a stranger as receiver', async () => {
    const owner = await makeSignedInUser(t);
    const stranger = await makeSignedInUser(t);
    const item = await makeItem(t.db, owner.user);
    const notPartner = await as(owner).post(`/api/items/${item.id}/exchange`, {
      receiverId: stranger.user.id,
    });
    expect(notPartner.statusCode).toBe(400);
    expect(notPartner.json()).toMatchObject({ message: 'Choose someone you talked with about this item' });
    const notOwner = await as(stranger).post(`/api/items/${item.id}/exchange`, {
      receiverId: owner.user.id,
    });
    expect(notOwner.statusCode).toBe(403);
  });
});

describe('reviews', () => {
  it('lets each side rate the other once, and the profile lists it with the rating updated', async () => {
    const { owner, receiver, exchangeId } = await recorded();
    const review = await as(receiver).post(`/api/exchanges/${exchangeId}/reviews`, {
      rating: 4,
      comment: '  Friendly and on time  ',
    });
    expect(review.statusCode).toBe(201);
    expect(review.json()).toMatchObject({
      rating: 4,
      comment: 'Friendly and on time',
      reviewer: { id: receiver.user.id },
    });
    const again = await as(receiver).post(`/api/exchanges/${exchangeId}/reviews`, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'You have already reviewed this exchange' });
    expect(await as(owner).post(`/api/exchanges/${exchangeId}/reviews`, { rating: 5 })).toMatchObject({
      statusCode: 201,
    });

    const profile = await as(receiver).get(`/api/users/${owner.user.id}`);
    expect(profile.json()).toMatchObject({ rating: '4.00', totalRatings: 1 });
    const listed = await as(receiver).get(`/api/users/${owner.user.id}/reviews`);
    expect(listed.json()).toEqual([
      expect.objectContaining({ rating: 4, itemTitle: 'Baby gym', response: null }),
    ]);
    expect((await as(owner).get('/api/exchanges')).json()[0]).toMatchObject({
      canReviewUntil: null,
      myReviewId: expect.any(Number),
    });
  });

  it('refuses a review from a third parent, out of range or 30 days after completion', async () => {
    const { receiver, exchangeId } = await recorded();
    const outsider = await makeSignedInUser(t);
    expect((await as(outsider).post(`/api/exchanges/${exchangeId}/reviews`, { rating: 5 })).statusCode).toBe(
      403,
    );
    expect((await as(outsider).post('/api/exchanges/999999/reviews', { rating: 5 })).statusCode).toBe(404);
    for (const rating of [0, 6, 3.5, '5']) {
      expect((await as(receiver).post(`/api/exchanges/${exchangeId}/reviews`, { rating })).statusCode).toBe(
        400,
      );
    }
    // The handover was completed 31 days ago.
    await t.db
      .update(exchanges)
      .set({ completedAt: new Date(t.clock.now().getTime() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(exchanges.id, exchangeId));
    const late = await as(receiver).post(`/api/exchanges/${exchangeId}/reviews`, { rating: 5 });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: 'Reviews are possible for 30 days after an exchange' });
    expect((await as(receiver).get('/api/exchanges')).json()[0]).toMatchObject({ canReviewUntil: null });
  });

  it('keeps rating and totalRatings right under concurrent reviews', async () => {
    const owner = await makeSignedInUser(t);
    const receivers = await Promise.all([1, 2, 3, 4].map(() => makeSignedInUser(t)));
    const exchangeIds: number[] = [];
    for (const receiver of receivers) {
      const item = await makeItem(t.db, owner.user);
      await t.db
        .insert(conversations)
        .values({ itemId: item.id, buyerId: receiver.user.id, sellerId: owner.user.id });
      const exchange = await as(owner).post(`/api/items/${item.id}/exchange`, {
        receiverId: receiver.user.id,
      });
      const exchangeId = exchange.json<{ id: number }>().id;
      await as(receiver).post(`/api/exchanges/${exchangeId}/confirm`);
      exchangeIds.push(exchangeId);
    }
    const ratings = [5, 4, 4, 2];
    const answers = await Promise.all(
      receivers.map((receiver, index) =>
        as(receiver).post(`/api/exchanges/${exchangeIds[index]}/reviews`, { rating: ratings[index] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    const row = await findUserById(t.db, owner.user.id);
    expect(row).toMatchObject({ totalRatings: 4, rating: '3.75' });
  });

  it('lets the reviewed parent answer once, publicly, and nobody else', async () => {
    const { owner, receiver, exchangeId } = await recorded();
    const review = (await as(receiver).post(`/api/exchanges/${exchangeId}/reviews`, { rating: 5 })).json<{
      id: number;
    }>();
    const byAuthor = await as(receiver).post(`/api/reviews/${review.id}/response`, {
      response: 'Me too',
    });
    expect(byAuthor.statusCode).toBe(403);
    const blank = await as(owner).post(`/api/reviews/${review.id}/response`, { response: '  ' });
    expect(blank.statusCode).toBe(400);
    const answer = await as(owner).post(`/api/reviews/${review.id}/response`, {
      response: 'Thank you!',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ response: 'Thank you!', respondedAt: expect.any(String) });
    expect(
      (await as(owner).post(`/api/reviews/${review.id}/response`, { response: 'Again' })).statusCode,
    ).toBe(409);
    const listed = await as(receiver).get(`/api/users/${owner.user.id}/reviews`);
    expect(listed.json()[0]).toMatchObject({ response: 'Thank you!' });
  });
});

describe('reporting a listing', () => {
  it('files one pending report per parent and listing, which administrators see with the item', async () => {
    const owner = await makeSignedInUser(t);
    const reporter = await makeSignedInUser(t);
    const admin = await makeSignedInUser(t, { isAdmin: true });
    const item = await makeItem(t.db, owner.user);
    const blank = await as(reporter).post(`/api/items/${item.id}/report`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('A reason is required to report this listing');
    const first = await as(reporter).post(`/api/items/${item.id}/report`, { reason: 'Looks unsafe' });
    expect(first.statusCode).toBe(201);
    const second = await as(reporter).post(`/api/items/${item.id}/report`, { reason: 'Again' });
    expect(second.statusCode).toBe(409);
    // Reporting the owner is a different target: allowed once too.
    const user = await as(reporter).post('/api/users/report', { userId: owner.user.id, reason: 'Rude' });
    expect(user.statusCode).toBe(201);
    expect(
      (await as(reporter).post('/api/users/report', { userId: owner.user.id, reason: 'Rude' })).statusCode,
    ).toBe(409);
    expect((await as(owner).post(`/api/items/${item.id}/report`, { reason: 'mine' })).statusCode).toBe(400);
    expect((await as(reporter).post('/api/items/999999/report', { reason: 'gone' })).statusCode).toBe(404);
    const reports = await as(admin).get('/api/admin/reports');
    expect(reports.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reporterId: reporter.user.id,
          reportedUserId: owner.user.id,
          itemId: item.id,
          reason: 'Looks unsafe',
        }),
        expect.objectContaining({
          reporterId: reporter.user.id,
          reportedUserId: owner.user.id,
          itemId: null,
          reason: 'Rude',
        }),
      ]),
    );
  });
});
