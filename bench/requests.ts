/**
 * `npm run bench -- requests --items N [--postgres] [--connections 50] [--duration 10] [--shape text]
 *   [--profile]`
 *
 * The rest of a parent's day at N seeded items: item detail (its view counted), a
 * parent's items, the favourites list, the messages list of a parent in 500 conversations,
 * opening a conversation of 1,000 messages and sending a message, each loaded over HTTP with
 * autocannon (p50/p95/p99, requests per second); item detail, the messages list, the newest
 * items and two searches (from a position by best match, and nearest first within 30 km) with
 * shared pages off, each next to its bare floor (bench/floor.ts, PostgreSQL only) with the app's
 * share of its throughput; and the session lookup's own time. --profile writes a CPU profile of the app
 * during the newest-items load and prints where its time goes. --paired (PostgreSQL) also asks
 * the app and its floor in turn, one request at a time, and prints the median of each pair's
 * difference: the app's own time per request, steady even when the database's time drifts.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../server/db/client.js';
import { sessions, users } from '../server/db/schema.js';
import { insertUser } from '../server/features/users/users.repo.js';
import { hashPassword } from '../server/lib/passwords.js';
import { DISTANCE } from '../common/limits.js';
import { DEMO_TOWNS } from '../server/seed/catalog.js';
import { captureStatements } from './capture.js';
import {
  cpuMillisOf,
  load,
  openBenchDatabase,
  percentile,
  prepareItems,
  root,
  signIn,
  startApp,
  startProcess,
  type RunningServer,
} from './lib.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    postgres: { type: 'boolean', default: false },
    shape: { type: 'string', default: '' },
    profile: { type: 'boolean', default: false },
    paired: { type: 'boolean', default: false },
  },
  allowPositionals: true,
  strict: false,
});
const itemCount = Number(values.items);
const connections = Number(values.connections);
const duration = Number(values.duration);
const database = values.postgres ? 'PostgreSQL' : 'embedded';

const PARENT_EMAIL = 'bench.parent@example.com';
const PASSWORD = 'bench-password';
const CONVERSATIONS = 500;
/** Messages in each of the parent's conversations; one of them holds LONG_THREAD. */
const MESSAGES_EACH = 20;
const LONG_THREAD = 1000;
const FAVOURITES = 100;
/** The nearest-first searches: a word a parent types, in each demo town in turn. */
const SEARCH_WORDS = ['puzzle', 'books', 'jacket', 'train', 'stroller', 'lego', 'dinosaur', 'boots'];

type Fixtures = {
  parentId: number;
  longThreadId: number;
  sendThreadIds: number[];
  itemIds: number[];
  ownerIds: number[];
};

/**
 * The parent of the message benchmarks, added once to the data set: in 500 conversations about
 * seeded items (20 messages each, one with 1,000), with 100 favourites.
 */
