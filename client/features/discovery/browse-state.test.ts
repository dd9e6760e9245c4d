import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  browseHref,
  clearAll,
  clearFilters,
  countText,
  DEFAULT_BROWSE_STATE,
  distanceLabel,
  effectiveSort,
  parseBrowseState,
  serializeBrowseState,
  toItemsQuery,
  withoutFilter,
  type BrowseState,
} from './browse-state.js';

const parse = (query: string) => parseBrowseState(new URLSearchParams(query));
const serialize = (state: Partial<BrowseState>) =>
  serializeBrowseState({ ...DEFAULT_BROWSE_STATE, ...state }).toString();

describe('Browse state in the URL', () => {
  it('reads nothing from an empty query and writes nothing for the defaults', () => {
    expect(parse('')).toEqual(DEFAULT_BROWSE_STATE);
    expect(serialize({})).toBe('');
    expect(browseHref({})).toBe('/browse');
  });

  it('round-trips every criterion: search, filters, place, distance, order and view', () => {
    const state: BrowseState = {
      search: 'wooden train',
      category: 'toys',
      condition: 'like-new',
      exchangeType: 'free',
      ageRange: '2-4y',
      brand: 'Brio',
      size: '3T',
      position: { lat: 30.27, lng: -97.74, label: 'Austin, TX' },
      maxDistance: 50,
      sort: 'newest',
      view: 'map',
    };
    const query = serializeBrowseState(state).toString();
    expect(query).toBe(
      'search=wooden+train&category=toys&condition=like-new&exchangeType=free&ageRange=2-4y&brand=Brio&size=3T' +
        '&lat=30.27&lng=-97.74&near=Austin%2C+TX&maxDistance=50&sort=newest&view=map',
    );
    expect(parse(query)).toEqual(state);
  });

  it('sends the distance only below 150 km, and only with a position (PRODUCT §9)', () => {
    const position = { lat: 40.71, lng: -74.01 };
    expect(serialize({ position, maxDistance: 150 })).toBe('lat=40.71&lng=-74.01');
    expect(serialize({ position, maxDistance: 140 })).toBe('lat=40.71&lng=-74.01&maxDistance=140');
    expect(serialize({ position, maxDistance: 0 })).toBe('lat=40.71&lng=-74.01&maxDistance=0');
    expect(serialize({ maxDistance: 50 })).toBe('');
    expect(parse('maxDistance=50')).toEqual(DEFAULT_BROWSE_STATE);
    expect(
      toItemsQuery(parse('lat=40.71&lng=-74.01&maxDistance=150'), { premium: false }),
    ).not.toHaveProperty('maxDistance');
    expect(toItemsQuery(parse('lat=40.71&lng=-74.01&maxDistance=30'), { premium: false })).toMatchObject({
      lat: 40.71,
      lng: -74.01,
      maxDistance: 30,
    });
  });

  it('snaps the distance to the slider: steps of 10 from 0 to 150', () => {
    expect(parse('lat=1&lng=2&maxDistance=44').maxDistance).toBe(40);
    expect(parse('lat=1&lng=2&maxDistance=999').maxDistance).toBe(150);
    expect(parse('lat=1&lng=2&maxDistance=-5').maxDistance).toBe(0);
    expect(parse('lat=1&lng=2&maxDistance=far').maxDistance).toBe(150);
    expect(distanceLabel(150)).toBe('Any distance');
    expect(distanceLabel(20)).toBe('Within 20 km');
  });

  it('ignores unknown values and half a position', () => {
    expect(
      parse('category=robots&condition=mint&exchangeType=rent&ageRange=99y&view=list&sort=cheap'),
    ).toEqual(DEFAULT_BROWSE_STATE);
    expect(parse('lat=40.7').position).toBeUndefined();
    expect(parse('lat=95&lng=10').position).toBeUndefined();
    expect(parse('lat=abc&lng=10').position).toBeUndefined();
    // A place label means nothing without the place.
    expect(serialize({ ...parse('near=Austin') })).toBe('');
  });

  it('rounds positions to 0.01° so a shared link does not pin down a home', () => {
    expect(parse('lat=30.267153&lng=-97.743061').position).toEqual({ lat: 30.27, lng: -97.74 });
    expect(serialize({ position: { lat: 30.267153, lng: -97.743061 } })).toBe('lat=30.27&lng=-97.74');
  });

  it("leaves out a sort that is the server's default, and 'nearest' without a position", () => {
    expect(serialize({ sort: 'relevance' })).toBe('');
    expect(serialize({ sort: 'nearest' })).toBe('');
    expect(serialize({ sort: 'newest' })).toBe('sort=newest');
    expect(serialize({ position: { lat: 1, lng: 2 }, sort: 'nearest' })).toBe('lat=1&lng=2');
    expect(serialize({ position: { lat: 1, lng: 2 }, sort: 'relevance' })).toBe('lat=1&lng=2&sort=relevance');
    expect(effectiveSort(parse('lat=1&lng=2'))).toBe('nearest');
    expect(effectiveSort(parse('lat=1&lng=2&search=lego'))).toBe('relevance');
    // PRODUCT §9: with the distance slider set, nearest first is the default, search term or not.
    expect(effectiveSort(parse('lat=1&lng=2&search=lego&maxDistance=50'))).toBe('nearest');
    expect(
      serialize({ search: 'lego', position: { lat: 1, lng: 2 }, maxDistance: 50, sort: 'nearest' }),
    ).toBe('search=lego&lat=1&lng=2&maxDistance=50');
    expect(
      serialize({ search: 'lego', position: { lat: 1, lng: 2 }, maxDistance: 50, sort: 'relevance' }),
    ).toBe('search=lego&lat=1&lng=2&maxDistance=50&sort=relevance');
    expect(effectiveSort(parse(''))).toBe('relevance');
  });

  it('trims the search and drops it when blank', () => {
    expect(parse('search=%20%20lego%20').search).toBe('lego');
    expect(serialize({ search: '   ' })).toBe('');
  });
});

