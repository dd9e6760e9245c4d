import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { as, makeItem, makeSignedInUser } from '../test/factories.js';
import { makeTestApp, openTestDatabase, type TestApp } from '../test/test-app.js';

let t: TestApp;
let clientApp: Awaited<ReturnType<typeof buildApp>>;
let closeClientDatabase: () => Promise<void>;
let clientDir: string;
const script = `console.log(${JSON.stringify('LittleLoop '.repeat(400))});`;

beforeAll(async () => {
  t = await makeTestApp();
  // A built client as the build leaves it: hashed assets with .br and .gz beside them.
  clientDir = mkdtempSync(join(tmpdir(), 'littleloop-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>LittleLoop</title>');
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), script);
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js.gz'), gzipSync(script));
  const database = await openTestDatabase();
  closeClientDatabase = () => database.close();
  clientApp = await buildApp({
    config: t.config,
    database,
    clock: t.clock,
    sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
    clientDir,
    logger: false,
  });
});
afterAll(async () => {
  await clientApp.close();
  await closeClientDatabase();
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends the prebuilt brotli file of a hashed asset, cached for a year', async () => {
    const response = await clientApp.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, by what the browser accepts', async () => {
    const gzipped = await clientApp.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await clientApp.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets a page be cached stale: index.html is no-cache', async () => {
    const response = await clientApp.inject({ url: '/browse', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('compresses a large API answer and leaves a small one as it is', async () => {
    const parent = await makeSignedInUser(t);
    const { user: neighbour } = await makeSignedInUser(t);
    for (let i = 0; i < 12; i += 1) await makeItem(t.db, neighbour, { title: `Wooden train set ${i}` });
    const large = await as(parent).get('/api/items', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const items = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as unknown[];
    expect(items).toHaveLength(12);

    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
