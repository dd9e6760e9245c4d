import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  UNSUBSCRIBE_LINK_INVALID,
  type NotificationSettings,
  type PushPayload,
} from '../../../common/schemas/reach.js';
import { deliveries, exchanges, pushSubscriptions } from '../../db/schema.js';
import type { MailMessage } from '../../lib/mail.js';
import {
  as,
  asVisitor,
  makeItem,
  makeSignedInUser,
  TEST_PASSWORD,
  type TestSession,
} from '../../test/factories.js';
import { startTestPushService } from '../../test/push-service.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startTestPushService>>;
beforeAll(async () => {
  t = await makeTestApp();
  pushService = await startTestPushService();
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const MINUTE = 60_000;
/** 15:00 in Chicago (20:00 UTC): outside the default quiet hours. */
const AFTERNOON_IN_CHICAGO = new Date('2027-06-10T20:00:00Z');
beforeEach(() => {
  t.clock.set(AFTERNOON_IN_CHICAGO);
  pushService.received.length = 0;
  t.sentMail.length = 0;
});

async function settingsOf(session: TestSession): Promise<NotificationSettings> {
  const answer = await as(session).get('/api/notifications/settings');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<NotificationSettings>();
}

async function change(session: TestSession, body: object): Promise<NotificationSettings> {
  const answer = await as(session).patch('/api/notifications/settings', body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<NotificationSettings>();
}

/** A parent in Chicago whose browser told us her zone. */
async function parent(firstName: string) {
  const session = await makeSignedInUser(t, { firstName, city: 'Chicago', state: 'IL' });
  await change(session, { timeZone: 'America/Chicago' });
  return session;
}

async function conversationBetween(buyer: TestSession, owner: TestSession) {
  const item = await makeItem(t.db, owner.user, { title: 'Red balance bike' });
  const opened = await as(buyer).post('/api/conversations', {
    itemId: item.id,
    sellerId: owner.user.id,
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return { item, conversationId: opened.json<{ id: number }>().id };
}

async function say(from: TestSession, conversationId: number, content: string) {
  const sent = await as(from).post(`/api/conversations/${conversationId}/messages`, { content });
  expect(sent.statusCode, sent.body).toBe(201);
}

const mailTo = (session: TestSession): MailMessage[] =>
  t.sentMail.filter((mail) => mail.to === session.user.email);
const pushesTo = (device: string) => pushService.received.filter((push) => push.device === device);

describe('notification settings', () => {
  it('starts with every kind on, quiet hours 21:00–07:00 and no zone, and saves changes', async () => {
    const session = await makeSignedInUser(t);
    const initial = await settingsOf(session);
    expect(initial).toMatchObject({
      quietHours: { enabled: true, start: '21:00', end: '07:00' },
      timeZone: null,
      digest: false,
      pushDevices: 0,
    });
    expect(Object.values(initial.kinds).every((kind) => kind.push && kind.email)).toBe(true);

    const changed = await change(session, {
      kinds: { match: { email: false } },
      quietHours: { start: '20:30' },
      timeZone: 'Europe/Berlin',
      digest: true,
    });
    expect(changed.kinds.match).toEqual({ push: true, email: false });
    expect(changed.kinds.message).toEqual({ push: true, email: true });
    expect(changed.quietHours).toEqual({ enabled: true, start: '20:30', end: '07:00' });
    expect(await settingsOf(session)).toEqual(changed);
  });

  it('learns the zone from the browser at sign-in, ignoring one it does not know', async () => {
    const session = await makeSignedInUser(t);
    const signIn = (timeZone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: session.user.email, password: TEST_PASSWORD, timeZone },
      });
    expect((await signIn('Mars/Olympus')).statusCode).toBe(200);
    expect((await settingsOf(session)).timeZone).toBeNull();
    expect((await signIn('America/Denver')).statusCode).toBe(200);
    expect((await settingsOf(session)).timeZone).toBe('America/Denver');
    // A zone the parent chose is kept when she signs in from a trip.
    await change(session, { timeZone: 'America/Chicago' });
    expect((await signIn('Europe/Lisbon')).statusCode).toBe(200);
    expect((await settingsOf(session)).timeZone).toBe('America/Chicago');
  });

  it('refuses times, zones and kinds it cannot hold, and visitors', async () => {
    const session = await makeSignedInUser(t);
    const badTime = await as(session).patch('/api/notifications/settings', {
      quietHours: { end: '25:00' },
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json()).toMatchObject({
      message: 'quietHours.end: The end of quiet hours must be a time like 21:00',
    });
    const badZone = await as(session).patch('/api/notifications/settings', { timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json()).toMatchObject({ message: 'timeZone: Choose a time zone' });
    const badKind = await as(session).patch('/api/notifications/settings', {
      kinds: { gossip: { push: true } },
    });
    expect(badKind.statusCode).toBe(400);
    expect((await as(session).patch('/api/notifications/settings', {})).statusCode).toBe(400);
    expect((await asVisitor(t.app).get('/api/notifications/settings')).statusCode).toBe(401);
    expect((await asVisitor(t.app).get('/api/push/key')).statusCode).toBe(401);
  });
});

describe('push', () => {
  it('delivers an unread message, encrypted and VAPID-signed, to every device after a minute', async () => {
    const owner = await parent('Maya');
    const buyer = await parent('Rita');
    const key = (await as(owner).get('/api/push/key')).json<{ publicKey: string }>().publicKey;
    for (const device of ['maya-phone', 'maya-laptop']) {
      const answer = await as(owner).post('/api/push/subscriptions', pushService.subscribe(device));
      expect(answer.statusCode, answer.body).toBe(201);
    }
    expect((await settingsOf(owner)).pushDevices).toBe(2);

    const { conversationId } = await conversationBetween(buyer, owner);
    await say(buyer, conversationId, 'Is the bike still available?');
    await t.app.reach.run();
    expect(pushService.received).toEqual([]);

    t.clock.advance(MINUTE);
    await t.app.reach.run();
    const expected: PushPayload = {
      title: 'Rita sent you a message',
      body: 'Is the bike still available?',
      url: `/messages?conversation=${conversationId}`,
      tag: `conversation:${conversationId}`,
    };
    for (const device of ['maya-phone', 'maya-laptop']) {
      const [push] = pushesTo(device);
      expect(push?.payload).toEqual(expected);
      expect(push?.publicKey).toBe(key);
      expect(push?.claims.aud).toBe(pushService.origin);
      expect(push?.claims.sub).toMatch(/^(mailto:|https:)/);
      expect(push?.ttl).toBeGreaterThan(0);
    }
    expect(pushService.refused).toEqual([]);
    expect(mailTo(owner)).toEqual([]);

    t.clock.advance(60 * MINUTE);
    await t.app.reach.run();
    expect(pushService.received).toHaveLength(2);
  });

  it('sends nothing for a message read in time', async () => {
    const owner = await parent('Maya');
    const buyer = await parent('Rita');
    await as(owner).post('/api/push/subscriptions', pushService.subscribe('read-in-time'));
    const { conversationId } = await conversationBetween(buyer, owner);
    await say(buyer, conversationId, 'Hello!');
    expect((await as(owner).get(`/api/conversations/${conversationId}`)).statusCode).toBe(200);
    t.clock.advance(10 * MINUTE);
    await t.app.reach.run();
    expect(pushesTo('read-in-time')).toEqual([]);
    expect(mailTo(owner)).toEqual([]);
  });

  it('forgets a device the push service says is gone, and e-mails when no device is left', async () => {
    const owner = await parent('Maya');
    const buyer = await parent('Rita');
    await as(owner).post('/api/push/subscriptions', pushService.subscribe('old-phone'));
    pushService.answer('old-phone', 410);
    const { conversationId } = await conversationBetween(buyer, owner);
    await say(buyer, conversationId, 'Could we meet on Saturday?');
    t.clock.advance(MINUTE);
    await t.app.reach.run();
    expect((await settingsOf(owner)).pushDevices).toBe(0);
    const left = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.user.id));
    expect(left).toEqual([]);

    t.clock.advance(5 * MINUTE);
    await t.app.reach.run();
    expect(mailTo(owner).map((mail) => mail.subject)).toEqual(['Rita sent you a message']);
  });

  it('removes this browser on request, and only for its owner', async () => {
    const owner = await parent('Maya');
    const other = await parent('Rita');
    const subscription = pushService.subscribe('shared-tablet');
    await as(owner).post('/api/push/subscriptions', subscription);
    expect(
      (await as(other).delete('/api/push/subscriptions', { endpoint: subscription.endpoint })).statusCode,
    ).toBe(204);
    expect((await settingsOf(owner)).pushDevices).toBe(1);
    expect(
      (await as(owner).delete('/api/push/subscriptions', { endpoint: subscription.endpoint })).statusCode,
    ).toBe(204);
    expect((await settingsOf(owner)).pushDevices).toBe(0);
    const bad = await as(owner).post('/api/push/subscriptions', { endpoint: 'ftp://x', keys: {} });
    expect(bad.statusCode).toBe(400);
  });
});

describe('e-mail', () => {
  it('gathers a conversation into one e-mail a few minutes after, then at most one per half hour', async () => {
    const owner = await parent('Maya');
    const buyer = await parent('Rita');
    const { conversationId } = await conversationBetween(buyer, owner);
    for (const content of ['Hi!', 'Is it still available?', 'We live close by.']) {
      await say(buyer, conversationId, content);
    }
    t.clock.advance(MINUTE);
    await t.app.reach.run();
    expect(mailTo(owner)).toEqual([]);

    t.clock.advance(4 * MINUTE);
    await t.app.reach.run();
    const [first] = mailTo(owner);
    expect(first?.subject).toBe('Rita sent you a message (and 2 more)');
    expect(first?.text).toContain('We live close by.');
    expect(first?.text).toContain('Hi!');
    expect(first?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(first?.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/api\/notifications\/unsubscribe\?token=/);

    await say(buyer, conversationId, 'Saturday at 10?');
    t.clock.advance(10 * MINUTE);
    await t.app.reach.run();
    expect(mailTo(owner)).toHaveLength(1);
    t.clock.advance(20 * MINUTE);
    await t.app.reach.run();
    expect(mailTo(owner).map((mail) => mail.subject)).toEqual([
      'Rita sent you a message (and 2 more)',
      'Rita sent you a message',
    ]);
  });

  it('holds news through quiet hours in the parent’s zone and sends it when they end', async () => {
    const owner = await parent('Maya');
    const family = await parent('Rita');
    const item = await makeItem(t.db, owner.user, { title: 'Baby clothes bag', exchangeType: 'free' });
    t.clock.set(new Date('2027-06-11T04:30:00Z')); // 23:30 in Chicago
    expect(
      (await as(family).post(`/api/items/${item.id}/requests`, { note: 'For our newborn' })).statusCode,
    ).toBe(201);
    await t.app.reach.run();
    expect(mailTo(owner)).toEqual([]);
    t.clock.set(new Date('2027-06-11T11:59:00Z')); // 06:59
    await t.app.reach.run();
    expect(mailTo(owner)).toEqual([]);
    t.clock.set(new Date('2027-06-11T12:00:00Z')); // 07:00
    await t.app.reach.run();
    expect(mailTo(owner).map((mail) => mail.subject)).toEqual(['Rita asked for Baby clothes bag']);
  });

  it('gathers the day into one digest the next morning when the parent chose it', async () => {
    const owner = await parent('Maya');
    const buyer = await parent('Rita');
    await change(owner, { digest: true });
    const item = await makeItem(t.db, owner.user, { title: 'Board books', exchangeType: 'free' });
    const { conversationId } = await conversationBetween(buyer, owner);
    await say(buyer, conversationId, 'Hello!');
    await as(buyer).post(`/api/items/${item.id}/requests`, {});
    t.clock.advance(10 * MINUTE);
    await t.app.reach.run();
    expect(mailTo(owner)).toEqual([]);

    t.clock.set(new Date('2027-06-11T12:05:00Z')); // 07:05 the next morning
    await t.app.reach.run();
    const digests = mailTo(owner);
    expect(digests.map((mail) => mail.subject)).toEqual(['Your LittleLoop digest: 2 updates']);
    expect(digests[0]?.text).toContain('Rita sent you a message');
    expect(digests[0]?.text).toContain('Rita asked for Board books');
  });

  it('sends nothing at all to a parent with every kind switched off', async () => {
    const owner = await parent('Maya');
    const buyer = await parent('Rita');
    await as(owner).post('/api/push/subscriptions', pushService.subscribe('all-off'));
    const off = { push: false, email: false };
    await change(owner, {
      kinds: { message: off, request: off, promise: off, pickup: off, review: off, match: off },
    });
    const item = await makeItem(t.db, owner.user, { title: 'Puzzle', exchangeType: 'free' });
    const { conversationId } = await conversationBetween(buyer, owner);
    await say(buyer, conversationId, 'Hello!');
    await as(buyer).post(`/api/items/${item.id}/requests`, {});
    t.clock.advance(2 * 60 * MINUTE);
    await t.app.reach.run();
    expect(mailTo(owner)).toEqual([]);
    expect(pushesTo('all-off')).toEqual([]);
    const pending = await t.db.select().from(deliveries).where(eq(deliveries.userId, owner.user.id));
    expect(pending.every((row) => row.channel === 'none')).toBe(true);
  });

  it('reminds both families of a pickup two hours ahead, once per agreed time', async () => {
    const owner = await parent('Maya');
    const family = await parent('Rita');
    const item = await makeItem(t.db, owner.user, { title: 'High chair', exchangeType: 'free' });
    const now = t.clock.now();
    await t.db.insert(exchanges).values({
      itemId: item.id,
      sellerId: owner.user.id,
      buyerId: family.user.id,
      status: 'pending',
      scheduledAt: new Date(now.getTime() + 90 * MINUTE),
      exchangeLocation: 'Central Library',
      createdAt: now,
    });
    await t.app.reach.run();
    await t.app.reach.run();
    for (const session of [owner, family]) {
      const subjects = mailTo(session).map((mail) => mail.subject);
      expect(subjects).toEqual(['Pickup soon: High chair']);
      expect(mailTo(session)[0]?.text).toContain('Central Library');
    }
  });
});

describe('unsubscribe links', () => {
  async function linkFrom(mail: MailMessage | undefined): Promise<string> {
    const match = /token=([A-Za-z0-9._-]+)/.exec(mail?.text ?? '');
    expect(match).not.toBeNull();
    return match?.[1] ?? '';
  }

  it('turns one kind of e-mail off without signing in, and Undo turns it back on', async () => {
    const owner = await parent('Maya');
    const buyer = await parent('Rita');
    const { conversationId } = await conversationBetween(buyer, owner);
    await say(buyer, conversationId, 'Hello!');
    t.clock.advance(5 * MINUTE);
    await t.app.reach.run();
    const token = await linkFrom(mailTo(owner)[0]);

    const off = await asVisitor(t.app).post('/api/notifications/unsubscribe', { token });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      kind: 'message',
      email: false,
      message: 'You will no longer get e-mails about new messages.',
    });
    expect((await settingsOf(owner)).kinds.message).toEqual({ push: true, email: false });

    const undo = await asVisitor(t.app).post('/api/notifications/resubscribe', { token });
    expect(undo.json()).toMatchObject({ email: true, message: 'E-mails about new messages are back on.' });
    expect((await settingsOf(owner)).kinds.message.email).toBe(true);
  });

  it('answers a mail program’s one-click POST, and refuses a forged or broken token', async () => {
    const owner = await parent('Maya');
    const buyer = await parent('Rita');
    const { conversationId } = await conversationBetween(buyer, owner);
    await say(buyer, conversationId, 'Hello!');
    t.clock.advance(5 * MINUTE);
    await t.app.reach.run();
    const header = mailTo(owner)[0]?.headers?.['List-Unsubscribe'] ?? '';
    const url = new URL(header.slice(1, -1));
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await settingsOf(owner)).kinds.message.email).toBe(false);

    const token = url.searchParams.get('token') ?? '';
    const forged = token.replace(/^\d+/, String(buyer.user.id));
    for (const bad of [forged, 'nonsense', `${owner.user.id}.gossip.abc`]) {
      const refused = await asVisitor(t.app).post('/api/notifications/unsubscribe', { token: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: UNSUBSCRIBE_LINK_INVALID });
    }
    expect((await settingsOf(buyer)).kinds.message.email).toBe(true);
  });
});
