import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Item } from '../../common/schemas/items.js';
import { api } from '../lib/api-client.js';
import { makeCurrentUser, makeItem } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';

type Page = { items: Item[]; total?: number; totalAtLeast?: boolean; nextCursor?: string };

/**
 * Stubs GET /api/items at the api-client boundary with its headers (docs/STYLE.md): `pages` answers
 * each request in turn (the last one repeats); every query sent is recorded.
 */
function stubItems(...pages: Page[]) {
  const queries: Record<string, unknown>[] = [];
  let call = 0;
  vi.spyOn(api, 'getWithHeaders').mockImplementation((path, options) => {
    if (path !== '/api/items') return Promise.reject(new Error(`No stub for ${path}`));
    queries.push({ ...options?.query });
    const page = pages[Math.min(call, pages.length - 1)] ?? { items: [] };
    call += 1;
    const headers = new Headers();
    if (page.total !== undefined) headers.set('x-total-count', String(page.total));
    if (page.totalAtLeast) headers.set('x-total-count-at-least', 'true');
    if (page.nextCursor) headers.set('x-next-cursor', page.nextCursor);
    return Promise.resolve({ data: page.items, headers }) as never;
  });
  return queries;
}

const items = (count: number) =>
  Array.from({ length: count }, (_, index) => makeItem({ id: index + 1, title: `Item ${index + 1}` }));

describe('browse count text (PRODUCT §2)', () => {
  it("says '{n} items found' from the x-total-count header", async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    stubItems({ items: items(3), total: 3 });
    renderApp('/browse');
    expect(await screen.findByText('3 items found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Browse Items' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('article')).toHaveLength(
      3,
    );
  });

  it("says '{n}+ items found' when the server's count is a lower bound", async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    stubItems({ items: items(3), total: 88, totalAtLeast: true, nextCursor: 'next' });
    renderApp('/browse');
    expect(await screen.findByText('88+ items found')).toBeTruthy();
  });

  it("says '1 item found' for a single match", async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    stubItems({ items: items(1), total: 1 });
    renderApp('/browse');
    expect(await screen.findByText('1 item found')).toBeTruthy();
  });

  it("says '1000+ items found' above the count cap, and loads the next page with the cursor", async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    const queries = stubItems(
      { items: items(24), total: 1001, nextCursor: 'page-2' },
      { items: [makeItem({ id: 99, title: 'From page two' })] },
    );
    renderApp('/browse');
    expect(await screen.findByText('1000+ items found')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'From page two' })).toBeTruthy();
    expect(queries[0]).toMatchObject({ limit: 24, cursor: undefined });
    expect(queries[1]).toMatchObject({ limit: 24, cursor: 'page-2' });
    // The count stays the first page's; the last page has no cursor, so no more button.
    expect(screen.getByText('1000+ items found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('browse empty states (PRODUCT §2)', () => {
  it('offers Clear Filters when filters are active, which clears them and the search word in the URL', async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    const queries = stubItems({ items: [], total: 0 });
    const { router } = renderApp('/browse?search=train&category=toys&exchangeType=free');
    expect(await screen.findByRole('heading', { name: 'No items found' })).toBeTruthy();
    expect(screen.getByText('0 items found')).toBeTruthy();
    expect(queries[0]).toMatchObject({ search: 'train', category: 'toys', exchangeType: 'free', limit: 24 });
    const badges = screen.getByRole('list', { name: 'Active filters' });
    expect(within(badges).getByText('Toys')).toBeTruthy();
    expect(within(badges).getByText('Free')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'List an Item' })).toBeNull();

    // The filter bar has one too; the empty state's comes last.
    const emptyStateClear = screen.getAllByRole('button', { name: 'Clear Filters' }).at(-1);
    if (!emptyStateClear) throw new Error('expected a Clear Filters button');
    await user.click(emptyStateClear);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Search items' }) as HTMLInputElement).value).toBe('');
  });

  it('offers List an Item when no filter is active', async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    stubItems({ items: [], total: 0 });
    renderApp('/browse?search=unicorn');
    expect(await screen.findByRole('heading', { name: 'No items found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List an Item' }).getAttribute('href')).toBe('/list-item');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });
});

describe('browse filters in the URL', () => {
  it('removes a filter by its badge with a new history entry, so Back brings it back', async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    stubItems({ items: items(2), total: 2 });
    const { router } = renderApp('/browse?category=toys&condition=good');
    await user.click(await screen.findByRole('button', { name: 'Remove filter Category: Toys' }));
    await waitFor(() => expect(router.state.location.search).toBe('?condition=good'));
    expect(router.state.historyAction).toBe('PUSH');
    await router.navigate(-1);
    expect(await screen.findByRole('button', { name: 'Remove filter Category: Toys' })).toBeTruthy();
  });

  it('replaces the URL after typing in the search box pauses', async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    const queries = stubItems({ items: items(2), total: 2 });
    const { router } = renderApp('/browse');
    await user.type(await screen.findByRole('searchbox', { name: 'Search items' }), 'lego');
    await waitFor(() => expect(router.state.location.search).toBe('?search=lego'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'lego' }));
  });

  it('keeps brand and size locked for free accounts and never sends them', async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    const queries = stubItems({ items: items(1), total: 1 });
    renderApp('/browse?brand=LEGO');
    await screen.findByText('1 item found');
    expect(queries[0]).not.toHaveProperty('brand');
    expect((screen.getByLabelText(/^Brand/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/subscribe');
  });

  it('sends brand for Premium members and shows it as a badge', async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser({ isPremium: true }) } });
    const queries = stubItems({ items: items(1), total: 1 });
    renderApp('/browse?brand=LEGO');
    await screen.findByText('1 item found');
    expect(queries[0]).toMatchObject({ brand: 'LEGO' });
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByText('LEGO')).toBeTruthy();
  });

  it('shows the distance slider and Nearest only once a position is known', async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    const queries = stubItems({ items: items(1), total: 1 });
    const first = renderApp('/browse');
    await screen.findByText('1 item found');
    expect(screen.queryByRole('slider')).toBeNull();
    first.unmount();

    renderApp('/browse?lat=30.27&lng=-97.74&near=Austin%2C%20TX&maxDistance=50');
    await screen.findAllByText('1 item found');
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe('Within 50 km');
    expect(screen.getByText('Austin, TX')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toContain('Nearest');
    expect(queries.at(-1)).toMatchObject({ lat: 30.27, lng: -97.74, maxDistance: 50 });
  });

  it('says nearest first is the default order while the distance slider is set, search term or not', async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    const queries = stubItems({ items: items(1), total: 1 });
    const first = renderApp('/browse?search=lego&lat=30.27&lng=-97.74&maxDistance=50');
    await screen.findAllByText('1 item found');
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Nearest (default)');
    expect(queries.at(-1)).not.toHaveProperty('sort');
    first.unmount();

    renderApp('/browse?search=lego&lat=30.27&lng=-97.74');
    await screen.findAllByText('1 item found');
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Best match (default)');
  });
});
