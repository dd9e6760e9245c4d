import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { PAGE_INLINE_SCRIPT } from '../../common/page-inline-script.js';
import { forbidden } from '../lib/errors.js';

/** photoUrl: where photos are served from when that is not this origin (an S3 bucket or CDN). */
type SecurityOptions = { publicUrl: string; mapTileUrl: string; photoUrl?: string | undefined };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one inline script a page may run (common/page-inline-script.ts), named by its SHA-256. */
export const PAGE_INLINE_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PAGE_INLINE_SCRIPT).digest('base64')}'`;

/**
 * Security headers with a Content-Security-Policy that allows no inline script but the
 * page's own one (early taps, scripts after paint), by its hash, and the
 * docs/OPERATIONS.md rule that a state-changing request whose Origin names another site gets 403.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const tileOrigin = originOf(options.mapTileUrl.replace(/\{[a-z]\}/g, 'a'));
  const photoOrigin = options.photoUrl ? originOf(options.photoUrl) : undefined;
  // Helmet's middleware built once: the Fastify wrapper built it again on every request (its CSP
  // directives parsed anew each time), a tenth of a small signed-in request's time. The headers
  // are the same, set on the response in the same order.
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", PAGE_INLINE_SCRIPT_SOURCE],
        // Radix and Leaflet position elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...[tileOrigin, photoOrigin].filter((origin) => origin !== undefined),
        ],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    // Photos and tiles come from other origins in production (CDN, tile servers).
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, () => done());
  });

  // ASVS V14.3.2: answers about a parent's account, messages and listings stay out of the
  // browser's and any shared cache; a route that may be cached says so itself.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  const trustedOrigin = originOf(options.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const sameHost = originOf(origin)?.replace(/^https?:\/\//, '') === request.headers.host;
    if (origin !== trustedOrigin && !sameHost) {
      throw forbidden('Cross-site request refused');
    }
  });
});

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
