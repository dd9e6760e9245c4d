import {
  ageRangeLabels,
  ageRanges,
  categories,
  categoryLabels,
  conditionLabels,
  conditions,
  exchangeTypeLabels,
  exchangeTypes,
  type AgeRange,
  type Category,
  type Condition,
  type ExchangeType,
} from '../../../common/enums.js';
import { DISTANCE, LIMITS, PAGE_SIZE } from '../../../common/limits.js';
import type { ListItemsQuery } from '../../../common/schemas/items.js';
import { COUNT_CAP, sortOptions, type SortOption } from '../../../common/items.js';
import { paths } from '../../app/paths.js';

/**
 * The Browse screen's state, which lives in the URL query (docs/STYLE.md) so a search can be shared
 * and Back works. Parameter names follow GET /api/items where it has one; `near` (the place's
 * label) and `view` are the screen's own. Defaults are left out of the URL.
 */
export const browseViews = ['grid', 'map'] as const;
export type BrowseView = (typeof browseViews)[number];

/** Where distances are measured from: a place picked in the near box, or the device. */
export type SearchPosition = { lat: number; lng: number; label?: string };

export type BrowseState = {
  search: string;
  category?: Category;
  condition?: Condition;
  exchangeType?: ExchangeType;
  ageRange?: AgeRange;
  /** Premium filters (PRODUCT §1); ignored for free accounts. */
  brand: string;
  size: string;
  position?: SearchPosition;
  /** Kilometres; PRODUCT §9: only a filter below DISTANCE.maxKm, and only with a position. */
  maxDistance: number;
  /** An explicit order; undefined means the server's default (see effectiveSort). */
  sort?: SortOption;
  view: BrowseView;
};

export const DEFAULT_BROWSE_STATE: BrowseState = {
  search: '',
  brand: '',
  size: '',
  maxDistance: DISTANCE.defaultKm,
  view: 'grid',
};

const SEARCH_MAX = 200;
const LABEL_MAX = 120;

/**
 * Positions travel rounded to 0.01° (about 1 km): the same grid other parents see items on,
 * precise enough for a radius in 10 km steps, and a shared link does not pin down a home.
 */
export function roundCoordinate(value: number): number {
  return Math.round(value * 100) / 100;
}

function pick<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((value) => value === raw);
}

function text(raw: string | null, max: number): string {
  return (raw ?? '').trim().slice(0, max);
}

function coordinate(raw: string | null, limit: number): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || Math.abs(value) > limit) return undefined;
  return roundCoordinate(value);
}

/** PRODUCT §9 slider: 0 to 150 in steps of 10. */
export function snapDistance(value: number): number {
  if (!Number.isFinite(value)) return DISTANCE.defaultKm;
  const snapped = Math.round(value / DISTANCE.stepKm) * DISTANCE.stepKm;
  return Math.min(DISTANCE.maxKm, Math.max(0, snapped));
}

/**
 * What the server orders by when no sort is sent (server items.search defaultSort): nearest
 * first while the distance slider is set (PRODUCT §9), search term or not; otherwise best match for
 * a search, else nearest with a position.
 */
export function defaultSort(state: Pick<BrowseState, 'search' | 'position' | 'maxDistance'>): SortOption {
  if (!state.position) return 'relevance';
  if (state.maxDistance < DISTANCE.maxKm) return 'nearest';
  return state.search ? 'relevance' : 'nearest';
}

export function effectiveSort(state: BrowseState): SortOption {
  return state.sort ?? defaultSort(state);
}

/** PRODUCT §9: the distance filter is active only below 150 km, and needs a position. */
export function isDistanceActive(state: BrowseState): boolean {
  return state.position !== undefined && state.maxDistance < DISTANCE.maxKm;
}

/**
 * Makes a state canonical, so equal searches give equal URLs: rounded position, a snapped
 * distance that is dropped without a position, no 'nearest' without a position, and no sort
 * that merely repeats the default.
 */
