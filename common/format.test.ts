import { describe, expect, it } from 'vitest';
import {
  exchangeBadgeLabel,
  exchangePriceLabel,
  formatPlace,
  formatPrice,
  formatRating,
  formatWholeDollars,
  ratingStars,
  relativeTime,
  reviewCount,
  shortName,
  truncateCity,
} from './format.js';

describe('PRODUCT §9 display rules', () => {
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
    // PRODUCT §9: minutes under an hour, also the first ones.
    expect(relativeTime(ago(90_000), now)).toBe('1m ago');
    expect(relativeTime(ago(20_000), now)).toBe('0m ago');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(relativeTime(ago(30 * 3_600_000), now)).toBe('Yesterday');
    expect(relativeTime(ago(72 * 3_600_000), now)).toBe('Jun 7, 2026');
  });
});

describe('item price and place labels (PRODUCT §2)', () => {
  it('labels the card badge FREE, SWAP or whole dollars', () => {
    expect(exchangeBadgeLabel({ exchangeType: 'free', price: null })).toBe('FREE');
    expect(exchangeBadgeLabel({ exchangeType: 'swap', price: null })).toBe('SWAP');
    expect(exchangeBadgeLabel({ exchangeType: 'sell', price: '12.50' })).toBe('$13');
    expect(exchangeBadgeLabel({ exchangeType: 'sell', price: null })).toBe('FOR SALE');
  });
  it('labels the item page price Free, Swap or the exact price', () => {
    expect(exchangePriceLabel({ exchangeType: 'free', price: null })).toBe('Free');
    expect(exchangePriceLabel({ exchangeType: 'swap', price: null })).toBe('Swap');
    expect(exchangePriceLabel({ exchangeType: 'sell', price: '12.5' })).toBe('$12.50');
    expect(exchangePriceLabel({ exchangeType: 'sell', price: null })).toBe('For sale, ask for the price');
    expect(formatPrice(null)).toBe('$0.00');
  });
  it('joins only the parts of a place that are given', () => {
    expect(formatPlace(['Portland', null, ' ', 'United States'])).toBe('Portland, United States');
    expect(formatPlace([null, undefined])).toBe('');
  });
  it('counts reviews in words', () => {
    expect(reviewCount(1)).toBe('1 review');
    expect(reviewCount(0)).toBe('0 reviews');
  });
});
