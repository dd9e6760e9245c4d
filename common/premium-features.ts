import { EARLY_ACCESS_HOURS, FEATURED_SLOTS, LIMITS } from './limits.js';

/** What Premium adds (PRODUCT §1), in the words the landing and Premium pages both show. */
/** Names the screens give each Premium feature's icon; the client maps them to drawings. */
export const premiumFeatureKeys = [
  'priority-listings',
  'early-access',
  'advanced-filters',
  'saved-searches',
  'priority-messaging',
  'verified-badge',
  'more-photos',
  'bulk-upload',
  'sell-items',
  'item-analytics',
  'referral-and-support',
] as const;
export type PremiumFeatureKey = (typeof premiumFeatureKeys)[number];

export type PremiumFeature = { key: PremiumFeatureKey; title: string; text: string };
export type PremiumFeatureCategory = { name: string; features: PremiumFeature[] };

/** PRODUCT §1: the 11 Premium features in the subscribe screen's 6 categories, in PRODUCT's words. */
export const PREMIUM_FEATURE_CATEGORIES: PremiumFeatureCategory[] = [
  {
    name: 'Discovery',
    features: [
      {
        key: 'priority-listings',
        title: 'Priority listings',
        text: `Your items at the top of search results, and ${FEATURED_SLOTS.min} to ${FEATURED_SLOTS.max} featured homepage slots.`,
      },
      {
        key: 'early-access',
        title: 'Early access',
        text: `See new items ${EARLY_ACCESS_HOURS.min} to ${EARLY_ACCESS_HOURS.max} hours before everyone else.`,
      },
      { key: 'advanced-filters', title: 'Advanced filters', text: 'Filter by brand, condition and size.' },
    ],
  },
  {
    name: 'Saved searches',
    features: [
      {
        key: 'saved-searches',
        title: 'Saved searches with instant notifications',
        text: 'Be told the moment a matching item is listed near you.',
      },
    ],
  },
  {
    name: 'Trust and communication',
    features: [
      {
        key: 'priority-messaging',
        title: 'Priority messaging',
        text: 'Your conversations appear first in other parents’ lists, with read receipts.',
      },
      { key: 'verified-badge', title: 'Verified trust badge', text: 'Show other parents you are verified.' },
    ],
  },
  {
    name: 'Listing',
    features: [
      {
        key: 'more-photos',
        title: `Up to ${LIMITS.photosPremium} photos per item`,
        text: `Free accounts can add ${LIMITS.photosFree}.`,
      },
      { key: 'bulk-upload', title: 'Bulk upload', text: 'List a whole box of outgrown things at once.' },
      { key: 'sell-items', title: 'Sell items', text: 'Set a price, not only give away or swap.' },
    ],
  },
  {
    name: 'Analytics',
    features: [
      {
        key: 'item-analytics',
        title: 'Item analytics',
        text: 'Views, favourites and messages for each item.',
      },
    ],
  },
  {
    name: 'Referral benefits',
    features: [
      {
        key: 'referral-and-support',
        title: 'Referral benefits and premium support',
        text: 'Free weeks for every friend you invite, faster support and previews of new features.',
      },
    ],
  },
];

export const PREMIUM_FEATURES: PremiumFeature[] = PREMIUM_FEATURE_CATEGORIES.flatMap(
  (category) => category.features,
);
export const PREMIUM_FEATURE_COUNT = PREMIUM_FEATURES.length;
