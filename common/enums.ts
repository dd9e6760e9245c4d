/** Enumerations of PRODUCT §3 and §4, exactly PRODUCT's values. */
export const categories = ['books', 'toys', 'clothes', 'other'] as const;
export type Category = (typeof categories)[number];

export const conditions = ['new', 'like-new', 'good', 'fair'] as const;
export type Condition = (typeof conditions)[number];

export const ageRanges = ['0-6m', '6-12m', '1-2y', '2-4y', '4-6y', '6-8y', '8-12y', '12y+'] as const;
export type AgeRange = (typeof ageRanges)[number];

export const exchangeTypes = ['free', 'swap', 'sell'] as const;
export type ExchangeType = (typeof exchangeTypes)[number];

export const itemStatuses = ['available', 'sold', 'swapped', 'free', 'completed'] as const;
export type ItemStatus = (typeof itemStatuses)[number];

export const reportStatuses = ['pending', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const subscriptionStatuses = ['free', 'active'] as const;

export const categoryLabels: Record<Category, string> = {
  books: 'Books',
  toys: 'Toys',
  clothes: 'Clothes',
  other: 'Other',
};

/** One wording for exchange types in filters, chips and alerts (the listing form says 'Sell'). */
export const exchangeTypeLabels: Record<ExchangeType, string> = {
  free: 'Free',
  swap: 'Swap',
  sell: 'For Sale',
};

export const conditionLabels: Record<Condition, string> = {
  new: 'New',
  'like-new': 'Like New',
  good: 'Good',
  fair: 'Fair',
};

/** One wording for age ranges on every screen: forms, filters, item pages, alerts. */
export const ageRangeLabels: Record<AgeRange, string> = {
  '0-6m': '0–6 months',
  '6-12m': '6–12 months',
  '1-2y': '1–2 years',
  '2-4y': '2–4 years',
  '4-6y': '4–6 years',
  '6-8y': '6–8 years',
  '8-12y': '8–12 years',
  '12y+': '12+ years',
};

export const itemStatusLabels: Record<ItemStatus, string> = {
  available: 'Available',
  free: 'Freebie',
  sold: 'Sold',
  swapped: 'Swapped',
  completed: 'Completed',
};
