import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chunkFiles, deferredPreloads, type BuildManifest } from '../../common/deferred-preloads.js';
import { PAGE_SIZE } from '../../common/limits.js';
import { PRODUCT_NAME } from '../../common/product-copy.js';
import { escapeHtml } from '../lib/html.js';

/** Where the build leaves the pages it rendered (scripts/vite-prerender.ts). */
const PRERENDERED_DIR = 'prerendered';
/** Beside the client build (never served): the server build of client/prerender.tsx. */
const RENDER_DIR = 'render';

/** An API answer read on a parent's behalf, as client/app/server-prefetch.ts takes it. */
type ApiAnswer = { status: number; body: unknown; headers: { get: (name: string) => string | null } };

/** The photo a rendered page asks for first, with its img's srcset and sizes when it has them. */
type FirstPhoto = { href: string; srcSet?: string | undefined; sizes?: string | undefined };

/** What the render folder offers (client/prerender.tsx, scripts/vite-prerender.ts). */
type SignedInRenderer = {
  renderSignedInPage: (
    url: string,
    read: (url: string) => Promise<ApiAnswer>,
    cookieHeader: string,
  ) => Promise<
    { html: string; state: unknown; title: string; firstPhoto: FirstPhoto | undefined } | undefined
  >;
};

/**
 * Serves the built client on the same origin as the API. Hashed assets are cached for a
 * year and sent in their precompressed form (brotli, else gzip) when the browser accepts it;
 * index.html is never cached, so a new release is picked up at once. Any path that is not an
 * API path or a file falls back to index.html, where the client router decides (404 page).
 * Source maps (*.map) are never served.
 *
 * The landing page and the info pages exist already rendered (`prerendered/`, written by
 * scripts/vite-prerender.ts): a request without a signed-in session gets that page, whose text
 * shows before any script runs; a signed-in user gets index.html, whose script renders their
 * own screen, so nobody sees a visitor's page flash first.
 */
export const staticClientPlugin = fp(
  async (app: FastifyInstance, options: { clientDir: string | undefined }) => {
    const clientDir = options.clientDir;
    const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
    const prerendered = hasClient ? prerenderedPages(clientDir) : new Map<string, string>();
    const shell = hasClient ? readFileSync(join(clientDir, 'index.html'), 'utf8') : '';
    const renderer = hasClient ? await loadRenderer(join(clientDir, '..', RENDER_DIR)) : undefined;
    const screenPreloads = hasClient ? screenPreloadsOf(clientDir, shell) : () => '';
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text asset (scripts/vite-precompress.ts):
        // sent as is with Content-Encoding and Vary: Accept-Encoding.
        preCompressed: true,
        // Source maps would publish the client's source; a build that left one behind still
        // never serves it.
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        setHeaders(res, path) {
          res.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      // wildcard: false only registers files present at start-up; the rest falls to the handler below.
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
      if (hasClient && isPage) {
        // The page depends on the session: a shared cache must not hand one person's to another.
        reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html');
        // A query string may choose what the page shows (/legal?tab=terms): rendered by the script.
        const hasQuery = request.url.includes('?');
        const visitorPage = request.user || hasQuery ? undefined : prerendered.get(path);
        if (visitorPage) return reply.sendFile(visitorPage);
        const rendered =
          renderer && request.user && !request.user.isAdmin
            ? await renderSignedInPage(app, renderer, shell, screenPreloads, request)
            : undefined;
        if (rendered) return sendCompressed(request, reply, rendered);
        const calls = !request.user
          ? []
          : request.user.isAdmin
            ? ['/api/user']
            : firstApiCalls(path, hasQuery);
        return reply.send(withApiPreloads(shell, calls));
      }
      const allowed = path.startsWith('/api/') ? app.allowedMethodsFor(path) : [];
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send({ message: `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}` });
      }
      return reply.code(404).send({ message: `Not found: ${request.method} ${path}` });
    });
  },
);

/**
 * The API calls a signed-in page makes first, which the HTML asks for at once, so their answers
 * travel while the script downloads instead of after it ran (docs/PERFORMANCE.md, "Paint").
 * Each must be the very request the client sends (client/lib/api-client.ts), or it is fetched
 * twice: the browse results are only those of a plain /browse (client/features/discovery), and
 * home's recent items are left out, as they depend on a position the browser may hold.
 */
function firstApiCalls(path: string, hasQuery: boolean): string[] {
  const calls = ['/api/user'];
  const item = /^\/item\/(\d+)$/.exec(path);
  if (path === '/') calls.push('/api/items/featured');
  if (item) calls.push(`/api/items/${item[1]}`);
  if (path === '/browse' && !hasQuery) calls.push(`/api/items?limit=${PAGE_SIZE.browse}`);
  return calls;
}

/**
 * A signed-in parent's item page or browse grid, rendered on the server from the API answers
 * the screen reads first, read through the app itself on the parent's behalf (so rules, views
 * and shapes are the API's), with the query cache they make, which the browser takes the HTML
 * over with (client/main.tsx). The photo then paints from the HTML instead of after the script
 * (docs/PERFORMANCE.md, "Paint"). Undefined when the page is not one rendered there, an answer
 * is not a 200 (the browser then shows the 404 or the error as usual) or rendering fails:
 * index.html, rendered by the script, is the fallback.
 */