export function normalizeBrowseState(state: BrowseState): BrowseState {
  const search = state.search.trim().slice(0, SEARCH_MAX);
  const position = state.position
    ? {
        lat: roundCoordinate(state.position.lat),
        lng: roundCoordinate(state.position.lng),
        ...(state.position.label?.trim() ? { label: state.position.label.trim().slice(0, LABEL_MAX) } : {}),
      }
    : undefined;
  const maxDistance = position ? snapDistance(state.maxDistance) : DISTANCE.defaultKm;
  let sort = state.sort;
  if (sort === 'nearest' && !position) sort = undefined;
  if (sort === defaultSort({ search, position, maxDistance })) sort = undefined;
  const next: BrowseState = {
    search,
    brand: state.brand.trim().slice(0, LIMITS.brand),
    size: state.size.trim().slice(0, LIMITS.size),
    maxDistance,
    view: state.view,
  };
  if (state.category) next.category = state.category;
  if (state.condition) next.condition = state.condition;
  if (state.exchangeType) next.exchangeType = state.exchangeType;
  if (state.ageRange) next.ageRange = state.ageRange;
  if (position) next.position = position;
  if (sort) next.sort = sort;
  return next;
}

/** Reads the URL query; anything unknown or out of range is ignored. */
export function parseBrowseState(params: URLSearchParams): BrowseState {
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  const label = text(params.get('near'), LABEL_MAX);
  const distance = params.get('maxDistance');
  const state: BrowseState = {
    search: text(params.get('search'), SEARCH_MAX),
    brand: text(params.get('brand'), LIMITS.brand),
    size: text(params.get('size'), LIMITS.size),
    maxDistance: distance === null || distance.trim() === '' ? DISTANCE.defaultKm : Number(distance),
    view: pick(browseViews, params.get('view')) ?? 'grid',
  };
  const category = pick(categories, params.get('category'));
  const condition = pick(conditions, params.get('condition'));
  const exchangeType = pick(exchangeTypes, params.get('exchangeType'));
  const ageRange = pick(ageRanges, params.get('ageRange'));
  const sort = pick(sortOptions, params.get('sort'));
  if (category) state.category = category;
  if (condition) state.condition = condition;
  if (exchangeType) state.exchangeType = exchangeType;
  if (ageRange) state.ageRange = ageRange;
  if (lat !== undefined && lng !== undefined) state.position = { lat, lng, ...(label ? { label } : {}) };
  if (sort) state.sort = sort;
  return normalizeBrowseState(state);
}

/** Writes the state as a URL query, defaults left out, in a stable order. */
export function serializeBrowseState(input: BrowseState): URLSearchParams {
  const state = normalizeBrowseState(input);
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.category) params.set('category', state.category);
  if (state.condition) params.set('condition', state.condition);
  if (state.exchangeType) params.set('exchangeType', state.exchangeType);
  if (state.ageRange) params.set('ageRange', state.ageRange);
  if (state.brand) params.set('brand', state.brand);
  if (state.size) params.set('size', state.size);
  if (state.position) {
    params.set('lat', String(state.position.lat));
    params.set('lng', String(state.position.lng));
    if (state.position.label) params.set('near', state.position.label);
  }
  if (isDistanceActive(state)) params.set('maxDistance', String(state.maxDistance));
  if (state.sort) params.set('sort', state.sort);
  if (state.view !== 'grid') params.set('view', state.view);
  return params;
}

/** A /browse link for a state: `/browse?category=toys`. */
/**
 * A browse that names no place, started from the parent's place within DISTANCE.nearbyKm, as
 * its address will read once it says so (so the results read for one are the other's).
 */
export function startingAt(state: BrowseState, position: SearchPosition): BrowseState {
  return parseBrowseState(serializeBrowseState({ ...state, position, maxDistance: DISTANCE.nearbyKm }));
}

export function browseHref(state: Partial<BrowseState>): string {
  const query = serializeBrowseState({ ...DEFAULT_BROWSE_STATE, ...state }).toString();
  return query ? `${paths.browse}?${query}` : paths.browse;
}

/**
 * GET /api/items parameters for a state. Brand and size go only with Premium: the server
 * refuses them from free accounts with 403 'Premium subscription required'.
 */
