import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import type { FieldError } from '../../common/api-error.js';
import { isDatabaseUnavailable } from '../lib/database-errors.js';
import { AppError } from '../lib/errors.js';

/** docs/OPERATIONS.md: 503, not a hang, while the database cannot be reached; clients may retry soon. */
export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 5;
export const PAYMENT_SERVICE_UNAVAILABLE =
  'The payment service cannot be reached. Please try again in a moment.';

/** Stripe's client could not reach Stripe, or Stripe failed on its side: not the parent's doing. */
function isPaymentServiceUnreachable(error: unknown): boolean {
  const type = (error as { type?: unknown }).type;
  return type === 'StripeConnectionError' || type === 'StripeAPIError';
}

/**
 * docs/OPERATIONS.md: every error is `{message, errors?}` with a meaningful status. Validation
 * failures name the field and the rule; nothing internal (stack, SQL) ever reaches a client.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = errors[0];
      const message = first
        ? first.path
          ? `${first.path}: ${first.message}`
          : first.message
        : 'Invalid request';
      return reply.code(400).send({ message, errors });
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Internal Server Error' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // docs/OPERATIONS.md: a 429 always says when to try again.
      if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.code(status).send({ message: clientMessage(error, status) });
    }
    if (isPaymentServiceUnreachable(error)) {
      request.log.warn({ err: error }, 'request failed: payment service unreachable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: PAYMENT_SERVICE_UNAVAILABLE });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: database unavailable');
      // The readiness probe's answer keeps its own shape when the failure came before its handler
      // (reading the session of a probe that carries a cookie).
      const probe = request.routeOptions.url === '/api/health' ? { status: 'unavailable' as const } : {};
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ ...probe, message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });
});

/** Framework errors under 500 (bad JSON, too large, wrong media type) keep their status. */
function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type: send JSON (or multipart for uploads)';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      return status === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message;
  }
}
