import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, outbox, wishlists } from '../../db/schema.js';
import { createGazetteer } from '../../lib/gazetteer.js';
import { createMemoryMailer, type Mailer } from '../../lib/mail.js';
import { makeItem, makeUser } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { enqueueItemsListed, OUTBOX_MAX_ATTEMPTS, processOutbox, type OutboxDeps } from './alerts.outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  // These tests drive processOutbox with mailers of their own; the app's runner stays out.
  await t.app.outbox.close();
});
afterAll(async () => {
  await t.close();
});

const gazetteer = createGazetteer();
const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

function depsWith(mailer: Mailer, logger = log()): OutboxDeps {
  return {
    db: t.db,
    events: t.app.events,
    mailer,
    clock: t.clock,
    gazetteer,
    publicUrl: 'https://littleloop.example',
    log: logger,
  };
}

const failingMailer: Mailer = {
  mode: 'smtp',
  send: () => Promise.reject(new Error('SMTP server unreachable')),
  close: () => undefined,
};

async function queueMail(userId: number) {
  const [row] = await t.db
    .insert(outbox)
    .values({ kind: 'alert-email', payload: { userId, subject: 'New match', text: 'Look' } })
    .returning();
  if (!row) throw new Error('no outbox row');
  return row;
}

const rowById = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0];

describe('outbox delivery', () => {
  it('processes an item-listed row left by a stopped process, and sends its e-mail', async () => {
    const watcher = await makeUser(t.db, { isPremium: true });
    await t.db.insert(wishlists).values({ userId: watcher.id, title: 'Snow suit' });
    const item = await makeItem(t.db, await makeUser(t.db), { title: 'Snow suit, size 4' });
    await enqueueItemsListed(t.db, [item.id], t.clock.now());

    const mailer = createMemoryMailer();
    const report = await processOutbox(depsWith(mailer));
    expect(report).toMatchObject({ failed: 0 });
    expect(report.processed).toBeGreaterThanOrEqual(2);
    const alerts = await t.db.select().from(notifications).where(eq(notifications.userId, watcher.id));
    expect(alerts.map((row) => row.itemId)).toEqual([item.id]);
    expect(mailer.sent).toEqual([
      expect.objectContaining({
        to: watcher.email,
        subject: 'New match on LittleLoop: Snow suit, size 4',
        text: expect.stringContaining(`https://littleloop.example/item/${item.id}`),
      }),
    ]);
  });

  it('retries a failed e-mail later and gives up, logged, after 5 attempts', async () => {
    const parent = await makeUser(t.db);
    const row = await queueMail(parent.id);
    const logger = log();

    expect(await processOutbox(depsWith(failingMailer, logger))).toMatchObject({ failed: 1 });
    expect(await rowById(row.id)).toMatchObject({ attempts: 1, processedAt: null });
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ outboxId: row.id, attempts: 1 }),
      'outbox row failed; will retry',
    );
    // Not due again until the retry delay has passed.
    expect(await processOutbox(depsWith(failingMailer, logger))).toMatchObject({ failed: 0 });

    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      t.clock.advance(60_000);
      await processOutbox(depsWith(failingMailer, logger));
    }
    expect(await rowById(row.id)).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, processedAt: null });
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ outboxId: row.id, attempts: OUTBOX_MAX_ATTEMPTS }),
      'outbox row failed too often; given up',
    );

    t.clock.advance(60_000);
    const mailer = createMemoryMailer();
    await processOutbox(depsWith(mailer));
    expect(mailer.sent).toEqual([]);
  });

  it('sends a retried e-mail once the mail server is back', async () => {
    const parent = await makeUser(t.db);
    const row = await queueMail(parent.id);
    await processOutbox(depsWith(failingMailer));
    t.clock.advance(60_000);
    const mailer = createMemoryMailer();
    await processOutbox(depsWith(mailer));
    expect(mailer.sent.map((mail) => mail.to)).toEqual([parent.email]);
    expect((await rowById(row.id))?.processedAt).not.toBeNull();
  });

  it('runs one processor at a time: concurrent runs send each e-mail once', async () => {
    const parent = await makeUser(t.db);
    await queueMail(parent.id);
    const mailer = createMemoryMailer();
    await Promise.all([processOutbox(depsWith(mailer)), processOutbox(depsWith(mailer))]);
    expect(mailer.sent.map((mail) => mail.to)).toEqual([parent.email]);
  });

  it('leaves rows of other kinds to their own processors', async () => {
    const [row] = await t.db.insert(outbox).values({ kind: 'something-else', payload: {} }).returning();
    await processOutbox(depsWith(createMemoryMailer()));
    expect(await rowById(row?.id ?? 0)).toMatchObject({ attempts: 0, processedAt: null });
  });
});
