import { describe, expect, it } from 'vitest';
import {
  formatRating,
  formatWholeDollars,
  ratingStars,
  relativeTime,
  shortName,
  truncateCity,
} from './format.js';

describe('SPEC §9 display rules', () => {
  it('shows prices as whole dollars', () => {
    expect(formatWholeDollars('12.50')).toBe('$13');
    expect(formatWholeDollars('4.49')).toBe('$4');
  });
  it('shows ratings with one decimal and stars rounded out of 5', () => {
    expect(formatRating('4.25')).toBe('4.3');
    expect(ratingStars('4.5')).toBe(5);
    expect(ratingStars('2.49')).toBe(2);
  });
  it('cuts cities to 10 characters', () => {
    expect(truncateCity('Springfield')).toBe('Springfiel…');
    expect(truncateCity('Austin')).toBe('Austin');
  });
  it('shows first name and last initial only', () => {
    expect(shortName({ firstName: 'Maya', lastName: 'rossi' })).toBe('Maya R.');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('uses minutes under an hour, hours under a day, then Yesterday, then the date', () => {
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5m ago');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(relativeTime(ago(30 * 3_600_000), now)).toBe('Yesterday');
    expect(relativeTime(ago(72 * 3_600_000), now)).toBe('Jun 7, 2026');
  });
});
