import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeCurrentUser, makeItem } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';
import { ApiError } from '../lib/api-client.js';

// The screens are lazy chunks: transform them once up front, so no wait below is spent on that.
beforeAll(async () => {
  await Promise.all([import('../app/app-layout.js'), import('./home.js')]);
}, 60_000);

const premiumItem = (id: number) =>
  makeItem({ id, title: `Featured ${id}`, user: { ...makeItem().user, isPremium: true } });

describe('home dashboard lists (PRODUCT §2)', () => {
  it('shows the featured strip with 3 or more items, and recent items newest first without a position', async () => {
    sessionStorage.clear();
    const calls = stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/items/featured': () => [premiumItem(11), premiumItem(12), premiumItem(13)],
        '/api/items': () => [makeItem({ id: 1, title: 'Picture book' })],
      },
    });
    renderApp('/?category=books&exchangeType=free');
    const featured = await screen.findByRole('region', { name: /Featured/ });
    expect(within(featured).getAllByRole('article')).toHaveLength(3);
    const recent = await screen.findByRole('list', { name: 'Recent items' });
    expect(within(recent).getByRole('link', { name: 'Picture book' })).toBeTruthy();
    expect(calls.get).toHaveBeenCalledWith(
      '/api/items',
      expect.objectContaining({
        query: { category: 'books', exchangeType: 'free', limit: 12, sort: 'newest' },
      }),
    );
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/browse?category=books&exchangeType=free',
    );
  });

  it('hides the featured strip below 3 items and asks for the nearest items within 30 km when the position is known', async () => {
    sessionStorage.setItem('littleloop.devicePosition', JSON.stringify({ lat: 30.27, lng: -97.74 }));
    const calls = stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/items/featured': () => [premiumItem(11), premiumItem(12)],
        // Home near a place lists only placed items (the unplaced ones wait on browse).
        '/api/items': () => [makeItem({ latitude: 30.275, longitude: -97.745, distance: 1 })],
        '/api/places/mine': () => ({ place: null }),
      },
    });
    renderApp('/');
    await screen.findByRole('list', { name: 'Recent items' });
    expect(screen.queryByRole('region', { name: /Featured/ })).toBeNull();
    expect(calls.get).toHaveBeenCalledWith(
      '/api/items',
      expect.objectContaining({ query: { limit: 12, lat: 30.27, lng: -97.74, maxDistance: 30 } }),
    );
    sessionStorage.clear();
  });

  it("says 'No items found' with 'List Your First Item', and offers a retry after an error", async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/items/featured': () => [],
        '/api/items': () => {
          if (fail) throw new ApiError(500, 'Internal Server Error');
          return [];
        },
      },
    });
    renderApp('/');
    expect(await screen.findByText('Internal Server Error')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No items found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List Your First Item' }).getAttribute('href')).toBe(
      '/list-item',
    );
  });
});
