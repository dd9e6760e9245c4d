import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config.js';
import { makeSignedInUser } from '../test/factories.js';
import { makeTestApp, type TestApp } from '../test/test-app.js';
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

describe('pages rendered at build time', () => {
  let t: TestApp;
  let builtDir: string;
  beforeAll(async () => {
    builtDir = mkdtempSync(join(tmpdir(), 'littleloop-client-'));
    mkdirSync(join(builtDir, 'prerendered'));
    writeFileSync(join(builtDir, 'index.html'), '<div id="root"></div>');
    const landing = '<div id="root" data-prerendered><h1>Kids grow fast.</h1></div>';
    writeFileSync(join(builtDir, 'prerendered', 'index.html'), landing);
    writeFileSync(join(builtDir, 'prerendered', 'help-center.html'), '<h1>Help Center</h1>');
    writeFileSync(
      join(builtDir, 'prerendered', 'help-center.html.br'),
      brotliCompressSync('<h1>Help Center</h1>'),
    );
    t = await makeTestApp({}, { clientDir: builtDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(builtDir, { recursive: true, force: true });
  });

  it('sends a visitor the landing page and info pages with their content, never cached stale', async () => {
    const landing = await t.app.inject({ url: '/' });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toMatch(/text\/html/);
    expect(landing.body).toContain('Kids grow fast.');
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.headers.vary).toMatch(/cookie/i);
    const help = await t.app.inject({ url: '/help-center', headers: { 'accept-encoding': 'br' } });
    expect(help.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(help.rawPayload).toString()).toBe('<h1>Help Center</h1>');
  });

  it('sends a signed-in parent the app shell, whose script renders their own home', async () => {
    const { cookie } = await makeSignedInUser(t);
    const home = await t.app.inject({ url: '/', headers: { cookie } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe('<div id="root"></div>');
    expect(home.headers['cache-control']).toBe('no-cache');
  });

  it('sends the app shell for pages not rendered and for a query string that may change the page', async () => {
    expect((await t.app.inject({ url: '/browse' })).body).toBe('<div id="root"></div>');
    expect((await t.app.inject({ url: '/help-center?q=swap' })).body).toBe('<div id="root"></div>');
  });
});

describe('the app shell for a signed-in parent', () => {
  let t: TestApp;
  let builtDir: string;
  beforeAll(async () => {
    builtDir = mkdtempSync(join(tmpdir(), 'littleloop-client-'));
    writeFileSync(join(builtDir, 'index.html'), '<head></head><div id="root"></div>');
    t = await makeTestApp({}, { clientDir: builtDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(builtDir, { recursive: true, force: true });
  });

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map(
      (match) => match[1],
    );

  it("asks at once for what the page's script will ask the API for first", async () => {
    const { cookie } = await makeSignedInUser(t);
    const page = async (url: string) => preloads((await t.app.inject({ url, headers: { cookie } })).body);
    expect(await page('/item/42')).toEqual(['/api/user', '/api/items/42']);
    expect(await page('/browse')).toEqual(['/api/user', '/api/items?limit=24']);
    expect(await page('/browse?search=lego')).toEqual(['/api/user']);
    expect(await page('/')).toEqual(['/api/user', '/api/items/featured']);
  });

  it('asks nothing for a visitor, whose pages need no session', async () => {
    const response = await t.app.inject({ url: '/item/42' });
    expect(response.body).toBe('<head></head><div id="root"></div>');
  });
});
