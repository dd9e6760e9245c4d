import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods the API answers on this path (empty when no route matches it at all). */
    allowedMethodsFor(path: string): string[];
  }
}

/** '/api/items/:id' → a pattern matching '/api/items/12'. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) =>
      part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * Remembers every API route as it is added, so a known path asked with another method can be
 * answered 405 with Allow (RFC 9110) instead of 404. Registered before the routes.
 */
export const methodNotAllowedPlugin = fp(async (app: FastifyInstance) => {
  const routes: { methods: string[]; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    routes.push({ methods: [route.method].flat().map(String), pattern: patternOf(route.url) });
  });
  app.decorate('allowedMethodsFor', (path: string) => {
    const allowed = new Set<string>();
    for (const route of routes)
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    return [...allowed].sort();
  });
});
