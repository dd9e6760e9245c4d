import { queryOptions } from '@tanstack/react-query';
import type { Item } from '../../common/schemas/items.js';
import { api } from './api-client.js';
import { itemKeys } from './query-keys.js';

/*
 * Reads that more than one feature makes, defined once so they share one cache entry: the
 * profile's listings and the message dialog's 'which item?' list are the same answer.
 */

/** GET /api/users/{id}/items: a parent's listings (the owner also sees hidden ones). */
export const userItemsQuery = (userId: number) =>
  queryOptions({
    queryKey: itemKeys.ofUser(userId),
    queryFn: ({ signal }) => api.get<Item[]>(`/api/users/${userId}/items`, { signal }),
  });
