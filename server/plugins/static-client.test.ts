import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config.js';
import { staticClientPlugin } from './static-client.js';

let app: FastifyInstance;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'littleloop-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>LittleLoop</title>');
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.tsx"]}');
  app = Fastify();
  await app.register(staticClientPlugin, { clientDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('is built without source maps', () => {
    expect(viteConfig.build?.sourcemap ?? false).toBe(false);
  });

  it('never serves a source map, even one left in the build folder', async () => {
    const script = await app.inject({ url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    const map = await app.inject({ url: '/assets/index-abc123.js.map' });
    expect(map.body).not.toContain('secret.tsx');
    expect(map.headers['content-type']).toMatch(/text\/html/);
  });
});
