import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, favorites, items } from '../../db/schema.js';
import {
  as,
  makeSignedInUser,
  makeUpload,
  signInConfiguredAdmin,
  type TestSession,
} from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

const ADMIN = { ADMIN_EMAIL: 'moderator@littleloop.test', ADMIN_PASSWORD: 'admin-secret' };
let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await makeTestApp(ADMIN);
  admin = await signInConfiguredAdmin(t, ADMIN);
});
afterAll(async () => {
  await t.close();
});

async function listItem(owner: TestSession, overrides: Record<string, unknown> = {}) {
  const response = await as(owner).post('/api/items', {
    title: 'Wooden train set',
    description: 'Forty pieces, all there.',
    category: 'toys',
    condition: 'good',
    exchangeType: 'free',
    imageUrls: [await makeUpload(t.db, owner.user)],
    latitude: 40.7411,
    longitude: -73.9897,
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; warning?: string };
}

async function row(id: number) {
  const [found] = await t.db.select().from(items).where(eq(items.id, id));
  return found;
}

/** Everywhere another family could come across a listing. */
async function seenBy(viewer: TestSession, ownerId: number, itemId: number, title: string) {
  // Past the hour of early access, when every family could see a new listing.
  t.clock.advance(3 * 60 * 60 * 1000);
  const detail = await as(viewer).get(`/api/items/${itemId}`);
  const browse = await as(viewer).get(`/api/items?search=${encodeURIComponent(title)}`);
  const profile = await as(viewer).get(`/api/users/${ownerId}/items`);
  const favourites = await as(viewer).get('/api/favorites/with-items');
  const ids = (list: Array<{ id?: number; item?: { id: number } }>) =>
    list.map((entry) => entry.item?.id ?? entry.id);
  return {
    detail: detail.statusCode === 200,
    browse: ids(browse.json()).includes(itemId),
    profile: ids(profile.json()).includes(itemId),
    favourites: ids(favourites.json()).includes(itemId),
  };
}
const everywhere = { detail: true, browse: true, profile: true, favourites: true };
const nowhere = { detail: false, browse: false, profile: false, favourites: false };

describe('moderation rules on listing', () => {
  it('hides a severe match from everyone but its owner, tells the owner why, until an administrator approves', async () => {
    const owner = await makeSignedInUser(t);
    const neighbour = await makeSignedInUser(t);
    const created = await listItem(owner, { title: 'Drop-side crib, barely used' });
    expect(created.warning).toMatch(
      /^Only you can see this listing until an administrator has reviewed it\./,
    );
    expect(created.warning).toContain('Drop-side cribs are banned');
    expect(await row(created.id)).toMatchObject({
      flaggedForReview: true,
      isHidden: true,
      moderatorReviewed: false,
      flagReason: expect.stringContaining('Drop-side'),
    });
    // Even a favourite made before it was hidden does not reveal it.
    await t.db.insert(favorites).values({ userId: neighbour.user.id, itemId: created.id });
    expect(await seenBy(neighbour, owner.user.id, created.id, 'crib')).toEqual(nowhere);
    expect((await as(owner).get(`/api/items/${created.id}`)).statusCode).toBe(200);

    const queue = (await as(admin).get('/api/admin/moderation')).json();
    expect(queue.find((entry: { id: number }) => entry.id === created.id)).toMatchObject({
      title: 'Drop-side crib, barely used',
      isHidden: true,
      ownerEmail: owner.user.email,
    });

    const approved = await as(admin).put(`/api/admin/items/${created.id}/moderation`, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ id: created.id, isHidden: false, moderatorReviewed: true });
    expect(await seenBy(neighbour, owner.user.id, created.id, 'crib')).toEqual(everywhere);
    const after = (await as(admin).get('/api/admin/moderation')).json();
    expect(after.map((entry: { id: number }) => entry.id)).not.toContain(created.id);
  });

  it('flags a listing that only needs a second look and leaves it visible', async () => {
    const owner = await makeSignedInUser(t);
    const neighbour = await makeSignedInUser(t);
    const created = await listItem(owner, { title: 'Amber teething necklace' });
    expect(created.warning).toMatch(/^An administrator will review this listing\./);
    expect(await row(created.id)).toMatchObject({ flaggedForReview: true, isHidden: false });
    await t.db.insert(favorites).values({ userId: neighbour.user.id, itemId: created.id });
    expect(await seenBy(neighbour, owner.user.id, created.id, 'necklace')).toEqual(everywhere);
    const stats = (await as(admin).get('/api/admin/stats')).json();
    expect(stats.flaggedListings).toBeGreaterThanOrEqual(1);
  });

  it('leaves ordinary listings alone', async () => {
    const owner = await makeSignedInUser(t);
    const created = await listItem(owner, { title: 'Balance bike', brand: 'Strider' });
    expect(created.warning).toBeUndefined();
    expect(await row(created.id)).toMatchObject({
      flaggedForReview: false,
      isHidden: false,
      flagReason: null,
    });
  });

  it('checks the words again on every edit: an approval is for the listing as it was', async () => {
    const owner = await makeSignedInUser(t);
    const neighbour = await makeSignedInUser(t);
    const created = await listItem(owner, { title: 'Cot and mattress' });
    const edited = await as(owner).patch(`/api/items/${created.id}`, {
      description: 'Comes with the matching cot bumpers.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().warning).toContain('Crib bumpers and liners are banned');
    expect(await row(created.id)).toMatchObject({ flaggedForReview: true, isHidden: true });
    expect((await as(neighbour).get(`/api/items/${created.id}`)).statusCode).toBe(404);

    await as(admin).put(`/api/admin/items/${created.id}/moderation`, { decision: 'approve' });
    expect(await row(created.id)).toMatchObject({ isHidden: false, moderatorReviewed: true });
    // A status change leaves the words as they were: the approval holds.
    await as(owner).patch(`/api/items/${created.id}`, { status: 'free' });
    expect(await row(created.id)).toMatchObject({ isHidden: false, moderatorReviewed: true });

    const worse = await as(owner).patch(`/api/items/${created.id}`, { title: 'Cot and baby walker' });
    expect(worse.json().warning).toContain('baby walkers');
    expect(await row(created.id)).toMatchObject({ isHidden: true, moderatorReviewed: false });

    // Taking the words out again does not take a listing out of hiding by itself.
    await as(owner).patch(`/api/items/${created.id}`, { title: 'Cot', description: 'A cot.' });
    expect(await row(created.id)).toMatchObject({ isHidden: true, moderatorReviewed: false });
  });

  it('sends an approved listing edited into something else back to the queue, hidden', async () => {
    const owner = await makeSignedInUser(t);
    const neighbour = await makeSignedInUser(t);
    const created = await listItem(owner, { title: 'Cap gun cowboy costume' });
    expect(await row(created.id)).toMatchObject({ flaggedForReview: true, isHidden: true });
    await as(admin).put(`/api/admin/items/${created.id}/moderation`, { decision: 'approve' });
    expect(await seenBy(neighbour, owner.user.id, created.id, 'cowboy')).toEqual({
      ...everywhere,
      favourites: false,
    });

    const edited = await as(owner).patch(`/api/items/${created.id}`, {
      title: 'Loaded 9mm handgun with ammunition',
    });
    expect(edited.json().warning).toContain('Weapons and ammunition are not allowed');
    expect(await row(created.id)).toMatchObject({
      isHidden: true,
      moderatorReviewed: false,
      flaggedForReview: true,
    });
    expect(await seenBy(neighbour, owner.user.id, created.id, 'handgun')).toEqual(nowhere);
    const queue = await as(admin).get('/api/admin/moderation');
    expect(JSON.stringify(queue.json())).toContain('Loaded 9mm handgun');
  });

  it('takes a listing hidden on edit out of conversations and hearts, and pauses messages about it', async () => {
    const owner = await makeSignedInUser(t);
    const neighbour = await makeSignedInUser(t);
    const created = await listItem(owner, { title: 'Bubble machine' });
    t.clock.advance(3 * 60 * 60 * 1000); // past early access
    const opened = await as(neighbour).post('/api/conversations', {
      itemId: created.id,
      sellerId: owner.user.id,
    });
    expect(opened.statusCode).toBe(201);
    const conversationId = opened.json<{ id: number }>().id;
    expect((await as(neighbour).post('/api/favorites', { itemId: created.id })).statusCode).toBe(201);
    const say = (who: TestSession) =>
      as(who).post(`/api/conversations/${conversationId}/messages`, { content: 'Still there?' });
    expect((await say(neighbour)).statusCode).toBe(201);

    await as(owner).patch(`/api/items/${created.id}`, { description: 'Comes with a vape pen.' });
    expect(await row(created.id)).toMatchObject({ isHidden: true });

    const list = (await as(neighbour).get('/api/conversations')).json<{ id: number; item: unknown }[]>();
    expect(list.find((entry) => entry.id === conversationId)?.item ?? null).toBeNull();
    const thread = (await as(neighbour).get(`/api/conversations/${conversationId}`)).json<{
      item: unknown;
    }>();
    expect(thread.item ?? null).toBeNull();
    expect((await as(neighbour).get('/api/favorites/ids')).json()).toEqual({ itemIds: [] });
    const paused = await say(neighbour);
    expect(paused.statusCode).toBe(403);
    expect(paused.json()).toMatchObject({
      message: 'This listing is being reviewed; messages about it are paused',
    });
    // The owner still sees the listing in the conversation and can explain.
    const ownersList = (await as(owner).get('/api/conversations')).json<
      { id: number; item: { id: number } | null }[]
    >();
    expect(ownersList.find((entry) => entry.id === conversationId)?.item?.id).toBe(created.id);
    expect((await say(owner)).statusCode).toBe(201);
  });

  it('reads a listing’s size and spellings meant to slip past the rules', async () => {
    const owner = await makeSignedInUser(t);
    for (const fields of [
      { title: 'Pis\u200btol holster' },
      { title: 'H\u0430ndgun' },
      { title: 'V4pe starter kit' },
      { title: 'Boots', size: 'h a n d g u n' },
    ]) {
      const created = await listItem(owner, fields);
      expect(created.warning, JSON.stringify(fields)).toContain('Only you can see this listing');
      expect(await row(created.id)).toMatchObject({ isHidden: true });
    }
  });

  it('checks every listing of a bulk upload', async () => {
    const owner = await makeSignedInUser(t, {
      isPremium: true,
      city: 'Austin',
      state: 'TX',
      country: 'United States',
    });
    const response = await as(owner).post('/api/bulk-listings', {
      baseTitle: 'Nursery clear-out',
      description: 'Collect this week.',
      category: 'other',
      condition: 'good',
      exchangeType: 'free',
      items: [{ title: 'Mobile' }, { title: 'Inclined sleeper' }, { title: 'Night light' }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().warning).toMatch(
      /^1 of these listings wait for an administrator's review, 1 seen only by you/,
    );
    const flags = await Promise.all(
      response.json().items.map(async (item: { id: number }) => (await row(item.id))?.isHidden),
    );
    expect(flags).toEqual([false, true, false]);
  });
});

describe('administrator decisions', () => {
  it('hides a flagged listing for good, and records each decision in the audit log', async () => {
    const owner = await makeSignedInUser(t);
    const neighbour = await makeSignedInUser(t);
    const created = await listItem(owner, { title: 'Water beads sensory kit' });
    expect(await row(created.id)).toMatchObject({ isHidden: false });

    const hidden = await as(admin).put(`/api/admin/items/${created.id}/moderation`, {
      decision: 'hide',
    });
    expect(hidden.json()).toEqual({ id: created.id, isHidden: true, moderatorReviewed: true });
    expect(await seenBy(neighbour, owner.user.id, created.id, 'beads')).toEqual(nowhere);
    // The owner's next edit does not bring it back.
    await as(owner).patch(`/api/items/${created.id}`, { title: 'Sensory kit' });
    expect(await row(created.id)).toMatchObject({ isHidden: true });

    const trail = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, created.id));
    expect(trail.filter((entry) => entry.targetType === 'item').map((entry) => entry.action)).toEqual([
      'item.hide',
    ]);
    expect(
      (await as(admin).put(`/api/admin/items/${created.id}/moderation`, { decision: 'maybe' })).statusCode,
    ).toBe(400);
  });

  it('queues a listing a parent reported, and a decision on it resolves the report', async () => {
    const owner = await makeSignedInUser(t);
    // Premium, so the new listing is theirs to see (and report) during its early-access hour.
    const neighbour = await makeSignedInUser(t, { isPremium: true });
    const created = await listItem(owner, { title: 'Wooden stacking rings' });
    const queued = async () =>
      ((await as(admin).get('/api/admin/moderation')).json() as Array<{ id: number }>).map(
        (entry) => entry.id,
      );
    expect(await queued()).not.toContain(created.id);

    const reported = await as(neighbour).post(`/api/items/${created.id}/report`, {
      reason: 'Paint is peeling off',
    });
    expect(reported.statusCode).toBe(201);
    expect(await queued()).toContain(created.id);

    await as(admin).put(`/api/admin/items/${created.id}/moderation`, { decision: 'approve' });
    expect(await queued()).not.toContain(created.id);
    const reports = (await as(admin).get('/api/admin/reports')).json() as Array<{
      itemId: number | null;
      status: string;
    }>;
    expect(reports.find((report) => report.itemId === created.id)?.status).toBe('resolved');
  });

  it('deletes a listing, keeping the record of it', async () => {
    const owner = await makeSignedInUser(t);
    const created = await listItem(owner, { title: 'Pepper spray for parents' });
    expect((await as(admin).delete(`/api/admin/items/${created.id}`)).statusCode).toBe(204);
    expect(await row(created.id)).toBeUndefined();
    expect((await as(owner).get(`/api/items/${created.id}`)).statusCode).toBe(404);
    expect((await as(admin).delete(`/api/admin/items/${created.id}`)).statusCode).toBe(404);
    const log = (await as(admin).get('/api/admin/audit-log')).json();
    expect(log[0]).toMatchObject({
      action: 'item.delete',
      targetType: 'item',
      targetId: created.id,
      targetLabel: 'Pepper spray for parents',
      actorLabel: 'moderator@littleloop.test',
    });
  });

  it('answers 404 for a decision on a listing that does not exist', async () => {
    const response = await as(admin).put('/api/admin/items/999999/moderation', {
      decision: 'approve',
    });
    expect(response.statusCode).toBe(404);
  });
});
