import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../common/limits.js';
import { reviewListing, stem } from './moderation.js';

const listing = (title: string, description = 'In good shape.', brand: string | null = null) => ({
  title,
  description,
  brand,
});

describe('reviewListing', () => {
  it.each([
    ['Drop-side crib, white', 'drop-side'],
    ['DROPSIDE CRIBS x2', 'joined and plural'],
    ['Crib with drop side rail', 'spaced'],
    ['Fisher-Price Rock n Play', 'a banned inclined sleeper'],
    ['Inclined sleepers', 'plural'],
    ['Padded crib bumpers set', 'bumpers'],
    ['Baby walker with toys', 'baby walker'],
    ['Infant walkers', 'plural'],
    ['Children’s medicine bundle', 'medicine'],
    ['Airsoft rifle', 'weapon'],
    ['Hunting knives', 'knives'],
  ])('hides "%s" (%s)', (title) => {
    const verdict = reviewListing(listing(title));
    expect(verdict).toMatchObject({ flagged: true, hide: true });
  });

  it('reads the description and the brand too', () => {
    expect(reviewListing(listing('Cot set', 'Comes with the matching cot bumper.'))).toMatchObject({
      flagged: true,
      hide: true,
    });
    expect(reviewListing(listing('Sleeper', 'Barely used.', 'Rock-and-Play'))).toMatchObject({ hide: true });
  });

  it('only minds a car seat that expired or was in a crash', () => {
    expect(reviewListing(listing('Graco car seat', 'Clean, from a smoke-free home.'))).toEqual({
      flagged: false,
    });
    expect(reviewListing(listing('Graco car seat', 'Expired last year but fine.'))).toMatchObject({
      hide: true,
    });
    expect(reviewListing(listing('Carseat', 'Was in a minor crash.'))).toMatchObject({ hide: true });
  });

  it('lets toys through that only sound like a banned thing', () => {
    for (const title of [
      'Nerf gun with darts',
      'Water guns x3',
      'Push walker wagon',
      'Wooden play knife set',
    ]) {
      expect(reviewListing(listing(title)), title).toEqual({ flagged: false });
    }
    expect(reviewListing(listing('Picture books', 'Ten bedtime stories.', 'Usborne'))).toEqual({
      flagged: false,
    });
  });

  it('flags for review without hiding what only needs a second look', () => {
    const verdict = reviewListing(listing('Amber teething necklace'));
    expect(verdict).toMatchObject({ flagged: true, hide: false });
  });

  it('keeps the reason within the flag reason column', () => {
    const verdict = reviewListing(
      listing('Drop-side crib with bumpers, baby walker, medicine and a knife', 'Recalled, in a crash.'),
    );
    expect(verdict.flagged && verdict.reason.length).toBeLessThanOrEqual(LIMITS.flagReason);
  });
});

describe('stem', () => {
  it('brings plurals and -ed forms to one word', () => {
    expect(stem('walkers')).toBe(stem('walker'));
    expect(stem('knives')).toBe(stem('knife'));
    expect(stem('expired')).toBe(stem('expire'));
    expect(stem('bumpers')).toBe(stem('bumper'));
    expect(stem('batteries')).toBe(stem('battery'));
  });
});
