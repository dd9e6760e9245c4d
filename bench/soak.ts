/**
 * `npm run bench:soak -- [--families 200] [--minutes 5] [--items 4000] [--think 3]
 *   [--warmup 120] [--max-growth 2] [--postgres]`
 *
 * The soak: simulated families use one server process the way parents do, for minutes
 * on end, and three promises are checked at the end (the exit code is 1 when one is broken):
 *
 *   - no 5xx, and every request answered (within 30 s);
 *   - every message the server acknowledged (201) reaches the recipient's event stream exactly
 *     once: not lost, not twice;
 *   - memory flat after the warm-up: the server's heap, measured after a forced garbage
 *     collection (through the inspector, so the app needs no test hook), grows by less than
 *     --max-growth MB a minute (least-squares slope over the samples after --warmup seconds).
 *
 * Each family signs in, keeps its event stream open for the whole run, and loops: browse
 * (varied words, categories, towns, radii, orders and next pages), open an item, favourite or
 * unfavourite it, message another family about one of theirs, read its conversations and open
 * one, check its unread count; with --think seconds (±50 %) between actions. The abuse limits
 * stay as deployed: the server trusts 127.0.0.1 as its proxy (TRUSTED_PROXIES) and each family
 * sends its own X-Forwarded-For, so limits count per family as they would for real parents.
 */
import { parseArgs } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { items, users } from '../server/db/schema.js';
import { insertItems } from '../server/features/items/items.repo.js';
import { insertUser } from '../server/features/users/users.repo.js';
import { hashPassword } from '../server/lib/passwords.js';
import { DEMO_TOWNS } from '../server/seed/catalog.js';
import { freePort, openBenchDatabase, percentile, prepareItems, startApp } from './lib.js';

const { values } = parseArgs({
  strict: false,
  options: {
    families: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '5' },
    items: { type: 'string', default: '4000' },
    think: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '120' },
    'max-growth': { type: 'string', default: '2' },
    postgres: { type: 'boolean', default: false },
  },
});
const familyCount = Number(values.families);
const runMs = Number(values.minutes) * 60_000;
const itemCount = Number(values.items);
const thinkMs = Number(values.think) * 1000;
const warmupMs = Number(values.warmup) * 1000;
const maxGrowthMbPerMinute = Number(values['max-growth']);
const postgres = values.postgres === true;

const PASSWORD = 'soak-password';
const EMAIL_DOMAIN = 'soak.bench.example';
const ITEMS_PER_FAMILY = 2;
const REQUEST_TIMEOUT_MS = 30_000;
/** How long to wait at the end for messages still on their way to a stream. */
const DELIVERY_GRACE_MS = 10_000;
const MEMORY_SAMPLE_MS = 10_000;
const WORDS = [
  'book',
  'lego',
  'puzzle',
  'dress',
  'stroller',
  'train',
  'dinosaur',
  'jacket',
  'blocks',
  'doll',
];
const CATEGORIES = ['books', 'toys', 'clothes'];
const SORTS = [undefined, 'newest', 'relevance', 'nearest'];

type Family = {
  index: number;
  userId: number;
  email: string;
  address: string;
  cookie: string;
  ownItemIds: number[];
  seenItemIds: number[];
  conversationIds: number[];
  /** Message ids this family's stream received, with how many times. */
  received: Map<number, number>;
};

// ------------------------------------------------------------------------------ the data

/** The soak's own families (each with a couple of items to be messaged about), made once per data set. */
async function prepareFamilies(env: Record<string, string>): Promise<Omit<Family, 'cookie' | 'received'>[]> {
  const handle = await openBenchDatabase(env);
  try {
    const emails = Array.from({ length: familyCount }, (_, i) => `family${i}@${EMAIL_DOMAIN}`);
    const existing = await handle.db.select().from(users).where(inArray(users.email, emails));
    const byEmail = new Map(existing.map((user) => [user.email, user]));
    const password = await hashPassword(PASSWORD);
    const families: Omit<Family, 'cookie' | 'received'>[] = [];
    for (const [index, email] of emails.entries()) {
      const town = DEMO_TOWNS[index % DEMO_TOWNS.length];
      if (!town) throw new Error('no demo towns');
      let user = byEmail.get(email);
      user ??= await insertUser(handle.db, {
        email,
        password,
        firstName: `Family${index}`,
        lastName: 'Soak',
        city: town.city,
      });
      let own = await handle.db.select({ id: items.id }).from(items).where(eq(items.userId, user.id));
      if (own.length < ITEMS_PER_FAMILY) {
        own = await insertItems(
          handle.db,
          Array.from({ length: ITEMS_PER_FAMILY - own.length }, (_, n) => ({
            title: `Soak ${WORDS[(index + n) % WORDS.length]} from family ${index}`,
            description: 'Listed for the soak benchmark.',
            category: CATEGORIES[(index + n) % CATEGORIES.length] ?? 'toys',
            condition: 'good',
            exchangeType: 'free',
            userId: user.id,
            latitude: String(town.lat),
            longitude: String(town.lng),
            city: town.city,
            earlyAccessUntil: new Date(Date.now() - 60_000),
          })),
        ).then((rows) => [...own, ...rows.map((row) => ({ id: row.id }))]);
      }
      families.push({
        index,
        userId: user.id,
        email,
        // One address per family, as if each came through the proxy from its own home.
        address: `10.${(index >> 8) & 255}.${index & 255}.7`,
        ownItemIds: own.map((row) => row.id),
        seenItemIds: [],
        conversationIds: [],
      });
    }
    return families;
  } finally {
    await handle.close();
  }
}

