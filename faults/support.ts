import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/client.js';
import { TEST_PASSWORD } from '../server/test/factories.js';

/** The machine's PostgreSQL, as CI and README use it; the PostgreSQL fault tests need it. */
export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function isPostgresUp(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Where a server keeps its data: a temporary DATA_DIR, or a new PostgreSQL database. */
export type Store = {
  env: Record<string, string>;
  url?: string;
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
};

export function embeddedStore(): Store {
  const dataDir = mkdtempSync(join(tmpdir(), 'littleloop-fault-'));
  return {
    env: { DATA_DIR: dataDir, DEMO_DATA: '0' },
    open: () => openDatabase({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresStore(): Promise<Store> {
  const name = `littleloop_fault_${process.pid}_${Math.random().toString(16).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'littleloop-fault-'));
  return {
    url: url.toString(),
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir, DEMO_DATA: '0' },
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir }),
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type RunningServer = {
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
};

/** Starts the real server (server/main.ts, as `npm start` runs it) and waits for /api/health 200. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start-up:\n${output}`);
    if (Date.now() - started > 60_000) throw new Error(`the server did not become healthy:\n${output}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, child, exited, output: () => output };
}

/** Signs in through the API and returns the session cookie. */
export async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}

export type EventStream = {
  /** Every event received so far, in order. */
  events: { event: string; data: string }[];
  /** Resolves once an event satisfies the test. */
  waitFor(test: (event: { event: string; data: string }) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
};

/** Reads GET /api/events as a browser's EventSource would, keeping every event. */
export async function openEventStream(base: string, cookie: string): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, { headers: { cookie }, signal: abort.signal });
  const body = response.body;
  if (!response.ok || !body) throw new Error(`the event stream answered ${response.status}`);
  const events: { event: string; data: string }[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    let buffer = '';
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) events.push({ event, data });
      }
      for (const waiter of [...waiters]) waiter();
    }
  })();
  return {
    events,
    waitFor: (test, timeoutMs = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such event in ${JSON.stringify(events)}`)),
          timeoutMs,
        );
        const check = () => {
          if (!events.some(test)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}

/** Polls until the check passes. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
