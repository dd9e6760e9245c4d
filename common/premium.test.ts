import { describe, expect, it } from 'vitest';
import { hasPremium, subscriptionLabel } from './premium.js';

const now = new Date('2026-06-01T12:00:00Z');
const free = { isPremium: false, subscriptionStatus: 'free', subscriptionEndsAt: null };

describe('hasPremium (SPEC §4, first reading)', () => {
  it('is false for a free account and for no user', () => {
    expect(hasPremium(free, now)).toBe(false);
    expect(hasPremium(null, now)).toBe(false);
  });
  it('is true with the isPremium flag', () => {
    expect(hasPremium({ ...free, isPremium: true }, now)).toBe(true);
  });
  it('is true with an active subscription', () => {
    expect(hasPremium({ ...free, subscriptionStatus: 'active' }, now)).toBe(true);
  });
  it('is true while subscriptionEndsAt is in the future, false once it has passed', () => {
    expect(hasPremium({ ...free, subscriptionEndsAt: '2026-06-08T12:00:00Z' }, now)).toBe(true);
    expect(hasPremium({ ...free, subscriptionEndsAt: new Date('2026-05-31T12:00:00Z') }, now)).toBe(false);
  });
  it('switches off exactly at subscriptionEndsAt: one second ahead is premium, one second past is not', () => {
    const ahead = new Date(now.getTime() + 1000);
    const past = new Date(now.getTime() - 1000);
    expect(hasPremium({ ...free, subscriptionStatus: 'canceled', subscriptionEndsAt: ahead }, now)).toBe(
      true,
    );
    expect(hasPremium({ ...free, subscriptionStatus: 'canceled', subscriptionEndsAt: past }, now)).toBe(
      false,
    );
    expect(hasPremium({ ...free, subscriptionEndsAt: now }, now)).toBe(false);
    expect(
      hasPremium({ ...free, subscriptionStatus: 'past_due', subscriptionEndsAt: past.toISOString() }, now),
    ).toBe(false);
  });
});

describe('subscriptionLabel', () => {
  const format = (d: Date) => d.toISOString().slice(0, 10);
  it('follows SPEC §4 wording', () => {
    expect(
      subscriptionLabel(
        { ...free, subscriptionStatus: 'active', subscriptionEndsAt: '2026-07-01T00:00:00Z' },
        format,
      ),
    ).toBe('Active until 2026-07-01');
    expect(subscriptionLabel({ ...free, isPremium: true }, format)).toBe('Manual Premium');
    expect(subscriptionLabel(free, format)).toBe('Free Account');
  });
  it('shows a referral or paid period that has not ended with its end date, and forgets an ended one', () => {
    const referral = { ...free, subscriptionEndsAt: '2026-06-08T00:00:00Z' };
    expect(subscriptionLabel(referral, format, now)).toBe('Active until 2026-06-08');
    expect(subscriptionLabel({ ...referral, isPremium: true }, format, now)).toBe('Active until 2026-06-08');
    const ended = { ...free, subscriptionEndsAt: '2026-05-01T00:00:00Z' };
    expect(subscriptionLabel(ended, format, now)).toBe('Free Account');
    expect(subscriptionLabel({ ...ended, isPremium: true }, format, now)).toBe('Manual Premium');
  });
});
