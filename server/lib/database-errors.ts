/**
 * Database failures that mean "not reachable right now" rather than a bug: the app
 * answers them 503 (docs/OPERATIONS.md) and logs them without what the failed statement carried.
 */

/**
 * Socket errors, pg's own timeouts and PostgreSQL's connection classes: 08 (connection
 * exception), 57P01–57P03 (shut down, crash, starting), 57014 (a statement cancelled by
 * statement_timeout), 53300 (too many connections); 42P01 and 3F000 mean the tables are missing,
 * an empty or half-restored database (/api/health says "Database not migrated").
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
  '42P01',
  '3F000',
]);
const UNAVAILABLE_MESSAGES =
  /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated|timeout expired|Client has encountered a connection error|Cannot use a pool after calling end)/;

/** True when the error, or one of its causes, says the database cannot be reached or used now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causesOf(error)) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGES.test(cause.message)) return true;
  }
  return false;
}

function causesOf(error: unknown): Error[] {
  const chain: Error[] = [];
  let cursor: unknown = error;
  while (cursor instanceof Error && chain.length < 5 && !chain.includes(cursor)) {
    chain.push(cursor);
    cursor = cursor.cause;
  }
  return chain;
}

/** Values a failed statement carried (an e-mail, a password hash): never in a log line. */
const SECRET_FIELDS = new Set(['params', 'parameters', 'values']);

/** Drizzle's "Failed query: …\nparams: …" message ends with the statement's values. */
function safeMessage(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * The logger's `err` serializer: type, message, stack, PostgreSQL's fields and causes, without
 * the values of a failed statement (a failed registration would log the e-mail and the
 * password hash). A key's value in `detail` ("Key (email)=(…) already exists") is hidden too.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  const message = safeMessage(error.message);
  const serialized: SerializedError = {
    type: error.name,
    message,
    stack: error.stack?.replace(error.message, message) ?? '',
  };
  for (const [key, value] of Object.entries(error)) {
    if (SECRET_FIELDS.has(key) || key === 'cause' || value === undefined) continue;
    if (typeof value === 'object' && value !== null) continue;
    serialized[key] = key === 'detail' ? String(value).replace(/=\(.*\)/s, '=([redacted])') : value;
  }
  if (error.cause instanceof Error && depth < 4) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** An error and its causes in one line, without a failed statement's values: for start-up and logs. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (const cause of causesOf(error)) {
    const message = safeMessage(cause.message);
    if (message && !parts.some((part) => part.includes(message))) parts.push(message);
  }
  return parts.length > 0 ? parts.join(': ') : String(error);
}
