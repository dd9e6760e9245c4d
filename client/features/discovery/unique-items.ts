import type { Item } from '../../../common/schemas/items.js';

/** Pages never repeat an item, but a listing edited between two pages could move; show it once. */
export function uniqueItems(pages: { items: Item[] }[] | undefined): Item[] {
  const seen = new Set<number>();
  const items: Item[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
