import { hasPremium } from '../../../common/premium.js';
import type { Item, ItemOwner } from '../../../common/schemas/items.js';
import type { ItemRow, UserRow } from '../../db/schema.js';
import type { OwnerRow } from './items.columns.js';
import type { ExchangeType, ItemStatus } from '../../../common/enums.js';

/** Reads a stored coordinate pair; 0,0 is PRODUCT's "no position". */
export function positionOf(
  row: Pick<ItemRow, 'latitude' | 'longitude'>,
): { lat: number; lng: number } | null {
  if (row.latitude === null || row.longitude === null) return null;
  const lat = Number(row.latitude);
  const lng = Number(row.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0)) return null;
  return { lat, lng };
}

export function presentOwner(owner: OwnerRow, now: Date): ItemOwner {
  return {
    id: owner.id,
    firstName: owner.firstName,
    lastName: owner.lastName,
    profileImageUrl: owner.profileImageUrl,
    rating: owner.rating,
    totalRatings: owner.totalRatings,
    isPremium: hasPremium(owner, now),
    isVerified: owner.isVerified,
  };
}

export function canSeeExactPosition(item: Pick<ItemRow, 'userId'>, viewer: UserRow | null): boolean {
  return viewer !== null && (viewer.isAdmin || viewer.id === item.userId);
}

/**
 * What a viewer may see of an item: the exact position only for its owner and
 * administrators; everyone else gets the centre of its 0.01° grid cell, about 1 km
 * (ARCHITECTURE: privacy by design).
 */
export function presentItem(
  item: ItemRow,
  owner: OwnerRow,
  viewer: UserRow | null,
  now: Date,
  extra: { distanceKm?: number | null; promised?: boolean } = {},
): Item {
  const position = positionOf(item);
  const exact = canSeeExactPosition(item, viewer);
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    category: item.category,
    condition: item.condition,
    ageRange: item.ageRange,
    brand: item.brand,
    size: item.size,
    exchangeType: item.exchangeType as ExchangeType,
    price: item.exchangeType === 'sell' ? item.price : null,
    imageUrls: item.imageUrls,
    userId: item.userId,
    isAvailable: item.isAvailable,
    // PRODUCT §4: a missing status is treated as available.
    status: (item.status || 'available') as ItemStatus,
    // The grid position is computed by the database (items.grid_latitude), the same one
    // searches use, so what is shown and what can be probed agree.
    latitude: position ? (exact ? position.lat : Number(item.gridLatitude)) : null,
    longitude: position ? (exact ? position.lng : Number(item.gridLongitude)) : null,
    city: item.city,
    zipCode: item.zipCode,
    viewCount: item.viewCount,
    favoriteCount: item.favoriteCount,
    messageCount: item.messageCount,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    user: presentOwner(owner, now),
    promised: extra.promised ?? false,
    ...(extra.distanceKm !== undefined ? { distance: extra.distanceKm } : {}),
    ...(exact ? reviewOf(item) : {}),
  };
}

/** The owner's view of moderation: hidden, or waiting for an administrator, and why. */
function reviewOf(item: ItemRow): Pick<Item, 'review'> {
  const waiting = item.flaggedForReview && !item.moderatorReviewed;
  if (!item.isHidden && !waiting) return {};
  return { review: { hidden: item.isHidden, decided: item.moderatorReviewed, reason: item.flagReason } };
}
