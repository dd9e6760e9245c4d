/**
 * `npm run bench:browse -- --items N [--connections 50] [--duration 15] [--postgres] [--plans] [--cache both|on|off]
 *   [--shape text]`
 *
 * Seeds N items once (kept in data/bench/, or a bench database on DATABASE_URL with
 * --postgres), prints the query plans of the browse request, then starts the real server and
 * loads it over HTTP with autocannon, reporting p50/p95/p99 latency and requests per second.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DEMO_TOWNS } from '../server/seed/catalog.js';
import { seedMarketplace } from '../server/seed/seed.js';
import { createPglite, createPgPool, openDatabase, type Database } from '../server/db/client.js';
import * as schema from '../server/db/schema.js';
import { searchItemIds } from '../server/features/items/items.search.js';
import { systemClock } from '../server/lib/clock.js';
import { createLocalStorage } from '../server/lib/storage-local.js';
import { startApp } from './lib.js';

const { values } = parseArgs({
  // npm run bench passes one set of options to every benchmark: each reads its own.
  strict: false,
  options: {
    items: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '15' },
    postgres: { type: 'boolean', default: false },
    // Only print the query plans, without loading the server.
    plans: { type: 'boolean', default: false },
    // on: shared browse pages (as deployed); off: BROWSE_CACHE_SECONDS=0; both (default).
    cache: { type: 'string', default: 'both' },
    // Only the request shapes whose name contains this text.
    shape: { type: 'string', default: '' },
  },
});
const itemCount = Number(values.items);
const connections = Number(values.connections);
const duration = Number(values.duration);
const root = resolve(import.meta.dirname, '..');
const dataDir = join(root, 'data', 'bench', `items-${itemCount}`);

const WORDS = ['puzzle', 'books', 'jacket', 'train', 'stroller', 'lego', 'dinosour', 'boots'];
const CATEGORY_OF: Record<string, string> = {
  puzzle: 'toys',
  books: 'books',
  jacket: 'clothes',
  train: 'toys',
  stroller: 'other',
  lego: 'toys',
  dinosour: 'toys',
  boots: 'clothes',
};

type Scenario = { name: string; paths: string[] };
function scenarios(): Scenario[] {
  const near = (i: number) => DEMO_TOWNS[i % DEMO_TOWNS.length] ?? DEMO_TOWNS[0];
  const many = (make: (i: number) => string) => Array.from({ length: 32 }, (_, i) => make(i));
  return [
    {
      name: 'search + category + 25 km (the browse request)',
      paths: many((i) => {
        const word = WORDS[i % WORDS.length] ?? 'puzzle';
        const town = near(i);
        return `/api/items?search=${word}&category=${CATEGORY_OF[word]}&lat=${town.lat}&lng=${town.lng}&maxDistance=25&limit=24`;
      }),
    },
    {
      // The same request ordered by best match, as it was before PRODUCT §9's nearest-first default.
      name: 'search + category + 25 km, best match',
      paths: many((i) => {
        const word = WORDS[i % WORDS.length] ?? 'puzzle';
        const town = near(i);
        return `/api/items?search=${word}&category=${CATEGORY_OF[word]}&lat=${town.lat}&lng=${town.lng}&maxDistance=25&sort=relevance&limit=24`;
      }),
    },
    { name: 'newest, no filters', paths: many(() => '/api/items?limit=24') },
    {
      name: 'nearest first',
      paths: many((i) => `/api/items?lat=${near(i).lat}&lng=${near(i).lng}&limit=24`),
    },
    {
      name: 'category + 10 km, no search',
      paths: many(
        (i) =>
          `/api/items?category=toys&lat=${near(i).lat}&lng=${near(i).lng}&maxDistance=10&sort=newest&limit=24`,
      ),
    },
  ];
}

type ExplainDb = {
  db: Database;
  raw(query: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
};

/** Seeds once; a marker file (or table) records that the data set is complete. */
async function prepareData(): Promise<{
  env: Record<string, string>;
  explainDb: () => Promise<ExplainDb>;
}> {
  const families = Math.max(24, Math.ceil(itemCount / 50));
  if (values.postgres) {
    const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `littleloop_bench_${itemCount}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (!exists) await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir, statementTimeoutMs: 0 });
    await handle.migrate();
    const counted = await handle.db.$count(schema.items);
    if (counted < itemCount) {
      console.log(`Seeding ${itemCount} items into ${name}…`);
      await seedMarketplace(
        { db: handle.db, storage: createLocalStorage(join(dataDir, 'uploads')), clock: systemClock },
        { families, items: itemCount - counted, log: (m) => console.log(`  ${m}`) },
      );
      await handle.db.execute('analyze');
    }
    await handle.close();
    return {
      env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
      explainDb: async () => {
        const pool = createPgPool(url.toString(), { max: 1 });
        return {
          db: drizzleNodePg(pool, { schema, logger: queryLogger }) as unknown as Database,
          raw: async (query: string, params: unknown[]) => (await pool.query(query, params)).rows,
          close: () => pool.end(),
        };
      },
    };
  }
  const marker = join(dataDir, 'seeded.json');
  if (!existsSync(marker)) {
    mkdirSync(dataDir, { recursive: true });
    console.log(`Seeding ${itemCount} items into ${dataDir}…`);
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    const started = Date.now();
    await seedMarketplace(
      { db: handle.db, storage: createLocalStorage(join(dataDir, 'uploads')), clock: systemClock },
      { families, items: itemCount, log: (m) => console.log(`  ${m}`) },
    );
    await handle.db.execute('analyze');
    await handle.close();
    writeFileSync(
      marker,
      JSON.stringify({ items: itemCount, families, seconds: (Date.now() - started) / 1000 }),
    );
  }
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    explainDb: async () => {
      const client = await createPglite({ dataDir: join(dataDir, 'pgdata') });
      return {
        db: drizzlePglite(client, { schema, logger: queryLogger }) as unknown as Database,
        raw: async (query: string, params: unknown[]) =>
          (await client.query<Record<string, unknown>>(query, params)).rows,
        close: () => client.close(),
      };
    },
  };
}

const captured: { query: string; params: unknown[] }[] = [];
const queryLogger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };

/** EXPLAIN ANALYZE of every query one browse request runs (search, count). */
async function printPlans(open: () => Promise<ExplainDb>) {
  const { db, raw, close } = await open();
  const town = DEMO_TOWNS[0];
  const base = { limit: 24, viewerId: 0, includeEarlyAccess: false, now: new Date() };
  const variants = [
    {
      ...base,
      search: 'puzzle',
      category: 'toys' as const,
      lat: town.lat,
      lng: town.lng,
      maxDistance: 25,
    },
    { ...base, search: 'dinosour' },
    base,
    { ...base, lat: town.lat, lng: town.lng },
    {
      ...base,
      category: 'toys' as const,
      lat: town.lat,
      lng: town.lng,
      maxDistance: 10,
      sort: 'newest' as const,
    },
  ];
  for (const variant of variants) {
    captured.length = 0;
    await searchItemIds(db, variant);
    const queries = captured.filter(({ query }) => !/set_config|^begin|^commit/i.test(query));
    for (const { query, params } of queries) {
      const rows = await raw(`explain (analyze, costs off, summary on) ${query}`, params);
      console.log(`\n-- plan: ${query.replace(/\s+/g, ' ').slice(0, 140)}…`);
      for (const row of rows) console.log(`   ${Object.values(row)[0]}`);
    }
  }
  await close();
}

/** Runs autocannon and keeps every response time, so any percentile can be read exactly. */
function load(options: autocannon.Options): Promise<{ result: autocannon.Result; latencies: number[] }> {
  return new Promise((done, fail) => {
    const latencies: number[] = [];
    const instance = autocannon(options, (error, result) =>
      error ? fail(error) : done({ result, latencies }),
    );
    instance.on('response', (_client, _status, _bytes, responseTime: number) => latencies.push(responseTime));
  });
}

function percentile(values: number[], p: number): string {
  if (values.length === 0) return '–';
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1);
}

async function main() {
  const { env, explainDb } = await prepareData();
  await printPlans(explainDb);
  if (values.plans) return;

  const results: string[] = [];
  // Each shape runs twice: with browse pages shared for a few seconds (as deployed), and with
  // BROWSE_CACHE_SECONDS=0, where every request runs its queries (the plans above).
  const modes = [
    { label: 'shared pages', env: {} as Record<string, string> },
    { label: 'no page cache', env: { BROWSE_CACHE_SECONDS: '0' } },
  ].filter((mode) => values.cache === 'both' || (values.cache === 'on') === (mode.label === 'shared pages'));
  for (const mode of modes) {
    const { base, cookie, stop } = await startServer({ ...env, ...mode.env });
    for (const scenario of scenarios().filter((shape) => shape.name.includes(String(values.shape)))) {
      const requests = scenario.paths.map((path) => ({ path }));
      // A short warm-up fills the JIT and the database's buffers before measuring.
      await load({ url: base, connections, duration: 2, headers: { cookie }, requests });
      const { result, latencies } = await load({
        url: base,
        connections,
        duration,
        headers: { cookie },
        requests,
      });
      // Requests still queued when the load stopped would slow the next shape: let them finish.
      await fetch(`${base}${scenario.paths[0]}`, { headers: { cookie } });
      const line = `| ${scenario.name} | ${mode.label} | ${itemCount.toLocaleString('en-US')} | ${values.postgres ? 'PostgreSQL' : 'embedded'} | ${percentile(latencies, 50)} | ${percentile(latencies, 95)} | ${percentile(latencies, 99)} | ${Math.round(result.requests.average)} | ${result.non2xx} |`;
      results.push(line);
      console.log(line);
    }
    await stop();
  }
  console.log('\n| request | pages | items | database | p50 ms | p95 ms | p99 ms | req/s | non-2xx |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const line of results) console.log(line);
}

/** The real server (bench/lib.ts startApp) and one signed-in free account. */
async function startServer(env: Record<string, string>) {
  const server = await startApp(env);
  const email = `bench.${Date.now()}@example.com`;
  const registered = await fetch(`${server.base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password', firstName: 'Bench', lastName: 'Runner' }),
  });
  const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { ...server, cookie };
}

await main();
