import { describe, expect, it } from 'vitest';
import { hasPremium, hasPremiumByFlagOrSubscription, premiumSource, subscriptionLabel } from './premium.js';

const now = new Date('2026-06-01T12:00:00Z');
const free = { isPremium: false, subscriptionStatus: 'free', subscriptionEndsAt: null };

describe('hasPremium (PRODUCT §4, first reading)', () => {
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

describe('subscriptionLabel (PRODUCT §4, the admin reading)', () => {
  const format = (d: Date) => d.toISOString().slice(0, 10);
  it('follows PRODUCT §4 wording', () => {
    expect(
      subscriptionLabel(
        { ...free, subscriptionStatus: 'active', subscriptionEndsAt: '2026-07-01T00:00:00Z' },
        format,
      ),
    ).toBe('Active until 2026-07-01');
    expect(subscriptionLabel({ ...free, isPremium: true }, format)).toBe('Manual Premium');
    expect(subscriptionLabel(free, format)).toBe('Free Account');
  });
  it('does not count a referral week as a subscription', () => {
    const referral = { ...free, subscriptionEndsAt: '2026-06-08T00:00:00Z' };
    expect(subscriptionLabel(referral, format)).toBe('Free Account');
    expect(subscriptionLabel({ ...referral, isPremium: true }, format)).toBe('Manual Premium');
  });
});

describe('hasPremiumByFlagOrSubscription (PRODUCT §4, second reading)', () => {
  it('is the flag or an active subscription, not a referral week', () => {
    expect(hasPremiumByFlagOrSubscription({ ...free, isPremium: true })).toBe(true);
    expect(hasPremiumByFlagOrSubscription({ ...free, subscriptionStatus: 'active' })).toBe(true);
    expect(hasPremiumByFlagOrSubscription({ ...free, subscriptionEndsAt: '2026-06-08T00:00:00Z' })).toBe(
      false,
    );
    expect(hasPremiumByFlagOrSubscription(free)).toBe(false);
  });
});

describe('premiumSource', () => {
  it('tells a paying subscription from a grant and from a period with an end date', () => {
    expect(premiumSource({ ...free, subscriptionStatus: 'active' }, now)).toBe('subscription');
    expect(premiumSource({ ...free, isPremium: true }, now)).toBe('manual');
    expect(premiumSource({ ...free, subscriptionEndsAt: '2026-06-08T00:00:00Z' }, now)).toBe('period');
    expect(premiumSource({ ...free, subscriptionEndsAt: '2026-05-08T00:00:00Z' }, now)).toBeNull();
  });
});