// --------------------------------------------------------------------------- the requests

type Outcome = { kind: string; status: number; ms: number };
const outcomes: Outcome[] = [];
let unanswered = 0;

async function call(
  base: string,
  family: Pick<Family, 'cookie' | 'address'>,
  kind: string,
  path: string,
  init: { method?: string; body?: object } = {},
): Promise<Response | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-forwarded-for': family.address,
        ...(family.cookie ? { cookie: family.cookie } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // Read the whole answer, as a browser would, before timing it.
    const body = await response.arrayBuffer();
    outcomes.push({ kind, status: response.status, ms: performance.now() - started });
    return new Response(body.byteLength > 0 ? body : null, {
      status: response.status,
      headers: response.headers,
    });
  } catch {
    unanswered += 1;
    outcomes.push({ kind, status: 0, ms: performance.now() - started });
    return undefined;
  }
}

function pick<T>(list: readonly T[]): T | undefined {
  return list[Math.floor(Math.random() * list.length)];
}

function browsePath(): string {
  const params = new URLSearchParams({ limit: '24' });
  if (Math.random() < 0.6) params.set('search', pick(WORDS) ?? 'book');
  if (Math.random() < 0.5) params.set('category', pick(CATEGORIES) ?? 'toys');
  const town = pick(DEMO_TOWNS);
  if (town && Math.random() < 0.6) {
    params.set('lat', String(town.lat));
    params.set('lng', String(town.lng));
    params.set('maxDistance', String(pick([5, 10, 25, 50]) ?? 25));
  }
  const sort = pick(SORTS);
  if (sort && (sort !== 'nearest' || params.has('lat'))) params.set('sort', sort);
  return `/api/items?${params.toString()}`;
}

async function browse(base: string, family: Family): Promise<void> {
  let path = browsePath();
  // Half the time a family reads on to a second or third page.
  const pages = Math.random() < 0.5 ? 1 : Math.random() < 0.7 ? 2 : 3;
  for (let page = 0; page < pages; page += 1) {
    const response = await call(base, family, page === 0 ? 'browse' : 'browse, next page', path);
    if (!response?.ok) return;
    const found = (await response.json()) as { id: number }[];
    family.seenItemIds = [...found.map((item) => item.id), ...family.seenItemIds].slice(0, 100);
    const cursor = response.headers.get('x-next-cursor');
    if (!cursor) return;
    const next = new URL(path, base);
    next.searchParams.set('cursor', cursor);
    path = `${next.pathname}${next.search}`;
  }
}

async function openItem(base: string, family: Family): Promise<number | undefined> {
  const id = pick(family.seenItemIds);
  if (id === undefined) return undefined;
  const response = await call(base, family, 'item detail', `/api/items/${id}`);
  return response?.ok ? id : undefined;
}

async function toggleFavourite(base: string, family: Family): Promise<void> {
  const id = await openItem(base, family);
  if (id === undefined) return;
  const response = await call(base, family, 'favourite', '/api/favorites', {
    method: 'POST',
    body: { itemId: id },
  });
  if (response?.status === 409 || Math.random() < 0.3) {
    await call(base, family, 'unfavourite', `/api/favorites/${id}`, { method: 'DELETE' });
  }
}

type Sent = { id: number; recipient: Family };
const sent: Sent[] = [];
let sendRefused = 0;

