import { z } from 'zod';

/**
 * PostgreSQL's text columns cannot hold U+0000, so a string carrying it would fail in the
 * database (a 500). Every string a client sends is read with `text()` so it is refused with a
 * 400 naming the field instead (docs/OPERATIONS.md: 5xx never for bad input).
 */
export const NUL_NOT_ALLOWED = 'Text must not contain the NUL character (\\u0000)';

/** A string without NUL characters; chain trim/min/max on it as on z.string(). */
export const text = (params?: string | { message?: string }) =>
  z.string(params).refine((value) => !value.includes('\u0000'), { message: NUL_NOT_ALLOWED, abort: true });

/**
 * Meta for a trimmed string that must keep a character: JSON Schema's minLength counts the
 * spaces trimming removes, so the description says "something besides white space" instead.
 */
export const NOT_BLANK = { pattern: '\\S' };

/** The largest value of PostgreSQL's integer, the type of every id column. */
export const MAX_ID = 2_147_483_647;

/**
 * An id as a client sends it: a JSON integer, or (in a path or query) plain decimal digits;
 * never hex ("0x10"), exponents or spaces. docs/OPERATIONS.md: ids are positive and fit PostgreSQL's
 * integer, so a larger one is a 400 here rather than an out-of-range error in the database.
 */
export const entityId = (message = 'Id must be a positive integer') =>
  z
    .union([z.number(), text().regex(/^[0-9]{1,20}$/, message)], { message })
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(MAX_ID, message));
