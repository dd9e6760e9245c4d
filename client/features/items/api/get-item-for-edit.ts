import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { itemKeys } from '../../../lib/query-keys.js';
import type { Item } from '../../../../common/schemas/items.js';

/** GET /api/items/{id}, read to prefill the edit form (PRODUCT §2 List / Edit item). */
export function getItemForEdit(id: number) {
  return api.get<Item>(`/api/items/${id}`);
}

// Under itemKeys.all, so saving any item refreshes it; its own tail so it never collides
// with how the detail screen caches the same call.
export const itemForEditQuery = (id: number) =>
  queryOptions({ queryKey: [...itemKeys.detail(id), 'edit'] as const, queryFn: () => getItemForEdit(id) });

export function useItemForEdit(id: number | null) {
  return useQuery({ ...itemForEditQuery(id ?? 0), enabled: id !== null });
}