async function prepareFixtures(env: Record<string, string>): Promise<Fixtures> {
  const handle = await openBenchDatabase(env);
  const { db } = handle;
  let [parent] = await db.select().from(users).where(eq(users.email, PARENT_EMAIL));
  if (!parent) {
    console.log('Adding the bench parent: 500 conversations, a 1,000-message thread, 100 favourites…');
    parent = await insertUser(db, {
      email: PARENT_EMAIL,
      password: await hashPassword(PASSWORD),
      firstName: 'Bench',
      lastName: 'Parent',
    });
    const parentId = parent.id;
    await db.execute(sql`
      insert into conversations (item_id, buyer_id, seller_id, last_message_at)
      select i.id, ${parentId}, i.user_id, now() from items i
      where i.is_available and not i.is_hidden and i.user_id <> ${parentId}
      order by i.id limit ${CONVERSATIONS}`);
    await db.execute(sql`
      insert into messages (conversation_id, sender_id, content, created_at, read_at)
      select c.id, case when g % 2 = 0 then c.buyer_id else c.seller_id end,
        'Is this still available? Message ' || g, now() - make_interval(mins => ${LONG_THREAD} - g), now()
      from conversations c, generate_series(1, ${MESSAGES_EACH}) g
      where c.buyer_id = ${parentId}`);
    await db.execute(sql`
      insert into messages (conversation_id, sender_id, content, created_at, read_at)
      select c.id, case when g % 2 = 0 then c.buyer_id else c.seller_id end,
        'An older message ' || g, now() - make_interval(mins => ${LONG_THREAD} * 2 - g), now()
      from (select min(id) as id, ${parentId}::int as buyer_id, min(seller_id) as seller_id
            from conversations where buyer_id = ${parentId}) c,
        generate_series(1, ${LONG_THREAD - MESSAGES_EACH}) g`);
    await db.execute(sql`
      insert into favorites (user_id, item_id)
      select ${parentId}, i.id from items i
      where i.is_available and not i.is_hidden order by i.id desc limit ${FAVOURITES}`);
    await db.execute(sql`analyze conversations`);
    await db.execute(sql`analyze messages`);
    await db.execute(sql`analyze favorites`);
  }
  const parentId = parent.id;
  const threads = rowsOf<{ id: number }>(
    await db.execute(sql`select id from conversations where buyer_id = ${parentId} order by id limit 33`),
  ).map((row) => Number(row.id));
  const visible = rowsOf<{ id: number; user_id: number }>(
    await db.execute(sql`
      select id, user_id from items
      where is_available and not is_hidden and not flagged_for_review
        and (early_access_until is null or early_access_until <= now())
      order by id desc limit 32`),
  );
  await handle.close();
  return {
    parentId,
    longThreadId: threads[0] ?? 0,
    sendThreadIds: threads.slice(1),
    itemIds: visible.map((row) => Number(row.id)),
    ownerIds: visible.map((row) => Number(row.user_id)),
  };
}

/** The session lookup of a signed-in request (session_with_user), timed alone 2,000 times. */
async function timeSessionLookup(env: Record<string, string>, cookie: string): Promise<string> {
  const sid =
    decodeURIComponent(cookie.split('=')[1] ?? '')
      .replace(/^s:/, '')
      .split('.')[0] ?? '';
  const handle = await openBenchDatabase(env);
  const lookup = handle.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .limit(1)
    .prepare('bench_session_with_user');
  const times: number[] = [];
  for (let i = 0; i < 2200; i += 1) {
    const started = performance.now();
    const [row] = await lookup.execute({ sid });
    if (i >= 200) times.push(performance.now() - started);
    if (!row) throw new Error('session not found');
  }
  await handle.close();
  const micros = times.map((t) => t * 1000);
  return `session lookup (${database}, the session and its user in one prepared statement, one client): p50 ${percentile(micros, 50)} µs, p95 ${percentile(micros, 95)} µs, p99 ${percentile(micros, 99)} µs`;
}

type Shape = {
  name: string;
  requests: { path: string; method?: 'GET' | 'POST'; body?: string }[];
  /** Measured beside a bare floor running the same statements (PostgreSQL only). */
  floor?: string;
  /** Also time another client's health checks while this shape loads the server. */
  probeHealth?: boolean;
};

