/**
 * `npm run bench:messages -- [--pairs 50] [--rate 100] [--duration 15] [--concurrency 20]
 *   [--postgres [--instances 2]]`
 *
 * Live message delivery under load. Starts the real server (embedded database in a
 * fresh folder, or a bench database on DATABASE_URL with --postgres; with --instances > 1 the
 * recipients listen on one instance while the senders post to another, so every event crosses
 * LISTEN/NOTIFY), opens each recipient's event stream, then sends messages over HTTP at a
 * steady rate from the senders. Reports send-to-arrival latency (from just before the POST
 * to the 'message' event reaching the recipient's stream) as p50/p95/p99, the POST's own
 * latency, messages per second, and how long SIGTERM takes with the streams still open.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/client.js';
import { insertItems } from '../server/features/items/items.repo.js';
import { insertUser } from '../server/features/users/users.repo.js';
import { hashPassword } from '../server/lib/passwords.js';
import { percentile, root, signIn, startProcess, type RunningServer } from './lib.js';

const { values } = parseArgs({
  // npm run bench passes one set of options to every benchmark: each reads its own.
  strict: false,
  options: {
    pairs: { type: 'string', default: '50' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '20' },
    instances: { type: 'string', default: '1' },
    postgres: { type: 'boolean', default: false },
  },
});
const pairCount = Number(values.pairs);
const ratePerSecond = Number(values.rate);
const durationSeconds = Number(values.duration);
const maxInFlight = Number(values.concurrency);
const instanceCount = Number(values.instances);
if (instanceCount > 1 && !values.postgres) {
  throw new Error('--instances > 1 needs --postgres: the embedded database belongs to one process');
}

const benchDir = join(root, 'data', 'bench');
const PASSWORD = 'bench-password';
const SESSION_SECRET = 'bench-session-secret-shared-by-every-instance-0123456789';
/** How long to wait for the last events after the sending stops. */
const DRAIN_MS = 5000;

type Pair = { senderCookie: string; recipientCookie: string; conversationId: number };

