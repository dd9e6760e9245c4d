import type { FieldError } from '../../common/api-error.js';

/** A failure with a meaning for the client: its status and message reach the response as they are. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: FieldError[],
    /** Response headers that belong to the failure, such as Retry-After on a 429. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (what: string) => new AppError(404, `${what} not found`);
export const conflict = (message: string) => new AppError(409, message);
/** docs/OPERATIONS.md: every 429 says when to try again (Retry-After, in seconds). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** PostgreSQL's unique_violation, raised the same way by pg and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505') || hasCode((error as { cause?: unknown } | null)?.cause, '23505');
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
