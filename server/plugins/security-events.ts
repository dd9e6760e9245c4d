import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The account calls whose every outcome is a security event, by route. */
const ACCOUNT_EVENTS: Record<string, string> = {
  'POST /api/login': 'sign-in',
  'POST /api/register': 'registration',
  'POST /api/logout': 'sign-out',
  'POST /api/forgot-password': 'password reset requested',
  'POST /api/reset-password': 'password reset',
  'DELETE /api/user': 'account deletion',
  'POST /api/verify-email': 'e-mail verification',
};

/**
 * One log line per security event (ASVS V16.3), beside the request line Fastify writes anyway:
 * every outcome of the account calls above, and anywhere else a refusal that says who may not
 * do what (401, 403) or a limit reached (429). Each line carries the request id, the route
 * (never the query string, which may hold a search), the status, the client's address as the
 * trusted proxies give it, and the signed-in user's id; never an e-mail, password or token.
 */
export const securityEventsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const status = reply.statusCode;
    const accountEvent = ACCOUNT_EVENTS[route];
    const refusal = status === 401 || status === 403 || status === 429;
    if (!accountEvent && !refusal) return;
    const event = {
      securityEvent: accountEvent ?? (status === 429 ? 'limit reached' : 'access refused'),
      outcome: status < 400 ? 'success' : 'failure',
      route,
      status,
      ip: request.ip,
      userId: signedInId(request),
    };
    if (status >= 400) request.log.warn(event, 'security event');
    else request.log.info(event, 'security event');
  });
});

/** The user the request acted as: after a sign-in, the one it signed in. */
function signedInId(request: FastifyRequest): number | null {
  return request.session?.userId ?? request.user?.id ?? null;
}
