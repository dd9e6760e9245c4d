/**
 * What the benchmarks share: the seeded data sets (data/bench/items-N, or a littleloop_bench_N
 * database with --postgres), the real server on a free port, and autocannon with every
 * response time kept.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/client.js';
import * as schema from '../server/db/schema.js';
import { seedMarketplace } from '../server/seed/seed.js';
import { systemClock } from '../server/lib/clock.js';
import { createLocalStorage } from '../server/lib/storage-local.js';

export const root = resolve(import.meta.dirname, '..');

export function benchDataDir(itemCount: number): string {
  return join(root, 'data', 'bench', `items-${itemCount}`);
}

/** `littleloop_bench_N`, or BENCH_DATABASE_PREFIX_N when several checkouts share one PostgreSQL. */
export function benchDatabaseUrl(itemCount: number): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${process.env.BENCH_DATABASE_PREFIX ?? 'littleloop_bench'}_${itemCount}`;
  return url.toString();
}

/**
 * Seeds N items once with `npm run seed`'s generator (N/50 families in eight towns) and returns
 * the server's environment for that data set. A marker file (embedded) or the item count
 * (PostgreSQL) records that seeding finished.
 */
export async function prepareItems(itemCount: number, postgres: boolean): Promise<Record<string, string>> {
  const families = Math.max(24, Math.ceil(itemCount / 50));
  const dataDir = benchDataDir(itemCount);
  const seed = async (handle: DatabaseHandle, items: number) => {
    console.log(`Seeding ${items} items…`);
    await seedMarketplace(
      { db: handle.db, storage: createLocalStorage(join(dataDir, 'uploads')), clock: systemClock },
      { families, items, log: (m) => console.log(`  ${m}`) },
    );
    await handle.db.execute('analyze');
  };
  if (postgres) {
    const url = benchDatabaseUrl(itemCount);
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({
      connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (!exists) await admin.query(`create database ${name}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: url, dataDir });
    await handle.migrate();
    const counted = await handle.db.$count(schema.items);
    if (counted < itemCount) await seed(handle, itemCount - counted);
    await handle.close();
    return { DATABASE_URL: url, DATA_DIR: dataDir };
  }
  const marker = join(dataDir, 'seeded.json');
  if (!existsSync(marker)) {
    mkdirSync(dataDir, { recursive: true });
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    const started = Date.now();
    await seed(handle, itemCount);
    await handle.close();
    writeFileSync(
      marker,
      JSON.stringify({ items: itemCount, families, seconds: (Date.now() - started) / 1000 }),
    );
  }
  return { DATA_DIR: dataDir, DATABASE_URL: '' };
}

/** The data set's database, opened from this process (the server must not be running on an embedded one). */
export function openBenchDatabase(env: Record<string, string>): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' })
    : openDatabase({ dataDir: env.DATA_DIR ?? '' });
}

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type RunningServer = { base: string; pid: number; stop(): Promise<void> };

/** A server script (the app's server/main.ts, or the floor) on a free port, once it answers `ready`. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  ready: string,
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: {
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Fifty clients from one machine are not an attack: lift the abuse limits (docs/SECURITY.md),
      // unless the benchmark brings its own (the soak gives each family its own address instead).
      RATE_LIMIT_FACTOR: '1000',
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`${base}${ready}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    base,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The real server (server/main.ts). */
export function startApp(env: Record<string, string>, nodeArgs: string[] = []): Promise<RunningServer> {
  return startProcess(join(root, 'server', 'main.ts'), env, '/api/health', nodeArgs);
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Runs autocannon and keeps every response time, so any percentile can be read exactly. */
export function load(
  options: autocannon.Options,
): Promise<{ result: autocannon.Result; latencies: number[] }> {
  return new Promise((done, fail) => {
    const latencies: number[] = [];
    const instance = autocannon(options, (error, result) =>
      error ? fail(error) : done({ result, latencies }),
    );
    instance.on('response', (_client, _status, _bytes, responseTime: number) => latencies.push(responseTime));
  });
}

export function percentile(values: number[], p: number): string {
  if (values.length === 0) return '–';
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1);
}

/**
 * CPU time a process has used, in milliseconds (Linux's /proc; undefined elsewhere). Unlike
 * latency, it hardly moves when other work shares the machine.
 */
export function cpuMillisOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
