import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, DEFAULT_COUNTRY, listCountries } from './countries.js';

describe('country list (PRODUCT §3)', () => {
  it('has the 249 ISO 3166 countries, each with a code and an English name', () => {
    const countries = listCountries();
    expect(countries).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(countries.every(({ code, name }) => name.length > 0 && name !== code)).toBe(true);
  });
  it('includes the default country and sorts by name', () => {
    const names = listCountries().map(({ name }) => name);
    expect(names).toContain(DEFAULT_COUNTRY);
    expect(names[0]).toBe('Afghanistan');
  });
});
