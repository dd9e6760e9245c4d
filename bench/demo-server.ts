/**
 * The built server on a free port with a fresh folder of demo data, for the browser benchmarks
 * (bench/lighthouse.ts, bench/trace.ts), and the demo parent they sign in as.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// @ts-expect-error: a plain .mjs build script with no type declarations
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';

const root = resolve(import.meta.dirname, '..');
export const DEMO_PARENT = { email: 'maya.thompson.1@demo.littleloop.app', password: 'littleloop-demo' };

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitHealthy(base: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`The server at ${base} did not become healthy`);
}

export type DemoServer = { base: string; stop(): Promise<void> };

/**
 * `base` given: that server, measured as it is. Otherwise builds what is not built (unless a
 * server script is named) and starts it on a fresh folder, which it fills with demo data.
 */
export async function startDemoServer(options: { base?: string; server?: string }): Promise<DemoServer> {
  if (options.base) {
    await waitHealthy(options.base);
    return { base: options.base, stop: async () => {} };
  }
  if (!options.server) buildIfNeeded();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'littleloop-bench-'));
  const server: ChildProcess = spawn(
    process.execPath,
    [resolve(root, options.server ?? 'dist/server/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base);
  return {
    base,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the demo parent in; the Cookie header to send as them. */
export async function signInDemoParent(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(DEMO_PARENT),
  });
  if (!response.ok) throw new Error(`Signing in as ${DEMO_PARENT.email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/** The path of one of the demo data's item pages, with a photo when one has. */
export async function firstItemPath(base: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}/api/items`, { headers: { cookie } });
  const items = (await response.json()) as { id: number; imageUrls: string[] }[];
  const item = items.find((entry) => entry.imageUrls.length > 0) ?? items[0];
  if (!item) throw new Error('The demo data has no items to open');
  return `/item/${item.id}`;
}
