import { type AppError, badRequest } from './errors.js';

/**
 * A keyset position: which walk it belongs to (`k`) and the last row's sort keys as text
 * (`v`). The client gets it as an opaque base64url string and hands it back for the next page.
 */
export type KeysetCursor<Kind extends string = string> = { k: Kind; v: string[] };

/** The one answer to a cursor the server did not write: 400 naming the field. */
export function invalidCursor(): AppError {
  return badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
}

export function encodeKeysetCursor<Kind extends string>(cursor: KeysetCursor<Kind>): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/**
 * Reads a cursor sent back by the client: undefined when there is none, and invalidCursor() when
 * it is not one encodeKeysetCursor wrote for one of `kinds`. Each value is only known to be text:
 * the caller checks it against its key's type before it reaches SQL.
 */
export function decodeKeysetCursor<Kind extends string>(
  raw: string | undefined,
  kinds: readonly Kind[],
): KeysetCursor<Kind> | undefined {
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!isKeysetCursor(parsed, kinds)) throw invalidCursor();
  return parsed;
}

function isKeysetCursor<Kind extends string>(
  value: unknown,
  kinds: readonly Kind[],
): value is KeysetCursor<Kind> {
  if (typeof value !== 'object' || value === null) return false;
  const { k, v } = value as { k?: unknown; v?: unknown };
  return (
    typeof k === 'string' &&
    (kinds as readonly string[]).includes(k) &&
    Array.isArray(v) &&
    v.every((entry) => typeof entry === 'string')
  );
}
