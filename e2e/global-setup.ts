import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs build script with no type declarations
import { buildIfNeeded, ROOT } from '../scripts/build-if-needed.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: e-mails land in its outbox folder as .eml files. */
    dataDir: string;
    admin: { email: string; password: string };
  }
}

/** The administrator ADMIN_EMAIL / ADMIN_PASSWORD make at start-up (docs/OPERATIONS.md). */
// The one administrator of the browser tests (e2e/fixtures.ts E2E_ADMIN holds the same).
const ADMIN = { email: 'admin@e2e.littleloop.test', password: 'admin-e2e-password' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within 120 s:\n${output()}`);
}

/**
 * Browser tests run against the real built server, as `npm start` runs it, on a free port
 * with a throwaway DATA_DIR and the embedded database.
 */
export default async function setup(project: TestProject) {
  (buildIfNeeded as () => boolean)();
  const dataDir = mkdtempSync(join(tmpdir(), 'littleloop-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT as string,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every browser journey signs up its own parents from 127.0.0.1: far more sign-ups from
      // one address in an hour than a real network makes (docs/SECURITY.md's limits).
      RATE_LIMIT_FACTOR: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealth(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('admin', ADMIN);

  return async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`The server did not shut down cleanly (exit ${code}):\n${log}`);
  };
}