function shapes(f: Fixtures): Shape[] {
  const json = { 'content-type': 'application/json' };
  return [
    {
      name: 'item detail (view counted)',
      requests: f.itemIds.map((id) => ({ path: `/api/items/${id}` })),
      floor: 'item-detail',
    },
    { name: "a parent's items", requests: f.ownerIds.map((id) => ({ path: `/api/users/${id}/items` })) },
    { name: 'favourites list (100)', requests: [{ path: '/api/favorites/with-items' }] },
    {
      name: 'messages list (500 conversations)',
      requests: [{ path: '/api/conversations' }],
      probeHealth: true,
      floor: 'messages-list',
    },
    // What the web app polls: each entry's last message only (docs/PERFORMANCE.md).
    {
      name: 'messages list, last message each (messageLimit=0)',
      requests: [{ path: '/api/conversations?messageLimit=0' }],
    },
    {
      name: 'open a conversation (1,000 messages)',
      requests: [{ path: `/api/conversations/${f.longThreadId}` }],
    },
    {
      name: 'send a message',
      requests: f.sendThreadIds.map((id) => ({
        path: `/api/conversations/${id}/messages`,
        method: 'POST' as const,
        headers: json,
        body: JSON.stringify({ content: 'Could I pick it up on Saturday morning?' }),
      })),
    },
    { name: 'newest items (shared pages off)', requests: [{ path: '/api/items?limit=24' }], floor: 'newest' },
    {
      name: 'search from a position, best match (shared pages off)',
      requests: SEARCH_WORDS.map((word, i) => {
        const town = DEMO_TOWNS[i % DEMO_TOWNS.length] ?? DEMO_TOWNS[0];
        return { path: `/api/items?search=${word}&lat=${town.lat}&lng=${town.lng}&limit=24` };
      }),
      floor: 'search-best-match',
    },
    {
      // What browse asks first when a parent with a home place searches: nearest first inside
      // the nearby radius (the bounded walk, decision 012).
      name: 'search nearest first, within 30 km (shared pages off)',
      requests: SEARCH_WORDS.map((word, i) => {
        const town = DEMO_TOWNS[i % DEMO_TOWNS.length] ?? DEMO_TOWNS[0];
        return {
          path: `/api/items?search=${word}&lat=${town.lat}&lng=${town.lng}&maxDistance=${DISTANCE.nearbyKm}&limit=24`,
        };
      }),
      floor: 'search-nearest',
    },
  ];
}

/** The PostgreSQL backends serving the data set's database (the server's pool). */
async function backendsOf(env: Record<string, string>): Promise<number[]> {
  if (!env.DATABASE_URL) return [];
  const url = new URL(env.DATABASE_URL);
  const database = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows.map((row) => Number(row.pid));
  } finally {
    await admin.end();
  }
}

/** CPU milliseconds used so far by the server and by each of its database backends. */
async function cpuOf(
  server: RunningServer,
  env: Record<string, string>,
): Promise<{ app?: number; database: Map<number, number> }> {
  const backends = await backendsOf(env);
  return {
    app: cpuMillisOf(server.pid),
    database: new Map(backends.map((pid) => [pid, cpuMillisOf(pid) ?? 0])),
  };
}

/**
 * The database's CPU between two readings. A pool may open a backend during the run: it counts
 * from zero. One that closed during the run is lost to the reading, so it is left out whole.
 */
function databaseCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, millis] of after) total += millis - (before.get(pid) ?? 0);
  return total;
}

async function measure(
  server: RunningServer,
  cookie: string,
  shape: Shape,
  env: Record<string, string> = {},
) {
  const options = {
    url: server.base,
    connections,
    headers: { cookie },
    requests: shape.requests,
    // A slow shape under 50 clients queues for seconds: wait for it rather than drop it.
    timeout: 30,
  };
  await load({ ...options, duration: 2 });
  // What each request costs in CPU (server, and PostgreSQL's backends for its pool): unlike
  // latency and throughput, it stays put when other work loads the machine.
  const before = await cpuOf(server, env);
  const { result, latencies } = await load({ ...options, duration });
  const after = await cpuOf(server, env);
  // Requests still queued when the run ended would land on the next shape: wait them out (the
  // health check queues behind them, on the embedded database's one connection as well).
  await fetch(`${server.base}/api/health`);
  // Another parent's view is a load pass of its own: the measured one above stays comparable
  // with its floor, which answers no health checks meanwhile.
  let health: string | undefined;
  if (shape.probeHealth) {
    const probing = probeHealth(server);
    await load({ ...options, duration });
    health = await probing.stop();
    await fetch(`${server.base}/api/health`);
  }
  const answered = Math.max(1, latencies.length);
  const perRequest = (from?: number, to?: number) =>
    from === undefined || to === undefined ? '–' : ((to - from) / answered).toFixed(1);
  const cpu = `${perRequest(before.app, after.app)} | ${env.DATABASE_URL ? perRequest(0, databaseCpuBetween(before.database, after.database)) : '–'}`;
  const line = `| ${shape.name} | ${database} | ${itemCount.toLocaleString('en-US')} | ${percentile(latencies, 50)} | ${percentile(latencies, 95)} | ${percentile(latencies, 99)} | ${Math.round(result.requests.average)} | ${cpu} | ${result.non2xx + result.errors + result.timeouts} |`;
  console.log(line);
  return {
    line,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    health,
  };
}

