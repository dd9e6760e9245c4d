import type { Notification, SavedSearch, WantedPost } from '../../../common/schemas/alerts.js';
import type { NotificationRow, SavedSearchRow, WantedPostRow } from './alerts.repo.js';

export function presentWantedPost(row: WantedPostRow): WantedPost {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    category: row.category,
    ageRange: row.ageRange,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    searchTerm: row.searchTerm,
    category: row.category,
    condition: row.condition,
    exchangeType: row.exchangeType,
    minPrice: row.minPrice,
    maxPrice: row.maxPrice,
    maxDistance: row.maxDistance,
    isActive: row.isActive,
    lastNotified: row.lastNotified?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    itemId: row.itemId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
