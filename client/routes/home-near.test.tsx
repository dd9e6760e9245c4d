import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { rememberPlace } from '../features/discovery/starting-place.js';
import { makeCurrentUser, makeItem } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';

const brooklyn = {
  label: 'Brooklyn, NY 11215',
  latitude: 40.6625,
  longitude: -73.9863,
  city: 'Brooklyn',
  zipCode: '11215',
};
const austin = { label: 'Austin, TX', latitude: 30.2672, longitude: -97.7431, city: 'Austin', zipCode: null };

// The screens are lazy chunks: transform them once up front, so no wait below is spent on that.
beforeAll(async () => {
  await Promise.all([import('../app/app-layout.js'), import('./home.js'), import('./browse.js')]);
}, 60_000);

afterEach(() => {
  document.cookie = 'littleloop.place=; Path=/; Max-Age=0';
  sessionStorage.clear();
});

describe("home starts near the parent's place", () => {
  it("asks for the items within 30 km of the profile's place and says 'Near {place}'", async () => {
    const calls = stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/places/mine': () => ({ place: brooklyn }),
        '/api/items/featured': () => [],
        '/api/items': () => [
          makeItem({ id: 1, title: 'Close by', distance: 1.5 }),
          makeItem({ id: 2, title: 'Somewhere else', distance: null }),
        ],
      },
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: /Near Brooklyn, NY 11215/ })).toBeTruthy();
    const recent = await screen.findByRole('list', { name: 'Recent items' });
    // Items without a location are not 'near': Browse lists them under their own heading.
    expect(within(recent).getAllByRole('article')).toHaveLength(1);
    expect(within(recent).getByRole('link', { name: 'Close by' })).toBeTruthy();
    const itemCalls = calls.get.mock.calls.filter(([path]) => path === '/api/items');
    expect(itemCalls).toHaveLength(1);
    expect(itemCalls[0]?.[1]).toMatchObject({
      query: { limit: 12, lat: 40.66, lng: -73.99, maxDistance: 30 },
    });
    expect(screen.getByText('Closest first, within 30 km.')).toBeTruthy();
  });

  it("widens to any distance with 'Show items further away' when few are near", async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/places/mine': () => ({ place: brooklyn }),
        '/api/items/featured': () => [],
        '/api/items': () => [makeItem({ id: 1, title: 'Close by', distance: 1.5 })],
      },
    });
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Show items further away' }));
    await waitFor(() =>
      expect(calls.get).toHaveBeenLastCalledWith(
        '/api/items',
        expect.objectContaining({ query: { limit: 12, lat: 40.66, lng: -73.99 } }),
      ),
    );
    expect(await screen.findByText('Closest first, at any distance.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show items further away' })).toBeNull();
  });

  it('changes the place with one tap on the chip, and remembers it on this device', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/places/mine': () => ({ place: brooklyn }),
        '/api/geocode': () => [austin],
        '/api/items/featured': () => [],
        '/api/items': () => [],
      },
    });
    const { unmount } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /Near Brooklyn/ }));
    await user.type(await screen.findByRole('combobox', { name: 'Near' }), 'Austin{Enter}');
    expect(await screen.findByRole('button', { name: /Near Austin, TX/ })).toBeTruthy();
    await waitFor(() =>
      expect(calls.get).toHaveBeenCalledWith(
        '/api/items',
        expect.objectContaining({ query: { limit: 12, lat: 30.27, lng: -97.74, maxDistance: 30 } }),
      ),
    );
    unmount();

    // Next visit: the remembered place wins over the profile's, without asking for it.
    calls.get.mockClear();
    renderApp('/');
    expect(await screen.findByRole('button', { name: /Near Austin, TX/ })).toBeTruthy();
    expect(calls.get.mock.calls.some(([path]) => path === '/api/places/mine')).toBe(false);
  });

  it('shows newest first with a chip to choose a place when the profile has none', async () => {
    const calls = stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/places/mine': () => ({ place: null }),
        '/api/items/featured': () => [],
        '/api/items': () => [],
      },
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: /Choose your place/ })).toBeTruthy();
    await waitFor(() =>
      expect(calls.get).toHaveBeenCalledWith(
        '/api/items',
        expect.objectContaining({ query: { limit: 12, sort: 'newest' } }),
      ),
    );
  });
});

describe("browse starts near the parent's place", () => {
  it('opens within 30 km of the remembered place, nearest first, and lists unplaced items under their own heading', async () => {
    rememberPlace({ lat: 40.66, lng: -73.99, label: 'Brooklyn, NY 11215' });
    const calls = stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/items': () => [
          makeItem({ id: 1, title: 'Close by', distance: 1.5 }),
          makeItem({ id: 2, title: 'No pickup point', distance: null }),
        ],
      },
    });
    const { router } = renderApp('/browse');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?lat=40.66&lng=-73.99&near=Brooklyn%2C+NY+11215&maxDistance=30',
      ),
    );
    const unplaced = await screen.findByRole(
      'list',
      { name: 'Items without a location' },
      { timeout: 10_000 },
    );
    expect(within(unplaced).getByRole('link', { name: 'No pickup point' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Items without a location' })).toBeTruthy();
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: 'Close by' })).toBeTruthy();
    // One request, from the place: none before it was known.
    const queries = calls.getWithHeaders.mock.calls.map(([, options]) => options?.query);
    expect(queries).toEqual([expect.objectContaining({ lat: 40.66, lng: -73.99, maxDistance: 30 })]);
  }, 30_000);
});