async function message(base: string, family: Family, families: Family[]): Promise<void> {
  const other =
    families[(family.index + 1 + Math.floor(Math.random() * (families.length - 1))) % families.length];
  const itemId = other && pick(other.ownItemIds);
  if (!other || itemId === undefined) return;
  const opened = await call(base, family, 'start a conversation', '/api/conversations', {
    method: 'POST',
    body: { itemId, sellerId: other.userId },
  });
  if (!opened?.ok) return;
  const { id: conversationId } = (await opened.json()) as { id: number };
  if (!family.conversationIds.includes(conversationId)) family.conversationIds.push(conversationId);
  const answer = await call(base, family, 'send a message', `/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    body: { content: `Is it still available? (soak ${Date.now()})` },
  });
  if (answer?.status === 201) {
    const { id } = (await answer.json()) as { id: number };
    sent.push({ id, recipient: other });
  } else {
    sendRefused += 1;
  }
}

async function readMessages(base: string, family: Family): Promise<void> {
  const list = await call(base, family, 'conversations list', '/api/conversations?messageLimit=0');
  if (!list?.ok) return;
  const conversations = (await list.json()) as { id: number }[];
  const chosen = pick(conversations);
  if (chosen) await call(base, family, 'open a conversation', `/api/conversations/${chosen.id}`);
  await call(base, family, 'unread count', '/api/conversations/unread-count');
}

/** One family's day: the event stream open throughout, an action every think time. */
async function live(base: string, family: Family, families: Family[], until: number): Promise<void> {
  while (performance.now() < until) {
    const roll = Math.random();
    if (roll < 0.4) await browse(base, family);
    else if (roll < 0.55) await openItem(base, family);
    else if (roll < 0.7) await toggleFavourite(base, family);
    else if (roll < 0.85) await message(base, family, families);
    else await readMessages(base, family);
    const pause = thinkMs * (0.5 + Math.random());
    await new Promise((done) => setTimeout(done, Math.max(0, Math.min(pause, until - performance.now()))));
  }
}

/** Opens a family's event stream and counts each 'message' event by id until aborted. */
async function openStream(base: string, family: Family, signal: AbortSignal): Promise<void> {
  const response = await fetch(`${base}/api/events`, {
    headers: { cookie: family.cookie, 'x-forwarded-for': family.address },
    signal,
  });
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
          if (block.startsWith('event: resync')) resyncs += 1;
          if (block.startsWith('event: message')) {
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) {
              const { messageId } = JSON.parse(data) as { messageId: number };
              family.received.set(messageId, (family.received.get(messageId) ?? 0) + 1);
            }
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  // The first 'unread' event follows the subscription: from then on nothing is missed.
  await opened;
}
let resyncs = 0;

// --------------------------------------------------------------------------- the memory

type MemorySample = { minute: number; heapMb: number; rssMb: number };

/** The server's memory after a full garbage collection, read through its inspector. */
async function sampleMemory(inspectorPort: number, startedAt: number): Promise<MemorySample> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error('the server has no inspector target');
  const socket = new WebSocket(url);
  await new Promise<void>((done, fail) => {
    socket.addEventListener('open', () => done(), { once: true });
    socket.addEventListener('error', () => fail(new Error('inspector unreachable')), { once: true });
  });
  let nextId = 0;
  const ask = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((done) => {
      nextId += 1;
      const id = nextId;
      const onMessage = (event: MessageEvent) => {
        const answer = JSON.parse(String(event.data)) as {
          id?: number;
          result?: { result?: { value?: string } };
        };
        if (answer.id !== id) return;
        socket.removeEventListener('message', onMessage);
        done(answer);
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await ask('HeapProfiler.collectGarbage');
  const answer = await ask('Runtime.evaluate', {
    expression: 'JSON.stringify(process.memoryUsage())',
    returnByValue: true,
  });
  socket.close();
  const usage = JSON.parse(answer.result?.result?.value ?? '{}') as { heapUsed: number; rss: number };
  return {
    minute: (performance.now() - startedAt) / 60_000,
    heapMb: usage.heapUsed / 1e6,
    rssMb: usage.rss / 1e6,
  };
}

/** Least-squares slope of heap over time, MB per minute. */
function slope(samples: MemorySample[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanX = samples.reduce((sum, s) => sum + s.minute, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + s.heapMb, 0) / n;
  const covariance = samples.reduce((sum, s) => sum + (s.minute - meanX) * (s.heapMb - meanY), 0);
  const variance = samples.reduce((sum, s) => sum + (s.minute - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

// ------------------------------------------------------------------------------- the run

async function main(): Promise<void> {
  const env = await prepareItems(itemCount, postgres);
  const prepared = await prepareFamilies(env);
  const inspectorPort = await freePort();
  const app = await startApp({ ...env, TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_FACTOR: '1' }, [
    `--inspect=127.0.0.1:${inspectorPort}`,
  ]);
  const abort = new AbortController();
  try {
    console.log(`Signing in ${familyCount} families and opening their event streams…`);
    const families: Family[] = [];
    for (const family of prepared) {
      const login = await fetch(`${app.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': family.address },
        body: JSON.stringify({ email: family.email, password: PASSWORD }),
      });
      if (!login.ok) throw new Error(`sign-in for ${family.email} answered ${login.status}`);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      families.push({ ...family, cookie, received: new Map() });
    }
    await Promise.all(families.map((family) => openStream(app.base, family, abort.signal)));

    const startedAt = performance.now();
    const until = startedAt + runMs;
    const memory: MemorySample[] = [];
    const sampler = (async () => {
      while (performance.now() < until) {
        memory.push(await sampleMemory(inspectorPort, startedAt));
        const last = memory[memory.length - 1];
        if (last) {
          console.log(
            `  ${last.minute.toFixed(1)} min: heap ${last.heapMb.toFixed(1)} MB, rss ${last.rssMb.toFixed(1)} MB, ${outcomes.length} requests, ${sent.length} messages`,
          );
        }
        await new Promise((done) =>
          setTimeout(done, Math.min(MEMORY_SAMPLE_MS, Math.max(0, until - performance.now()))),
        );
      }
    })();
    console.log(`${familyCount} families live for ${runMs / 60_000} min (think ${thinkMs / 1000} s)…`);
    await Promise.all(families.map((family) => live(app.base, family, families, until)));
    await sampler;
    memory.push(await sampleMemory(inspectorPort, startedAt));

    // Messages still on their way get a grace period.
    const pending = () => sent.filter((message) => !message.recipient.received.has(message.id)).length;
    const graceUntil = performance.now() + DELIVERY_GRACE_MS;
    while (pending() > 0 && performance.now() < graceUntil)
      await new Promise((done) => setTimeout(done, 100));

    report(memory);
  } finally {
    abort.abort();
    await app.stop();
  }
}

