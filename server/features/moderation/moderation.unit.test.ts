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

describe('reviewListing sees through spellings meant to slip past it', () => {
  it.each([
    ['Pis\u200btol, barely used', 'a zero-width space'],
    ['Pis\u00adtol holster', 'a soft hyphen'],
    ['H\u0430ndgun for sale', 'a Cyrillic а'],
    ['Ηandgun', 'a Greek capital eta'],
    ['ｐｉｓｔｏｌ', 'full-width letters'],
    ['h a n d g u n', 'letters spaced out'],
    ['h-a-n-d-g-u-n', 'letters hyphenated'],
    ['h.a.n.d.g.u.n in box', 'letters dotted'],
    ['P1stol', 'a 1 for an i'],
    ['V4pe pen', 'a 4 for an a'],
    ['Dr0p side crib', 'a 0 for an o'],
    ['R0ck n play', 'a 0 in a banned sleeper'],
    ['Graco car seat, exp1red', 'a 1 in the needed word'],
    ['Sh0tgun', 'a digit inside'],
    ['P1ll organiser with pills', 'a 1 for an l'],
  ])('hides "%s" (%s)', (title) => {
    expect(reviewListing(listing(title))).toMatchObject({ flagged: true, hide: true });
  });

  it('lets an exemption cover only the words next to it', () => {
    expect(reviewListing(listing('Real handgun, comes with a water gun'))).toMatchObject({ hide: true });
    expect(reviewListing(listing('Vodka bottle and root beer'))).toMatchObject({ hide: true });
    expect(reviewListing(listing('Water gun, two pack'))).toEqual({ flagged: false });
    expect(reviewListing(listing('Root beer float play food'))).toEqual({ flagged: false });
    expect(reviewListing(listing('Nerf gun with darts'))).toEqual({ flagged: false });
    expect(reviewListing(listing('Pretend play knife set'))).toEqual({ flagged: false });
  });

  it('reads the size and age range too', () => {
    expect(reviewListing({ ...listing('Boots'), size: 'pistol grip' })).toMatchObject({ hide: true });
    expect(reviewListing({ ...listing('Romper'), ageRange: 'vape' })).toMatchObject({ hide: true });
  });

  it('leaves numbers and ordinary words alone', () => {
    for (const title of ['3 pack onesies 0-3m', 'Lego 4x4 truck', 'Size 5T winter coat', 'Pilot costume']) {
      expect(reviewListing(listing(title))).toEqual({ flagged: false });
    }
  });
});
