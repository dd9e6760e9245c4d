import { MAX_ID } from '../../common/schemas/primitives.js';
import type { SwaggerTransform } from '@fastify/swagger';

/**
 * The calls a visitor may make; every other needs the session cookie (401 without it). The
 * authorisation matrix holds this list to the server's answers.
 */
const PUBLIC_OPERATIONS = new Set([
  'GET /api/health',
  'GET /api/config',
  'POST /api/register',
  'POST /api/login',
  'GET /api/login',
  'POST /api/logout',
  'POST /api/forgot-password',
  'POST /api/reset-password',
  'POST /api/verify-email',
  'POST /api/notifications/unsubscribe',
  'POST /api/notifications/resubscribe',
  'GET /api/safe-locations',
  'POST /api/billing/webhook',
]);

/** What any call answers while the database cannot be reached (docs/OPERATIONS.md). */
const DATABASE_UNAVAILABLE_RESPONSE = {
  description: 'The database cannot be reached: try again after Retry-After seconds.',
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
};

const EVENT_STREAM_RESPONSE = {
  description: 'Server-sent events: `event: <type>` and `data: <JSON>` blocks, a `retry` line first.',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};

/**
 * Makes the OpenAPI description say what the server does: the session cookie on every call but
 * the public ones, a 503 on every call (each reads the database, if only for the session), the
 * event stream's 200, the bounds of ids and the format of e-mail fields.
 */
export function documentAccess(transform: SwaggerTransform): SwaggerTransform {
  return (input) => {
    const result = transform(input);
    const methods = [input.route.method].flat();
    const isPublic = methods.every((method) => PUBLIC_OPERATIONS.has(`${method} ${result.url}`));
    const schema = (result.schema ?? {}) as Record<string, unknown>;
    const response = { ...((schema.response ?? {}) as Record<string, unknown>) };
    // The live-event stream's answer is no JSON the route could declare (it takes the reply over).
    if (result.url === '/api/events') response[200] = EVENT_STREAM_RESPONSE;
    return {
      ...result,
      schema: {
        ...schema,
        ...(schema.params ? { params: withIdBounds(schema.params) } : {}),
        ...(schema.querystring ? { querystring: withIdBounds(schema.querystring) } : {}),
        ...(schema.body ? { body: withEmailFormat(withIdBounds(schema.body)) } : {}),
        ...(isPublic ? {} : { security: [{ session: [] }] }),
        response: { 503: DATABASE_UNAVAILABLE_RESPONSE, ...response },
      },
    };
  };
}

type JsonSchema = { properties?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/**
 * An id is a JSON number or decimal digits on the way in (common/schemas/primitives.ts), which
 * describes as "any number or digits"; what the server takes is 1 to PostgreSQL's largest
 * integer, and the description says that, in paths, query strings and bodies alike.
 */
function withIdBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withIdBounds);
  if (typeof node !== 'object' || node === null) return node;
  const schema = node as Record<string, unknown>;
  if (isEntityId(schema)) {
    const { anyOf: _digitsOrNumber, ...rest } = schema;
    return { ...rest, type: 'integer', minimum: 1, maximum: MAX_ID };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withIdBounds(value)]));
}

function isEntityId(schema: Record<string, unknown>): boolean {
  return (
    Array.isArray(schema.anyOf) &&
    schema.anyOf.some((alternative: { pattern?: unknown }) => alternative.pattern === '^[0-9]{1,20}$')
  );
}

/** E-mail fields are checked as e-mail addresses; the description says so. */
function withEmailFormat(body: unknown): unknown {
  const schema = body as JsonSchema;
  const email = schema.properties?.email;
  if (!email || email.type !== 'string') return body;
  return { ...schema, properties: { ...schema.properties, email: { ...email, format: 'email' } } };
}
