/**
 * The built server on a free port with a fresh folder of demo data, for the browser benchmarks
 * (bench/lighthouse.ts, bench/trace.ts), and the demo parent they sign in as.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// @ts-expect-error: a plain .mjs build script with no type declarations
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { root, signIn, startProcess } from './lib.js';

export const DEMO_PARENT = { email: 'maya.thompson.1@demo.littleloop.app', password: 'littleloop-demo' };

export type DemoServer = { base: string; stop(): Promise<void> };

/**
 * `base` given: that server, measured as it is. Otherwise builds what is not built (unless a
 * server script is named) and starts it on a fresh folder, which it fills with demo data.
 */
export async function startDemoServer(options: { base?: string; server?: string }): Promise<DemoServer> {
  if (options.base) return { base: options.base, stop: async () => {} };
  if (!options.server) buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'littleloop-bench-'));
  const server = await startProcess(
    resolve(root, options.server ?? 'dist/server/main.js'),
    { DATA_DIR: dataDir, DEMO_DATA: '1' },
    '/api/health',
  );
  return {
    base: server.base,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the demo parent in; the Cookie header to send as them. */
export function signInDemoParent(base: string): Promise<string> {
  return signIn(base, DEMO_PARENT.email, DEMO_PARENT.password);
}

/** The path of one of the demo data's item pages, with a photo when one has. */
export async function firstItemPath(base: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}/api/items`, { headers: { cookie } });
  const items = (await response.json()) as { id: number; imageUrls: string[] }[];
  const item = items.find((entry) => entry.imageUrls.length > 0) ?? items[0];
  if (!item) throw new Error('The demo data has no items to open');
  return `/item/${item.id}`;
}