function report(memory: MemorySample[]): void {
  const kinds = [...new Set(outcomes.map((outcome) => outcome.kind))];
  console.log('\n| request | answers | p50 / p95 / p99 ms | 5xx | 4xx | 429 | no answer |');
  console.log('|---|---|---|---|---|---|---|');
  for (const kind of kinds) {
    const ofKind = outcomes.filter((outcome) => outcome.kind === kind);
    const answered = ofKind.filter((outcome) => outcome.status > 0).map((outcome) => outcome.ms);
    const count = (test: (status: number) => boolean) =>
      ofKind.filter((outcome) => test(outcome.status)).length;
    console.log(
      `| ${kind} | ${answered.length} | ${percentile(answered, 50)} / ${percentile(answered, 95)} / ${percentile(answered, 99)} | ${count((s) => s >= 500)} | ${count((s) => s >= 400 && s < 500 && s !== 429)} | ${count((s) => s === 429)} | ${count((s) => s === 0)} |`,
    );
  }

  const lost = sent.filter((message) => !message.recipient.received.has(message.id)).length;
  const duplicated = sent.filter((message) => (message.recipient.received.get(message.id) ?? 0) > 1).length;
  const serverErrors = outcomes.filter((outcome) => outcome.status >= 500).length;
  const afterWarmup = memory.filter((sample) => sample.minute * 60_000 >= warmupMs);
  const growth = slope(afterWarmup);
  const heap = memory.map((sample) => sample.heapMb.toFixed(0)).join(', ');
  const seconds = runMs / 1000;
  console.log(
    `\n${outcomes.length} requests in ${seconds} s (${(outcomes.length / seconds).toFixed(1)}/s), ${serverErrors} with 5xx, ${unanswered} unanswered within ${REQUEST_TIMEOUT_MS / 1000} s`,
  );
  console.log(
    `messages: ${sent.length} acknowledged, ${sent.length - lost} delivered, ${lost} lost, ${duplicated} delivered more than once; ${sendRefused} sends refused (4xx/429); ${resyncs} resync events`,
  );
  console.log(`heap after GC, MB, every ${MEMORY_SAMPLE_MS / 1000} s: ${heap}`);
  console.log(
    `heap growth after the ${warmupMs / 1000} s warm-up: ${growth.toFixed(2)} MB/min (limit ${maxGrowthMbPerMinute}); rss at the end ${memory[memory.length - 1]?.rssMb.toFixed(0)} MB`,
  );
  const broken = [
    serverErrors > 0 && `${serverErrors} answers were 5xx`,
    unanswered > 0 && `${unanswered} requests got no answer`,
    lost > 0 && `${lost} messages never reached the recipient's stream`,
    duplicated > 0 && `${duplicated} messages arrived more than once`,
    afterWarmup.length >= 2 &&
      growth > maxGrowthMbPerMinute &&
      `heap grew ${growth.toFixed(2)} MB/min after the warm-up`,
  ].filter(Boolean);
  if (broken.length > 0) {
    console.log(`\nFAILED: ${broken.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      '\nPASSED: no 5xx, every request answered, every message delivered exactly once, memory flat',
    );
  }
}

await main();
