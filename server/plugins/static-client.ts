import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built client on the same origin as the API. Hashed assets are cached for a
 * year and sent in their precompressed form (brotli, else gzip) when the browser accepts it;
 * index.html is never cached, so a new release is picked up at once. Any path that is not an
 * API path or a file falls back to index.html, where the client router decides (404 page).
 * Source maps (*.map) are never served.
 */
export const staticClientPlugin = fp(
  async (app: FastifyInstance, options: { clientDir: string | undefined }) => {
    const clientDir = options.clientDir;
    const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
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
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ message: `Not found: ${request.method} ${path}` });
    });
  },
);
