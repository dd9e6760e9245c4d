import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor.js';

const KINDS = ['browse', 'newest'] as const;
const encodeRaw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(raw: string): unknown {
  try {
    decodeKeysetCursor(raw, KINDS);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('keyset cursor', () => {
  it('encodes to URL-safe base64 of its kind and values', () => {
    const encoded = encodeKeysetCursor({ k: 'newest', v: ['2024-05-01T10:00:00.000000Z', '42'] });
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))).toEqual({
      k: 'newest',
      v: ['2024-05-01T10:00:00.000000Z', '42'],
    });
  });

  it('decodes what it encoded unchanged', () => {
    const cursor = { k: 'browse' as const, v: ['true', '12.50', 'a|b "quoted"', ''] };
    expect(decodeKeysetCursor(encodeKeysetCursor(cursor), KINDS)).toEqual(cursor);
  });

  it('reads no cursor as the first page', () => {
    expect(decodeKeysetCursor(undefined, KINDS)).toBeUndefined();
    expect(decodeKeysetCursor('', KINDS)).toBeUndefined();
  });

  it.each([
    ['text that is not base64 JSON', 'nonsense'],
    ['a kind this walk does not know', encodeRaw({ k: 'ranked', v: ['1'] })],
    ['a value that is not text', encodeRaw({ k: 'browse', v: [1] })],
    ['values that are not a list', encodeRaw({ k: 'browse', v: '1' })],
    ['a missing kind', encodeRaw({ v: ['1'] })],
    ['JSON null', encodeRaw(null)],
    ['a cut-off cursor', encodeKeysetCursor({ k: 'browse', v: ['1', '2'] }).slice(0, -4)],
  ])('refuses %s with 400 "Invalid cursor"', (_what, raw) => {
    const error = refusal(raw);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400, message: 'Invalid cursor' });
  });
});
