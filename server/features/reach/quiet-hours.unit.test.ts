import { describe, expect, it } from 'vitest';
import { digestTime, heldUntil, localMinutes, nextLocalTime } from './quiet-hours.js';

const bedtime = { enabled: true, start: '21:00', end: '07:00' };

describe('quiet hours', () => {
  it('reads the wall clock in the parent’s zone', () => {
    // 03:30 UTC is 22:30 the evening before in Chicago (CDT, UTC−5) and 05:30 in Berlin (CEST).
    const instant = new Date('2027-06-11T03:30:00Z');
    expect(localMinutes(instant, 'America/Chicago')).toBe(22 * 60 + 30);
    expect(localMinutes(instant, 'Europe/Berlin')).toBe(5 * 60 + 30);
  });

  it('holds news at night until quiet hours end, across midnight', () => {
    expect(heldUntil(new Date('2027-06-11T03:30:00Z'), 'America/Chicago', bedtime)).toEqual(
      new Date('2027-06-11T12:00:00Z'),
    );
    expect(heldUntil(new Date('2027-06-11T11:59:00Z'), 'America/Chicago', bedtime)).toEqual(
      new Date('2027-06-11T12:00:00Z'),
    );
    expect(heldUntil(new Date('2027-06-11T12:00:00Z'), 'America/Chicago', bedtime)).toBeNull();
    expect(heldUntil(new Date('2027-06-11T20:00:00Z'), 'America/Chicago', bedtime)).toBeNull();
  });

  it('holds nothing when quiet hours are off, empty, or the zone is unknown', () => {
    const night = new Date('2027-06-11T03:30:00Z');
    expect(heldUntil(night, 'America/Chicago', { ...bedtime, enabled: false })).toBeNull();
    expect(heldUntil(night, 'America/Chicago', { enabled: true, start: '22:00', end: '22:00' })).toBeNull();
    expect(heldUntil(night, null, bedtime)).toBeNull();
  });

  it('handles a span within one day', () => {
    const nap = { enabled: true, start: '13:00', end: '15:00' };
    expect(heldUntil(new Date('2027-06-11T18:30:00Z'), 'America/Chicago', nap)).toEqual(
      new Date('2027-06-11T20:00:00Z'),
    );
    expect(heldUntil(new Date('2027-06-11T20:30:00Z'), 'America/Chicago', nap)).toBeNull();
  });

  it('finds the next time the clock reads a given time, tomorrow when it has passed', () => {
    expect(nextLocalTime(new Date('2027-06-11T12:30:00Z'), 'America/Chicago', '07:00')).toEqual(
      new Date('2027-06-12T12:00:00Z'),
    );
  });

  it('sends the digest in the hour after quiet hours end, and names the next one otherwise', () => {
    expect(digestTime(new Date('2027-06-11T12:05:00Z'), 'America/Chicago', '07:00')).toEqual({ now: true });
    expect(digestTime(new Date('2027-06-11T13:05:00Z'), 'America/Chicago', '07:00')).toEqual({
      now: false,
      at: new Date('2027-06-12T12:00:00Z'),
    });
  });
});
