import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  items,
  notifications,
  notificationSettings,
  outbox,
  savedSearches,
  userBlocks,
  wishlists,
  type ItemRow,
  type UserRow,
} from '../../db/schema.js';
import type { LiveEvent } from '../../lib/event-bus.js';
import {
  as,
  makeItem,
  makeUpload,
  makeUser,
  makeSignedInUser,
  signIn,
  type TestSession,
  type UserOverrides,
} from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { enqueueItemsListed } from './alerts.outbox.js';

const HOUR = 60 * 60 * 1000;
const NEW_YORK = { city: 'New York', zipCode: '10010' };

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  // No SMTP_URL: alert e-mails land as .eml files in DATA_DIR/outbox (docs/OPERATIONS.md).
  dataDir = mkdtempSync(join(tmpdir(), 'littleloop-alerts-'));
  t = await makeTestApp({ DATA_DIR: dataDir, PUBLIC_URL: 'https://littleloop.example' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Session = TestSession;
const signedIn = (overrides: UserOverrides = {}) => makeSignedInUser(t, overrides);

/** Lists an item through the API, as a parent would. */
async function listItem(seller: Session, overrides: Record<string, unknown> = {}): Promise<{ id: number }> {
  const response = await as(seller).post('/api/items', {
    title: 'Wooden train set',
    description: 'Forty pieces, all there.',
    category: 'toys',
    condition: 'like-new',
    ageRange: '2-4y',
    exchangeType: 'free',
    imageUrls: [await makeUpload(t.db, seller.user)],
    latitude: 40.7411,
    longitude: -73.9897,
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`listing failed: ${response.body}`);
  return response.json();
}

/** An item straight in the database with its outbox row, as if the process stopped right after the commit. */
async function listDirectly(
  owner: UserRow,
  overrides: Parameters<typeof makeItem>[2] = {},
): Promise<ItemRow> {
  const item = await makeItem(t.db, owner, overrides);
  await enqueueItemsListed(t.db, [item.id], t.clock.now());
  return item;
}

async function wantedPost(overrides: Partial<typeof wishlists.$inferInsert> & { userId: number }) {
  await t.db.insert(wishlists).values({ title: 'Wooden train', ...overrides });
}

async function savedSearch(overrides: Partial<typeof savedSearches.$inferInsert> & { userId: number }) {
  const [row] = await t.db
    .insert(savedSearches)
    .values({ name: 'My search', ...overrides })
    .returning();
  if (!row) throw new Error('no saved search');
  return row;
}

async function alertsOf(user: Pick<UserRow, 'id'>) {
  return t.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(notifications.id);
}

type Mail = { to: string; subject: string; body: string };

/** The .eml files written so far, decoded enough to read addresses, subjects and links. */
function mailsTo(user: Pick<UserRow, 'email'>): Mail[] {
  const directory = join(dataDir, 'outbox');
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .sort()
    .map((file) => readFileSync(join(directory, file), 'utf8'))
    .map((raw) => ({
      to: /^To: (.*)$/m.exec(raw)?.[1] ?? '',
      subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
      // Undo quoted-printable soft line breaks and escaped equals signs.
      body: raw.replace(/=\n/g, '').replace(/=3D/g, '='),
    }))
    .filter((mail) => mail.to === user.email);
}

const run = () => t.app.outbox.run();

const nextEvent = (userId: number) =>
  new Promise<LiveEvent>((resolve) => {
    const stop = t.app.events.subscribe(userId, (event) => {
      stop();
      resolve(event);
    });
  });

describe('alerts for new items', () => {
  it('writes an outbox row with the item, and processing it alerts a matching Wanted post in-app and by e-mail', async () => {
    const watcher = await makeUser(t.db, { isPremium: true });
    await wantedPost({ userId: watcher.id, title: 'Wooden train', category: 'toys' });
    const event = nextEvent(watcher.id);
    const seller = await signedIn();

    const item = await listItem(seller);
    const rows = await t.db.select().from(outbox).where(eq(outbox.kind, 'item-listed'));
    expect(rows.map((row) => row.payload)).toContainEqual({ itemIds: [item.id] });

    await run();
    const [alert, ...more] = await alertsOf(watcher);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      kind: 'wanted-match',
      itemId: item.id,
      title: '"Wooden train set" matches your Wanted post "Wooden train"',
      body: 'Free',
      readAt: null,
    });
    expect(await event).toEqual({
      type: 'notification',
      notificationId: alert?.id,
      title: alert?.title,
      itemId: item.id,
    });
    const [mail, ...moreMail] = mailsTo(watcher);
    expect(moreMail).toEqual([]);
    expect(mail?.subject).toBe('New match on LittleLoop: Wooden train set');
    expect(mail?.body).toContain(`https://littleloop.example/item/${item.id}`);
    expect(mail?.body).toContain('https://littleloop.example/settings');
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, rows.at(-1)?.id ?? 0));
    expect(row?.processedAt).not.toBeNull();

    const response = await as(await signIn(t.app, watcher)).get('/api/notifications');
    expect(response.json()).toMatchObject({ unreadCount: 1, notifications: [{ id: alert?.id }] });
  });

  it('matches a Wanted post on its words, category and age range, never the owner’s own or an inactive one', async () => {
    const seller = await makeUser(t.db);
    const watchers = {
      plain: await makeUser(t.db, { isPremium: true }),
      lookingFor: await makeUser(t.db, { isPremium: true }),
      plural: await makeUser(t.db, { isPremium: true }),
      sameAge: await makeUser(t.db, { isPremium: true }),
      otherCategory: await makeUser(t.db, { isPremium: true }),
      otherAge: await makeUser(t.db, { isPremium: true }),
      otherWords: await makeUser(t.db, { isPremium: true }),
      inactive: await makeUser(t.db, { isPremium: true }),
    };
    await wantedPost({ userId: watchers.plain.id, title: 'balance bike' });
    await wantedPost({ userId: watchers.lookingFor.id, title: 'Looking for a balance bike!' });
    await wantedPost({ userId: watchers.plural.id, title: 'Bikes' });
    await wantedPost({ userId: watchers.sameAge.id, title: 'bike', category: 'toys', ageRange: '2-4y' });
    await wantedPost({ userId: watchers.otherCategory.id, title: 'balance bike', category: 'books' });
    await wantedPost({ userId: watchers.otherAge.id, title: 'balance bike', ageRange: '8-12y' });
    await wantedPost({ userId: watchers.otherWords.id, title: 'balance board' });
    await wantedPost({ userId: watchers.inactive.id, title: 'balance bike', isActive: false });
    await wantedPost({ userId: seller.id, title: 'balance bike' });

    const item = await listDirectly(seller, {
      title: 'Red balance bike',
      description: 'Light, for toddlers learning to ride.',
      category: 'toys',
      ageRange: '2-4y',
    });
    await run();

    const alerted = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.itemId, item.id));
    const ids = alerted.map((row) => row.userId).sort((a, b) => a - b);
    expect(ids).toEqual(
      [watchers.plain.id, watchers.lookingFor.id, watchers.plural.id, watchers.sameAge.id].sort(
        (a, b) => a - b,
      ),
    );
  });

  it('tells a free parent only once early access is over, and Premium members at once', async () => {
    const free = await makeUser(t.db);
    const premium = await makeUser(t.db, { isPremium: true });
    await wantedPost({ userId: free.id, title: 'Puppet theatre' });
    await wantedPost({ userId: premium.id, title: 'Puppet theatre' });
    const seller = await signedIn();
    const item = await listItem(seller, { title: 'Puppet theatre with six puppets' });

    await run();
    expect(await alertsOf(premium)).toHaveLength(1);
    expect(await alertsOf(free)).toEqual([]);
    const [held] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'item-listed'))
      .orderBy(outbox.id)
      .then((rows) => rows.filter((row) => (row.payload as { itemIds: number[] }).itemIds.includes(item.id)));
    expect(held?.processedAt).toBeNull();

    t.clock.advance(HOUR + 1000);
    await run();
    expect((await alertsOf(free)).map((row) => row.itemId)).toEqual([item.id]);
    expect(await alertsOf(premium)).toHaveLength(1);
    expect(mailsTo(free)).toHaveLength(1);
  });

  it('matches saved searches like search does: prefixes, typos, filters and the price range', async () => {
    const seller = await makeUser(t.db, { isPremium: true });
    const member = () => makeUser(t.db, { isPremium: true, ...NEW_YORK });
    const expected: number[] = [];
    const unexpected: number[] = [];
    const expectMatch = async (values: Partial<typeof savedSearches.$inferInsert>, matches: boolean) => {
      const watcher = await member();
      await savedSearch({ userId: watcher.id, ...values });
      (matches ? expected : unexpected).push(watcher.id);
    };
    await expectMatch({ searchTerm: 'dino' }, true);
    await expectMatch({ searchTerm: 'dinosour' }, true);
    await expectMatch(
      { searchTerm: 'dinosaur', category: 'toys', condition: 'good', exchangeType: 'sell' },
      true,
    );
    await expectMatch({ minPrice: '10.00', maxPrice: '20.00', category: 'toys' }, true);
    await expectMatch({ searchTerm: 'dinosaur', category: 'books' }, false);
    await expectMatch({ searchTerm: 'dinosaur', exchangeType: 'free' }, false);
    await expectMatch({ searchTerm: 'dinosaur', maxPrice: '10.00' }, false);
    await expectMatch({ searchTerm: 'kite' }, false);
    await expectMatch({ searchTerm: 'dinosaur', isActive: false }, false);
    const lapsed = await makeUser(t.db, { isPremium: false });
    await savedSearch({ userId: lapsed.id, searchTerm: 'dinosaur' });
    unexpected.push(lapsed.id);

    const item = await listDirectly(seller, {
      title: 'Dinosaur puzzle',
      category: 'toys',
      condition: 'good',
      exchangeType: 'sell',
      price: '12.50',
    });
    await run();
    const alerted = (
      await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.itemId, item.id))
    ).map((row) => row.userId);
    expect(alerted.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    for (const id of unexpected) expect(alerted).not.toContain(id);
    const [first] = await alertsOf({ id: expected[0] ?? 0 });
    expect(first).toMatchObject({
      kind: 'saved-search-match',
      title: 'New for your saved search "My search": Dinosaur puzzle',
      body: 'For sale at $12.50',
    });
  });

  it('counts a free item as 0 and leaves swaps out of a price range', async () => {
    const seller = await makeUser(t.db);
    const watcher = await makeUser(t.db, { isPremium: true });
    await savedSearch({ userId: watcher.id, searchTerm: 'rattle', maxPrice: '5.00' });
    const free = await listDirectly(seller, { title: 'Wooden rattle', exchangeType: 'free' });
    await listDirectly(seller, { title: 'Silver rattle', exchangeType: 'swap' });
    await run();
    expect((await alertsOf(watcher)).map((row) => row.itemId)).toEqual([free.id]);
  });

  it('measures maxDistance from the owner’s town and keeps items without a position', async () => {
    const seller = await makeUser(t.db);
    const watcher = await makeUser(t.db, { isPremium: true, ...NEW_YORK });
    await savedSearch({ userId: watcher.id, searchTerm: 'sled', maxDistance: 25 });
    const near = await listDirectly(seller, { title: 'Wooden sled', latitude: '40.78', longitude: '-73.97' });
    const far = await listDirectly(seller, {
      title: 'Plastic sled',
      latitude: '34.05',
      longitude: '-118.24',
    });
    const unplaced = await listDirectly(seller, { title: 'Old sled', latitude: null, longitude: null });
    await run();
    const alerted = (await alertsOf(watcher)).map((row) => row.itemId ?? 0);
    expect(alerted.sort((a, b) => a - b)).toEqual([near.id, unplaced.id].sort((a, b) => a - b));
    expect(alerted).not.toContain(far.id);
  });

  it('sends at most one e-mail per saved search per hour, with an in-app notice for every match', async () => {
    const watcher = await makeUser(t.db, { isPremium: true });
    const search = await savedSearch({ userId: watcher.id, name: 'Strollers', searchTerm: 'stroller' });
    const seller = await signedIn();

    await listItem(seller, { title: 'City stroller', category: 'other' });
    await run();
    expect(mailsTo(watcher)).toHaveLength(1);

    t.clock.advance(10 * 60 * 1000);
    await listItem(seller, { title: 'Jogging stroller', category: 'other' });
    await run();
    expect(await alertsOf(watcher)).toHaveLength(2);
    expect(mailsTo(watcher)).toHaveLength(1);
    const [afterSecond] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(afterSecond?.lastNotified?.getTime()).toBe(t.clock.now().getTime() - 10 * 60 * 1000);

    t.clock.advance(50 * 60 * 1000 + 1000);
    await listItem(seller, { title: 'Double stroller', category: 'other' });
    await run();
    expect(await alertsOf(watcher)).toHaveLength(3);
    const mails = mailsTo(watcher);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('New match on LittleLoop: Double stroller');
  });

  it('sends no e-mail to a parent who turned e-mail notifications off', async () => {
    const watcher = await makeUser(t.db, { isPremium: true, emailNotifications: false });
    await wantedPost({ userId: watcher.id, title: 'High chair' });
    await listDirectly(await makeUser(t.db), { title: 'Wooden high chair' });
    await run();
    expect(await alertsOf(watcher)).toHaveLength(1);
    expect(mailsTo(watcher)).toEqual([]);
  });

  it('holds a match e-mail through the parent’s quiet hours, and sends none when she switched match e-mails off', async () => {
    const started = t.clock.now();
    const clockTime = (at: Date) => at.toISOString().slice(11, 16);
    const sleeper = await makeUser(t.db, { isPremium: true });
    const unsubscribed = await makeUser(t.db, { isPremium: true });
    // Quiet from an hour ago to an hour from now, in UTC: whatever time the test runs.
    await t.db.insert(notificationSettings).values([
      {
        userId: sleeper.id,
        timeZone: 'UTC',
        quietStart: clockTime(new Date(started.getTime() - HOUR)),
        quietEnd: clockTime(new Date(started.getTime() + HOUR)),
      },
      { userId: unsubscribed.id, mutedChannels: ['match:email'] },
    ]);
    await wantedPost({ userId: sleeper.id, title: 'Night light' });
    await wantedPost({ userId: unsubscribed.id, title: 'Night light' });
    await listDirectly(await makeUser(t.db), { title: 'Star night light' });
    try {
      await run();
      expect(await alertsOf(sleeper)).toHaveLength(1);
      expect(mailsTo(sleeper)).toEqual([]);
      t.clock.advance(HOUR + 60_000);
      await run();
      expect(mailsTo(sleeper).map((mail) => mail.subject)).toEqual([
        'New match on LittleLoop: Star night light',
      ]);
      expect(await alertsOf(unsubscribed)).toHaveLength(1);
      expect(mailsTo(unsubscribed)).toEqual([]);
    } finally {
      t.clock.set(started);
    }
  });

  it('sends one e-mail for several items of one bulk listing', async () => {
    const watcher = await makeUser(t.db, { isPremium: true });
    await wantedPost({ userId: watcher.id, title: 'Duplo' });
    const seller = await signedIn({ isPremium: true });
    const response = await as(seller).post('/api/bulk-listings', {
      baseTitle: 'Duplo',
      description: 'Bricks from our attic',
      category: 'toys',
      condition: 'good',
      items: [{ title: 'Farm set' }, { title: 'Zoo set' }],
    });
    expect(response.statusCode).toBe(201);
    await run();
    expect(await alertsOf(watcher)).toHaveLength(2);
    const mails = mailsTo(watcher);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('2 new items on LittleLoop match your alerts');
  });

  it('alerts once per parent and item, also when a post and a search both match or a row runs again', async () => {
    const watcher = await makeUser(t.db, { isPremium: true });
    await wantedPost({ userId: watcher.id, title: 'Rocking horse' });
    await savedSearch({ userId: watcher.id, searchTerm: 'rocking horse' });
    const item = await listDirectly(await makeUser(t.db), { title: 'Rocking horse' });
    await run();
    expect(await alertsOf(watcher)).toHaveLength(1);

    // As if the processor stopped after its work committed but before anyone knew: run it again.
    await t.db.update(outbox).set({ processedAt: null }).where(eq(outbox.kind, 'item-listed'));
    await run();
    expect((await alertsOf(watcher)).map((row) => row.itemId)).toEqual([item.id]);
    expect(mailsTo(watcher)).toHaveLength(1);
  });

  it('alerts nobody about an item hidden before processing, or from a blocked parent', async () => {
    const seller = await makeUser(t.db);
    const watcher = await makeUser(t.db, { isPremium: true });
    const blocker = await makeUser(t.db, { isPremium: true });
    await wantedPost({ userId: watcher.id, title: 'Bunk bed' });
    await wantedPost({ userId: blocker.id, title: 'Bunk bed' });
    await t.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: seller.id });

    const hidden = await listDirectly(seller, { title: 'Pine bunk bed' });
    await t.db.update(items).set({ isHidden: true }).where(eq(items.id, hidden.id));
    const visible = await listDirectly(seller, { title: 'White bunk bed' });
    await run();
    expect((await alertsOf(watcher)).map((row) => row.itemId)).toEqual([visible.id]);
    expect(await alertsOf(blocker)).toEqual([]);
  });

  it('reads the address when sending, so a parent who switched e-mails off meanwhile gets none', async () => {
    const parent = await makeUser(t.db, { emailNotifications: false });
    const stillOn = await makeUser(t.db);
    for (const user of [parent, stillOn]) {
      await t.db.insert(outbox).values({
        kind: 'alert-email',
        payload: { userId: user.id, subject: 'New match', text: 'A match', html: '<p>A match</p>' },
      });
    }
    await run();
    expect(mailsTo(parent)).toEqual([]);
    expect(mailsTo(stillOn).map((mail) => mail.subject)).toEqual(['New match']);
    const pending = await t.db.select().from(outbox).where(eq(outbox.kind, 'alert-email'));
    expect(pending.every((row) => row.processedAt !== null)).toBe(true);
  });
});
