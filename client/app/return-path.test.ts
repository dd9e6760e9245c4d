import { describe, expect, it } from 'vitest';
import { authPathReturningTo, safeReturnPath } from './return-path.js';

describe('safeReturnPath (no open redirect)', () => {
  it('keeps paths on this site with their query', () => {
    expect(safeReturnPath('/item/5')).toBe('/item/5');
    expect(safeReturnPath('/messages?item=5')).toBe('/messages?item=5');
  });
  it('refuses other sites, protocol-relative and backslash tricks, scripts and the sign-in pages', () => {
    for (const raw of [
      'https://evil.example/item/5',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'item/5',
      '',
      null,
      '/auth',
      '/auth?next=/item/5',
      '/reset-password?token=x',
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeNull();
    }
  });
  it('builds /auth with the page to come back to', () => {
    expect(authPathReturningTo('/item/5')).toBe('/auth?next=%2Fitem%2F5');
    expect(authPathReturningTo('/')).toBe('/auth');
    expect(authPathReturningTo('//evil.example')).toBe('/auth');
  });
});