describe('Browse filters', () => {
  const everything = parse(
    'search=lego&category=toys&condition=good&exchangeType=swap&ageRange=4-6y&brand=LEGO&size=M' +
      '&lat=1&lng=2&near=Town&maxDistance=20&sort=newest&view=map',
  );

  it('lists the active filters as badges; brand and size only for Premium', () => {
    expect(
      activeFilters(everything, { premium: true }).map(({ label, value }) => `${label}: ${value}`),
    ).toEqual([
      'Category: Toys',
      'Condition: Good',
      'Exchange: Swap',
      'Age: 4–6 years',
      'Brand: LEGO',
      'Size: M',
      'Distance: Within 20 km',
    ]);
    expect(activeFilters(everything, { premium: false }).map(({ key }) => key)).not.toContain('brand');
  });

  it('never sends brand or size for a free account (the server answers 403)', () => {
    expect(toItemsQuery(everything, { premium: false })).not.toHaveProperty('brand');
    expect(toItemsQuery(everything, { premium: false })).not.toHaveProperty('size');
    expect(toItemsQuery(everything, { premium: true })).toMatchObject({
      brand: 'LEGO',
      size: 'M',
      limit: 24,
    });
  });

  it('removes one filter, clears the search and filters (place, order and view stay), or clears everything but the view', () => {
    expect(serializeBrowseState(withoutFilter(everything, 'category')).get('category')).toBeNull();
    expect(serializeBrowseState(withoutFilter(everything, 'maxDistance')).get('maxDistance')).toBeNull();
    expect(serializeBrowseState(clearFilters(everything)).toString()).toBe(
      'lat=1&lng=2&near=Town&sort=newest&view=map',
    );
    expect(serializeBrowseState(clearAll(everything)).toString()).toBe('view=map');
  });
});

describe('count text (PRODUCT §2)', () => {
  it("says '{n} items found', '1 item found' for one, and '1000+' above the cap", () => {
    expect(countText(0)).toBe('0 items found');
    expect(countText(1)).toBe('1 item found');
    expect(countText(24)).toBe('24 items found');
    expect(countText(1000)).toBe('1000 items found');
    expect(countText(1001)).toBe('1000+ items found');
    expect(countText(88, true)).toBe('88+ items found');
  });
});
