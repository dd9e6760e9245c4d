import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config.js';
import { as, makeItem, makeSignedInUser, makeUpload, makeUser } from '../test/factories.js';
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
    const parent = await makeSignedInUser(t);
    const home = await as(parent).get('/');
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
    const parent = await makeSignedInUser(t);
    const page = async (url: string) => preloads((await as(parent).get(url)).body);
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

describe('signed-in pages rendered on the server', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    // The build leaves the server build of client/prerender.tsx in render/, beside the client.
    root = mkdtempSync(join(tmpdir(), 'littleloop-build-'));
    mkdirSync(join(root, 'client'));
    mkdirSync(join(root, 'render'));
    writeFileSync(
      join(root, 'client', 'index.html'),
      '<head><title>LittleLoop</title></head><body><div id="root"></div></body>',
    );
    // Stands in for the React tree: reads what the real one reads and shows what it was given.
    writeFileSync(
      join(root, 'render', 'prerender.js'),
      `export async function renderSignedInPage(url, read) {
        const me = await read('/api/user');
        if (me.status !== 200) return undefined;
        if (url === '/browse') {
          const list = await read('/api/items?limit=24');
          const state = { user: me.body, items: list.body, count: list.headers.get('X-Total-Count') };
          return { html: '<main>browse</main>', state, title: 'Browse Items', firstPhoto: undefined };
        }
        const id = url.startsWith('/item/') ? url.slice('/item/'.length) : undefined;
        const item = id && (await read('/api/items/' + id));
        if (!item || item.status !== 200) return undefined;
        if (item.body.title === 'Breaks the renderer') throw new Error('render failed');
        const state = { user: me.body, item: item.body };
        const photo = item.body.imageUrls[0];
        const firstPhoto = photo && {
          href: photo,
          srcSet: photo.replace('.webp', '-800.webp') + ' 800w, ' + photo + ' 1600w',
          sizes: '(min-width: 1024px) 60vw, 100vw',
        };
        return { html: '<main>' + url + '</main>', state, title: item.body.title, firstPhoto };
      }`,
    );
    t = await makeTestApp({}, { clientDir: join(root, 'client') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const initialData = (html: string): Record<string, unknown> => {
    const json = /<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(html)?.[1];
    if (json === undefined) throw new Error(`no initial data in ${html}`);
    return JSON.parse(json) as Record<string, unknown>;
  };

  it('reads the answers as the parent, counts the view once, and asks for the photo first', async () => {
    const owner = await makeUser(t.db, { firstName: 'Ines', city: 'Leeds' });
    const photo = await makeUpload(t.db, owner);
    const item = await makeItem(t.db, owner, { title: 'Wooden train set', imageUrls: [photo] });
    const parent = await makeSignedInUser(t);

    const page = await as(parent).get(`/item/${item.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain(
      `<div id="root" data-prerendered="signed-in"><main>/item/${item.id}</main></div>`,
    );
    expect(page.body).toContain('<title>Wooden train set · LittleLoop</title>');
    // With the img's srcset and sizes, so the browser fetches the one width the img shows.
    expect(page.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${photo}" imagesrcset="${photo.replace('.webp', '-800.webp')} 800w, ${photo} 1600w" imagesizes="(min-width: 1024px) 60vw, 100vw">`,
    );

    const data = initialData(page.body);
    const api = async (url: string) => (await as(parent).get(url)).json<unknown>();
    expect(data.user).toEqual(await api('/api/user'));
    // The page's own read counted the view: the API, read after it, finds that day's view there.
    expect(data.item).toMatchObject({ id: item.id, title: 'Wooden train set', viewCount: 1 });
    expect(await api(`/api/items/${item.id}`)).toMatchObject({ viewCount: 1 });
  });

  it('gives the renderer the headers of a list, and the browse page its own title', async () => {
    const owner = await makeUser(t.db);
    await makeItem(t.db, owner, { title: 'Balance bike' });
    const parent = await makeSignedInUser(t, { isPremium: true });
    const page = await as(parent).get('/browse');
    expect(page.body).toContain('<title>Browse Items · LittleLoop</title>');
    const data = initialData(page.body) as { items: { title: string }[]; count: string };
    const list = await as(parent).get('/api/items?limit=24');
    expect(data.items).toEqual(list.json());
    expect(data.count).toBe(list.headers['x-total-count']);
    expect(data.items.map((item) => item.title)).toContain('Balance bike');

    const compressed = await as(parent).get('/browse', { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<main>browse</main>');
  });

  it('keeps a title from closing the data block or the title element', async () => {
    const owner = await makeUser(t.db);
    const title = '</script><script>alert(1)</script>';
    const item = await makeItem(t.db, owner, { title });
    const parent = await makeSignedInUser(t);
    const page = await as(parent).get(`/item/${item.id}`);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · LittleLoop</title>',
    );
    expect(initialData(page.body).item).toMatchObject({ title });
  });

  it('sends the plain page when the item is missing or hidden, rendering fails, or the reader is not a parent', async () => {
    const shell = '<head><title>LittleLoop</title>';
    const parent = await makeSignedInUser(t);
    const missing = await as(parent).get('/item/999999');
    expect(missing.statusCode).toBe(200);
    expect(missing.body.startsWith(shell)).toBe(true);
    expect(missing.body).not.toContain('data-prerendered');

    const owner = await makeUser(t.db);
    const hidden = await makeItem(t.db, owner, { isHidden: true });
    const hiddenPage = await as(parent).get(`/item/${hidden.id}`);
    expect(hiddenPage.body).not.toContain('data-prerendered');

    const breaking = await makeItem(t.db, owner, { title: 'Breaks the renderer' });
    const broken = await as(parent).get(`/item/${breaking.id}`);
    expect(broken.statusCode).toBe(200);
    expect(broken.body).not.toContain('data-prerendered');

    const visitor = await t.app.inject({ url: `/item/${breaking.id}` });
    expect(visitor.body).not.toContain('data-prerendered');
    const admin = await makeSignedInUser(t, { isAdmin: true });
    const adminPage = await as(admin).get(`/item/${owner.id}`);
    expect(adminPage.body).not.toContain('data-prerendered');
    // Other pages are the browser's to render.
    expect((await as(parent).get('/messages')).body).not.toContain('data-prerendered');
  });
});