type Run = Awaited<ReturnType<typeof measure>>;

/** One shape beside its floor: the app's share of the floor's requests per second. */
function shareLine(name: string, app: Run, floor: Run): string {
  const share = floor.rps > 0 ? `${((100 * app.rps) / floor.rps).toFixed(0)} %` : '–';
  return `| ${name} | ${Math.round(app.rps)} | ${Math.round(floor.rps)} | ${share} | ${app.p50} / ${app.p95} | ${floor.p50} / ${floor.p95} |`;
}

/** The floor's path for a shape's request (bench/floor.ts replays its captured statements). */
function floorPath(shape: Shape, index: number): string {
  return `/floor/${shape.floor}/${index}`;
}

/** How long one request takes, from asking to the last byte of its answer. */
async function timeRequest(base: string, path: string, cookie: string): Promise<number> {
  const started = performance.now();
  // As autocannon asks: fetch would otherwise ask for a compressed answer, which only the app gives.
  const headers: Record<string, string> = { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) };
  const response = await fetch(`${base}${path}`, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

/**
 * The app and its floor asked in turn, one request at a time, for `duration` seconds (after two
 * of warming up): each pair meets the same machine and database, so the median of the pairs'
 * differences is the app's own time per request even when the database's time drifts between
 * two separate runs by more than that.
 */
async function pairedRun(app: RunningServer, cookie: string, floor: RunningServer, shape: Shape) {
  const appTimes: number[] = [];
  const floorTimes: number[] = [];
  const differences: number[] = [];
  for (const [seconds, keep] of [
    [2, false],
    [duration, true],
  ] as const) {
    const until = performance.now() + seconds * 1000;
    for (let index = 0; performance.now() < until; index += 1) {
      const at = index % shape.requests.length;
      const request = shape.requests[at];
      if (!request) break;
      const appMs = await timeRequest(app.base, request.path, cookie);
      const floorMs = await timeRequest(floor.base, floorPath(shape, at), '');
      if (!keep) continue;
      appTimes.push(appMs);
      floorTimes.push(floorMs);
      differences.push(appMs - floorMs);
    }
  }
  return `| ${shape.name} | ${differences.length} | ${percentile(appTimes, 50)} | ${percentile(floorTimes, 50)} | ${percentile(differences, 50)} |`;
}

/**
 * Another parent's view while the load runs: /api/health (no session), asked again as soon as
 * it answers, timed from the outside. On the embedded database this shows whether one heavy
 * request still stalls everyone (the database runs in its own thread, docs/PERFORMANCE.md).
 */
function probeHealth(server: RunningServer): { stop(): Promise<string> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(`${server.base}/api/health`);
      await answer.arrayBuffer();
      times.push(performance.now() - started);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return `/api/health from another client meanwhile (${times.length} checks): p50 ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms, max ${percentile(times, 100)} ms`;
    },
  };
}

/** Self time of a CPU profile, by where it was spent. */
function summariseProfile(dir: string): string[] {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return ['(no profile written)'];
  type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // A sample belongs to the first library or app frame on its stack, from the top (Node's own
  // frames, such as writing to a socket, count as Node only when no such frame called them).
  const category = (id: number): string => {
    let fallback = 'other';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)?.callFrame ?? { functionName: '', url: '' };
      if (functionName === '(idle)') return 'idle';
      if (functionName === '(garbage collector)') return 'garbage collection';
      if (functionName === '(program)') return 'V8 and native (program)';
      if (/plugins\/session|@fastify\/session|@fastify\/cookie|cookie-signature/.test(url)) return 'session';
      if (/node_modules\/(zod|fastify-type-provider-zod)/.test(url)) return 'validation (zod)';
      if (/stringify|fast-json-stringify|items\.present|present\.ts/.test(url + functionName))
        return 'shaping and serialisation';
      if (/node_modules\/(pg|pg-protocol|pg-pool|drizzle-orm|@electric-sql)/.test(url))
        return 'query (driver, ORM, embedded database)';
      if (/features\/items\/(items\.search|items\.repo|items\.service|browse-cache)/.test(url))
        return 'query building (items)';
      if (/node_modules\/(fastify|find-my-way|light-my-request|avvio|@fastify)/.test(url))
        return 'Fastify (routing, hooks, reply)';
      if (/^node:|internal\//.test(url) && fallback === 'other') fallback = 'Node (HTTP, streams, timers)';
    }
    return fallback;
  };
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const name = category(id);
    totals.set(name, (totals.get(name) ?? 0) + delta);
    all += delta;
  });
  const busy = all - (totals.get('idle') ?? 0);
  return [...totals]
    .filter(([name]) => name !== 'idle')
    .sort((a, b) => b[1] - a[1])
    .map(([name, micros]) => `| ${name} | ${((100 * micros) / busy).toFixed(1)} % |`);
}