/** A database for this run: a fresh embedded folder, or the bench database on PostgreSQL. */
async function prepareDatabase(): Promise<{ env: Record<string, string>; cleanUp(): void }> {
  mkdirSync(benchDir, { recursive: true });
  if (values.postgres) {
    const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = 'littleloop_bench_messages';
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(benchDir, 'messages-'));
    return {
      env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
      cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const dataDir = mkdtempSync(join(benchDir, 'messages-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Senders, recipients and one item per recipient, written before the server starts. */
async function seedPeople(
  env: Record<string, string>,
): Promise<{ emails: string[][]; itemIds: number[]; recipientIds: number[] }> {
  const handle: DatabaseHandle = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? '',
  });
  await handle.migrate();
  const password = await hashPassword(PASSWORD);
  const emails: string[][] = [];
  const itemIds: number[] = [];
  const recipientIds: number[] = [];
  for (let i = 0; i < pairCount; i += 1) {
    const sender = await insertUser(handle.db, {
      email: `sender${i}@bench.example`,
      password,
      firstName: `Sender${i}`,
      lastName: 'Bench',
    });
    const recipient = await insertUser(handle.db, {
      email: `recipient${i}@bench.example`,
      password,
      firstName: `Recipient${i}`,
      lastName: 'Bench',
    });
    const [item] = await insertItems(handle.db, [
      {
        title: `Bench item ${i}`,
        description: 'A toy for the benchmark.',
        category: 'toys',
        condition: 'good',
        exchangeType: 'free',
        userId: recipient.id,
        earlyAccessUntil: new Date(Date.now() - 60_000),
      },
    ]);
    if (!item) throw new Error('no item seeded');
    emails.push([sender.email, recipient.email]);
    itemIds.push(item.id);
    recipientIds.push(recipient.id);
  }
  await handle.close();
  return { emails, itemIds, recipientIds };
}

async function postJson(base: string, path: string, cookie: string, body: object): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Opens an event stream; calls onMessage with each 'message' event's id the moment it is parsed. */
async function openStream(
  url: string,
  cookie: string,
  onMessage: (messageId: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(url, { headers: { cookie }, signal });
  if (!response.ok || !response.body) throw new Error(`event stream refused: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready: () => void = () => {};
  const opened = new Promise<void>((done) => (ready = done));
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: unread')) ready();
          if (block.startsWith('event: message')) {
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) onMessage((JSON.parse(data) as { messageId: number }).messageId);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted at the end of the run, or the server went away.
    }
  })();
  // The first 'unread' event follows the subscription, so from then on nothing is missed.
  await opened;
}

async function main() {
  const { env, cleanUp } = await prepareDatabase();
  const { emails, itemIds, recipientIds } = await seedPeople(env);

  const servers: RunningServer[] = [];
  for (let i = 0; i < instanceCount; i += 1) {
    // Every instance signs cookies with the same secret, so a parent's session works on each.
    servers.push(
      await startProcess(join(root, 'server', 'main.ts'), { ...env, SESSION_SECRET }, '/api/health'),
    );
  }
  const listenBase = (i: number) => servers[i % servers.length]?.base ?? '';
  const sendBase = (i: number) => servers[(i + 1) % servers.length]?.base ?? '';

  console.log(`Signing in ${pairCount * 2} parents and opening ${pairCount} conversations…`);
  const pairs: Pair[] = [];
  for (let i = 0; i < pairCount; i += 1) {
    const [senderEmail, recipientEmail] = emails[i] ?? [];
    if (!senderEmail || !recipientEmail) throw new Error('missing seeded pair');
    const senderCookie = await signIn(sendBase(i), senderEmail, PASSWORD);
    const recipientCookie = await signIn(listenBase(i), recipientEmail, PASSWORD);
    const opened = await postJson(sendBase(i), '/api/conversations', senderCookie, {
      itemId: itemIds[i],
      sellerId: recipientIds[i],
    });
    if (opened.status !== 201) throw new Error(`opening a conversation answered ${opened.status}`);
    const { id } = (await opened.json()) as { id: number };
    pairs.push({ senderCookie, recipientCookie, conversationId: id });
  }

  const sentAt = new Map<number, { started: number; answered: number }>();
  const arrivedAt = new Map<number, number>();
  const deliveryMs: number[] = [];
  /** Arrival measured from the POST's answer: the fan-out's own share (negative: it came first). */
  const afterAnswerMs: number[] = [];
  const postMs: number[] = [];
  const settle = (messageId: number) => {
    const sent = sentAt.get(messageId);
    const arrived = arrivedAt.get(messageId);
    if (sent === undefined || arrived === undefined) return;
    deliveryMs.push(arrived - sent.started);
    afterAnswerMs.push(arrived - sent.answered);
    sentAt.delete(messageId);
    arrivedAt.delete(messageId);
  };

  const abort = new AbortController();
  await Promise.all(
    pairs.map((pair, i) =>
      openStream(
        `${listenBase(i)}/api/events`,
        pair.recipientCookie,
        (messageId) => {
          arrivedAt.set(messageId, performance.now());
          settle(messageId);
        },
        abort.signal,
      ),
    ),
  );
  console.log(
    `${pairCount} event streams open on ${instanceCount} instance(s); sending ${ratePerSecond} messages/s for ${durationSeconds} s…`,
  );

  let inFlight = 0;
  let sent = 0;
  let failed = 0;
  let skipped = 0;
  let next = 0;
  const sendOne = async () => {
    const index = next % pairs.length;
    const pair = pairs[index];
    next += 1;
    if (!pair) return;
    if (inFlight >= maxInFlight) {
      skipped += 1;
      return;
    }
    inFlight += 1;
    const started = performance.now();
    try {
      const response = await postJson(
        sendBase(index),
        `/api/conversations/${pair.conversationId}/messages`,
        pair.senderCookie,
        { content: `Bench message ${next} sent at ${Date.now()}` },
      );
      const answered = performance.now();
      postMs.push(answered - started);
      if (response.status !== 201) {
        failed += 1;
        return;
      }
      const { id } = (await response.json()) as { id: number };
      sent += 1;
      sentAt.set(id, { started, answered });
      settle(id);
    } catch {
      failed += 1;
    } finally {
      inFlight -= 1;
    }
  };

  const runStarted = performance.now();
  const intervalMs = 1000 / ratePerSecond;
  await new Promise<void>((done) => {
    // A steady schedule: each tick sends however many messages are due by now.
    let due = 0;
    const timer = setInterval(
      () => {
        const elapsed = performance.now() - runStarted;
        if (elapsed >= durationSeconds * 1000) {
          clearInterval(timer);
          done();
          return;
        }
        const target = Math.floor(elapsed / intervalMs);
        while (due < target) {
          due += 1;
          void sendOne();
        }
      },
      Math.max(1, Math.min(10, intervalMs)),
    );
  });
  const sendingSeconds = (performance.now() - runStarted) / 1000;
  const drainUntil = performance.now() + DRAIN_MS;
  while ((inFlight > 0 || sentAt.size > 0) && performance.now() < drainUntil) {
    await new Promise((done) => setTimeout(done, 50));
  }
  const lost = sentAt.size;

  const shutdownStarted = performance.now();
  await Promise.all(servers.map((server) => server.stop()));
  const shutdownSeconds = (performance.now() - shutdownStarted) / 1000;
  abort.abort();
  cleanUp();

  const delivery = [...deliveryMs].sort((a, b) => a - b);
  const posts = [...postMs].sort((a, b) => a - b);
  const afterAnswer = [...afterAnswerMs].sort((a, b) => a - b);
  const database = values.postgres ? 'PostgreSQL' : 'embedded';
  console.log(
    '\n| database | instances | pairs | target msg/s | sent msg/s | delivered | lost | failed | skipped (over concurrency) | send→arrival p50 / p95 / p99 / max ms | POST p50 / p95 ms | arrival after POST answer p50 / p95 ms | SIGTERM with streams open |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${database} | ${instanceCount} | ${pairCount} | ${ratePerSecond} | ${(sent / sendingSeconds).toFixed(1)} | ${delivery.length} | ${lost} | ${failed} | ${skipped} | ${percentile(delivery, 50)} / ${percentile(delivery, 95)} / ${percentile(delivery, 99)} / ${percentile(delivery, 100)} | ${percentile(posts, 50)} / ${percentile(posts, 95)} | ${percentile(afterAnswer, 50)} / ${percentile(afterAnswer, 95)} | ${shutdownSeconds.toFixed(2)} s |`,
  );
}

await main();
