import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_SIZE } from '../../common/limits.js';

/** Where the build leaves the pages it rendered (scripts/vite-prerender.ts). */
const PRERENDERED_DIR = 'prerendered';

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

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
      if (hasClient && isPage) {
        // The page depends on the session: a shared cache must not hand one person's to another.
        reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html');
        // A query string may choose what the page shows (/legal?tab=terms): rendered by the script.
        const hasQuery = request.url.includes('?');
        const visitorPage = request.user || hasQuery ? undefined : prerendered.get(path);
        if (visitorPage) return reply.sendFile(visitorPage);
        const calls = !request.user
          ? []
          : request.user.isAdmin
            ? ['/api/user']
            : firstApiCalls(path, hasQuery);
        return reply.send(withApiPreloads(shell, calls));
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
