import { sql } from 'drizzle-orm';
import { exchanges, items, users, type UserRow } from '../../db/schema.js';

// The columns a listing card reads, shared by every query that shows cards (items, favourites).
// Column lists hold no query of their own, so any feature's repo may use them.

/** What a listing shows of its owner (presentOwner); a card never needs the rest of the row. */
export const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  rating: users.rating,
  totalRatings: users.totalRatings,
  isVerified: users.isVerified,
  isPremium: users.isPremium,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionEndsAt: users.subscriptionEndsAt,
};
export type OwnerRow = Pick<UserRow, keyof typeof ownerColumns>;
/**
 * Whether the item is promised to a family (a pending exchange): one probe of the exchanges'
 * item index per card, read with the card so a shared browse page carries it too.
 */
export const promisedColumn = sql<boolean>`exists (select 1 from ${exchanges} where ${exchanges.itemId} = ${items.id} and ${exchanges.status} = 'pending')`;