async function renderSignedInPage(
  app: FastifyInstance,
  renderer: SignedInRenderer,
  shell: string,
  screenPreloads: (path: string) => string,
  request: FastifyRequest,
): Promise<string | undefined> {
  const path = request.url.split('?')[0] ?? '/';
  if (!/^\/(item\/\d+|browse)?$/.test(path)) return undefined;
  const read = async (url: string): Promise<ApiAnswer> => {
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: request.headers.cookie ?? '', 'user-agent': request.headers['user-agent'] ?? '' },
      remoteAddress: request.ip,
    });
    return {
      status: answer.statusCode,
      body: answer.statusCode === 200 ? (answer.json() as unknown) : undefined,
      headers: { get: (name: string) => headerText(answer.headers[name.toLowerCase()]) },
    };
  };
  try {
    const page = await renderer.renderSignedInPage(request.url, read, request.headers.cookie ?? '');
    if (!page) return undefined;
    // The photo is what a parent came for (and the largest paint): asked for before the
    // scripts. The screen's chunks are asked for with the entry once the page has painted
    // (common/start-after-paint.ts): asked for with the photo they slowed its first paint
    // (docs/PERFORMANCE.md, "Paint").
    const photoPreload = page.firstPhoto ? imagePreload(page.firstPhoto) : '';
    const title = `${page.title} · ${PRODUCT_NAME}`;
    const html = shell
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>${photoPreload}`)
      .replace('</head>', `${screenPreloads(path)}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="signed-in">${page.html}</div>` +
          `<script type="application/json" id="initial-data">${jsonForHtml(page.state)}</script>`,
      );
    return html.includes('data-prerendered') ? html : undefined;
  } catch (error) {
    request.log.warn({ err: error, path }, 'rendering a signed-in page failed; sent the plain page');
    return undefined;
  }
}

/** The source files of the member layout and the screen the server renders for a path. */
function screenSources(path: string): string[] {
  const screen =
    path === '/' ? 'routes/home.tsx' : path === '/browse' ? 'routes/browse.tsx' : 'routes/item-detail.tsx';
  return ['app/app-layout.tsx', screen];
}

/**
 * The `<meta name="app-preload">` of a rendered screen's chunks beyond the shell's own, from the
 * build manifest; nothing when the build left none (the client then asks for them as it loads).
 */
function screenPreloadsOf(clientDir: string, shell: string): (path: string) => string {
  let manifest: BuildManifest;
  try {
    manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return () => '';
  }
  const byScreen = new Map<string, string>();
  return (path) => {
    const sources = screenSources(path);
    const key = sources.join(' ');
    let tag = byScreen.get(key);
    if (tag === undefined) {
      tag = deferredPreloads(chunkFiles(manifest, sources).filter((file) => !shell.includes(file)));
      byScreen.set(key, tag);
    }
    return tag;
  };
}

/**
 * A preload the browser matches to the page's img: given the img's srcset and sizes it picks the
 * same width for both (a bare href would fetch the largest while the img takes another).
 */
function imagePreload({ href, srcSet, sizes }: FirstPhoto): string {
  const choice = srcSet
    ? ` imagesrcset="${escapeHtml(srcSet)}"${sizes ? ` imagesizes="${escapeHtml(sizes)}"` : ''}`
    : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(href)}"${choice}>`;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A rendered page is tens of kilobytes of markup, compressed like an API answer (brotli at the
 * same quality 4, else gzip): the compression plugin's hooks follow routes, and this handler
 * is not one.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('vary', 'cookie, accept-encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === 'br') {
    const body = await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipped(html));
  return reply.send(html);
}

const headerText = (value: string | string[] | number | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value);

/** The render module, when the build left it (the API tests have none). */
async function loadRenderer(dir: string): Promise<SignedInRenderer | undefined> {
  const modulePath = join(dir, 'prerender.js');
  if (!existsSync(modulePath)) return undefined;
  return (await import(pathToFileURL(modulePath).href)) as SignedInRenderer;
}

/** JSON inside a `<script type="application/json">`: no `<` that could close the element. */
function jsonForHtml(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `credentials: 'include'` on the client's fetch is what `use-credentials` matches. */
function withApiPreloads(html: string, calls: string[]): string {
  const links = calls.map(
    (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`,
  );
  return html.replace('</head>', `${links.join('')}</head>`);
}

/** `/` → `prerendered/index.html`, `/help-center` → `prerendered/help-center.html`. */
function prerenderedPages(clientDir: string): Map<string, string> {
  const dir = join(clientDir, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Map();
  const pages = readdirSync(dir).filter((name) => name.endsWith('.html'));
  return new Map(
    pages.map((name) => {
      const page = name.slice(0, -'.html'.length);
      return [page === 'index' ? '/' : `/${page}`, `${PRERENDERED_DIR}/${name}`];
    }),
  );
}