export function toItemsQuery(state: BrowseState, { premium }: { premium: boolean }): Partial<ListItemsQuery> {
  const query: Partial<ListItemsQuery> = { limit: PAGE_SIZE.browse };
  if (state.search) query.search = state.search;
  if (state.category) query.category = state.category;
  if (state.condition) query.condition = state.condition;
  if (state.exchangeType) query.exchangeType = state.exchangeType;
  if (state.ageRange) query.ageRange = state.ageRange;
  if (premium && state.brand) query.brand = state.brand;
  if (premium && state.size) query.size = state.size;
  if (state.position) {
    query.lat = state.position.lat;
    query.lng = state.position.lng;
  }
  if (isDistanceActive(state)) query.maxDistance = state.maxDistance;
  if (state.sort) query.sort = state.sort;
  return query;
}

export const sortLabels: Record<SortOption, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  nearest: 'Nearest',
};

/** 'Any distance' at the maximum (PRODUCT §9), otherwise 'Within 50 km'. */
export function distanceLabel(km: number): string {
  return km >= DISTANCE.maxKm ? 'Any distance' : `Within ${km} km`;
}

export type FilterKey =
  'category' | 'condition' | 'exchangeType' | 'ageRange' | 'brand' | 'size' | 'maxDistance';

export type ActiveFilter = { key: FilterKey; label: string; value: string };

/** The filters in force, in the order the filter bar shows them, for the removable badges. */
export function activeFilters(state: BrowseState, { premium }: { premium: boolean }): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  if (state.category)
    filters.push({ key: 'category', label: 'Category', value: categoryLabels[state.category] });
  if (state.condition)
    filters.push({ key: 'condition', label: 'Condition', value: conditionLabels[state.condition] });
  if (state.exchangeType) {
    filters.push({ key: 'exchangeType', label: 'Exchange', value: exchangeTypeLabels[state.exchangeType] });
  }
  if (state.ageRange) filters.push({ key: 'ageRange', label: 'Age', value: ageRangeLabels[state.ageRange] });
  if (premium && state.brand) filters.push({ key: 'brand', label: 'Brand', value: state.brand });
  if (premium && state.size) filters.push({ key: 'size', label: 'Size', value: state.size });
  if (isDistanceActive(state)) {
    filters.push({ key: 'maxDistance', label: 'Distance', value: distanceLabel(state.maxDistance) });
  }
  return filters;
}

/** One filter back to its default. */
export function withoutFilter(state: BrowseState, key: FilterKey): BrowseState {
  switch (key) {
    case 'brand':
      return { ...state, brand: '' };
    case 'size':
      return { ...state, size: '' };
    case 'maxDistance':
      return { ...state, maxDistance: DISTANCE.defaultKm };
    default: {
      const next = { ...state };
      delete next[key];
      return next;
    }
  }
}

/**
 * 'Clear Filters': the search word and every filter back to their defaults, so the list shows
 * everything near the place again; the place, order and view stay (Clear All takes those too).
 */
export function clearFilters(state: BrowseState): BrowseState {
  const { position, sort, view } = state;
  return normalizeBrowseState({
    ...DEFAULT_BROWSE_STATE,
    view,
    ...(position ? { position } : {}),
    ...(sort ? { sort } : {}),
  });
}

/** 'Clear All': the search, filters, place and order all go; only the chosen view stays. */
export function clearAll(state: BrowseState): BrowseState {
  return { ...DEFAULT_BROWSE_STATE, view: state.view };
}

/** Whether 'Clear All' has anything to clear. */
export function hasAnyCriteria(state: BrowseState, { premium }: { premium: boolean }): boolean {
  return (
    Boolean(state.search || state.position || state.sort) || activeFilters(state, { premium }).length > 0
  );
}

/**
 * PRODUCT §2 count text '{n} items found'. One match reads '1 item found'; counts stop at
 * COUNT_CAP + 1 on the server, which reads '1000+ items found'; a count the server gives as a
 * lower bound reads '{n}+ items found'.
 */
export function countText(total: number, atLeast = false): string {
  if (total > COUNT_CAP) return `${COUNT_CAP}+ items found`;
  if (atLeast) return `${total}+ items found`;
  return total === 1 ? '1 item found' : `${total} items found`;
}