async function main() {
  const env = await prepareItems(itemCount, values.postgres === true);
  const fixtures = await prepareFixtures(env);
  const lines: string[] = [];
  const profileDir = join(root, 'data', 'bench', 'profile');
  if (values.profile) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const app = await startApp(
    { ...env, BROWSE_CACHE_SECONDS: '0' },
    values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const cookie = await signIn(app.base, PARENT_EMAIL, PASSWORD);
  const healthLines: string[] = [];
  const selected = shapes(fixtures).filter((s) => s.name.includes(String(values.shape ?? '')));
  const appRuns = new Map<string, Run>();
  for (const shape of selected) {
    const run = await measure(app, cookie, shape, env);
    lines.push(run.line);
    appRuns.set(shape.name, run);
    if (run.health) healthLines.push(`${shape.name}, ${connections} clients: ${run.health}`);
  }
  await app.stop();

  const floorLines: string[] = [];
  const pairedLines: string[] = [];
  const floored = selected.filter((shape) => shape.floor);
  if (values.postgres && floored.length > 0) {
    const statementsFile = join(root, 'data', 'bench', `floor-statements-${itemCount}.json`);
    await captureStatements(
      { ...env, RATE_LIMIT_FACTOR: '1000' },
      { email: PARENT_EMAIL, password: PASSWORD },
      Object.fromEntries(floored.map((shape) => [shape.floor, shape.requests.map((r) => r.path)])),
      statementsFile,
    );
    const floor = await startProcess(
      join(root, 'bench', 'floor.ts'),
      { ...env, FLOOR_STATEMENTS: statementsFile },
      '/api/health',
    );
    for (const shape of floored) {
      const floorRun = await measure(
        floor,
        '',
        {
          name: `bare floor: ${shape.name}`,
          requests: shape.requests.map((_, index) => ({ path: floorPath(shape, index) })),
        },
        env,
      );
      lines.push(floorRun.line);
      const appRun = appRuns.get(shape.name);
      if (appRun) floorLines.push(shareLine(shape.name, appRun, floorRun));
    }
    if (values.paired) {
      const again = await startApp({ ...env, BROWSE_CACHE_SECONDS: '0' });
      for (const shape of floored) pairedLines.push(await pairedRun(again, cookie, floor, shape));
      await again.stop();
    }
    await floor.stop();
  }
  const sessionLine = await timeSessionLookup(env, cookie);

  console.log(
    '\n| request | database | items | p50 ms | p95 ms | p99 ms | req/s | app CPU ms/req | database CPU ms/req | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const line of lines) console.log(line);
  if (floorLines.length > 0) {
    console.log(
      '\n| shape | app req/s | floor req/s | share | app p50 / p95 ms | floor p50 / p95 ms |\n|---|---|---|---|---|---|',
    );
    for (const floorLine of floorLines) console.log(floorLine);
  }
  if (pairedLines.length > 0) {
    console.log(
      '\n| shape, one request at a time, app and floor in turn | pairs | app p50 ms | floor p50 ms | median of app − floor ms |\n|---|---|---|---|---|',
    );
    for (const pairedLine of pairedLines) console.log(pairedLine);
  }
  for (const healthLine of healthLines) console.log(healthLine);
  console.log(sessionLine);
  if (values.profile) {
    console.log('\n| where the app spends its CPU (self time, idle left out) | share |\n|---|---|');
    for (const line of summariseProfile(profileDir)) console.log(line);
  }
}

await main();
