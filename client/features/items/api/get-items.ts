import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListItemsQuery } from '../../../../common/schemas/items.js';
import { api } from '../../../lib/api-client.js';
import { itemKeys } from '../../../lib/query-keys.js';
import { userItemsQuery } from '../../../lib/shared-queries.js';
import type { Item } from '../../../../common/schemas/items.js';

/** What a list screen may filter by (PRODUCT §7 GET /api/items); empty values are left out. */
export type ItemFilters = Partial<ListItemsQuery>;

/** GET /api/items: available items, newest first. */
export const itemsQuery = (filters: ItemFilters) =>
  queryOptions({
    queryKey: itemKeys.list(filters),
    queryFn: ({ signal }) => api.get<Item[]>('/api/items', { query: filters, signal }),
  });

/** GET /api/items/{id}: one item with its owner summary; 404 when it does not exist. */
export const itemQuery = (id: number) =>
  queryOptions({
    queryKey: itemKeys.detail(id),
    queryFn: ({ signal }) => api.get<Item>(`/api/items/${id}`, { signal }),
  });

export function useItems(filters: ItemFilters) {
  return useQuery(itemsQuery(filters));
}

/** `id` is undefined when the URL holds no valid id: nothing is fetched then. */
export function useItem(id: number | undefined) {
  return useQuery({ ...itemQuery(id ?? 0), enabled: id !== undefined });
}

export function useUserItems(userId: number | undefined) {
  return useQuery({ ...userItemsQuery(userId ?? 0), enabled: userId !== undefined });
}
