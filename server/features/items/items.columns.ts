import { sql } from 'drizzle-orm';
import type { BuildAliasTable } from 'drizzle-orm/pg-core';
import { exchanges, items, users, type UserRow } from '../../db/schema.js';

// The columns a listing card reads, shared by every query that shows cards (items, favourites).
// Column lists hold no query of their own, so any feature's repo may use them.

/**
 * What a listing shows of its owner (presentOwner); a card never needs the rest of the row. Of
 * the users table, or of an alias of it where a statement reads another user too.
 */
export function ownerColumnsOf<Owner extends typeof users | BuildAliasTable<typeof users, string>>(
  owner: Owner,
) {
  return {
    id: owner.id,
    firstName: owner.firstName,
    lastName: owner.lastName,
    profileImageUrl: owner.profileImageUrl,
    rating: owner.rating,
    totalRatings: owner.totalRatings,
    isVerified: owner.isVerified,
    isPremium: owner.isPremium,
    subscriptionStatus: owner.subscriptionStatus,
    subscriptionEndsAt: owner.subscriptionEndsAt,
  };
}
export const ownerColumns = ownerColumnsOf(users);
export type OwnerRow = Pick<UserRow, keyof typeof ownerColumns>;
/**
 * Whether the item is promised to a family (a pending exchange): one probe of the exchanges'
 * item index per card, read with the card so a shared browse page carries it too.
 */
export const promisedColumn = sql<boolean>`exists (select 1 from ${exchanges} where ${exchanges.itemId} = ${items.id} and ${exchanges.status} = 'pending')`;
