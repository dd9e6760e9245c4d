import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.js';
import { makeCurrentUser, makeItem } from '../test/fixtures.js';
import { itemsQuery } from '../features/items/api/get-items.js';
import { recentItemsQuery } from '../features/home/home-filters.js';
import { prefetchSignedInScreen, type ApiAnswer } from './server-prefetch.js';

const austinCookie = `other=1; littleloop.place=${encodeURIComponent(
  JSON.stringify({ lat: 30.27, lng: -97.74, label: 'Austin, TX' }),
)}`;

/** The API as the server reads it for the parent, recording what was asked. */
function api(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const read = async (url: string): Promise<ApiAnswer> => {
    asked.push(url);
    const path = url.split('?')[0] ?? url;
    const body = answers[path];
    return { status: body === undefined ? 404 : 200, body, headers: new Headers() };
  };
  return { asked, read };
}

describe('pages the server renders for a signed-in parent', () => {
  it('renders home from the place remembered on the device, nearest first within 30 km', async () => {
    const queryClient = createQueryClient();
    const near = makeItem({ id: 7, title: 'Owl picture book', distance: 1.2 });
    const { asked, read } = api({
      '/api/user': makeCurrentUser(),
      '/api/items/featured': [],
      '/api/items': [near],
    });
    const page = await prefetchSignedInScreen(queryClient, new URL('http://x/'), read, austinCookie);
    expect(page).toMatchObject({ title: 'Home' });
    expect(asked).not.toContain('/api/places/mine');
    const query = recentItemsQuery({}, { lat: 30.27, lng: -97.74, label: 'Austin, TX' });
    expect(query).toMatchObject({ lat: 30.27, lng: -97.74, maxDistance: 30 });
    expect(queryClient.getQueryData(itemsQuery(query).queryKey)).toEqual([near]);
  });

  it("starts from the profile's place without a remembered one", async () => {
    const queryClient = createQueryClient();
    const { asked, read } = api({
      '/api/user': makeCurrentUser(),
      '/api/places/mine': {
        place: {
          label: 'Brooklyn, NY 11215',
          latitude: 40.6625,
          longitude: -73.9863,
          city: 'Brooklyn',
          zipCode: '11215',
        },
      },
      '/api/items/featured': [],
      '/api/items': [],
    });
    await prefetchSignedInScreen(queryClient, new URL('http://x/'), read, '');
    expect(asked.find((url) => url.startsWith('/api/items?'))).toContain('lat=40.66');
  });

  it('renders a plain /browse from the starting place, nearest first within 30 km, and a chosen search as it is', async () => {
    const { asked, read } = api({ '/api/user': makeCurrentUser(), '/api/items': [] });
    expect(
      await prefetchSignedInScreen(createQueryClient(), new URL('http://x/browse'), read, austinCookie),
    ).toMatchObject({ title: 'Browse Items' });
    expect(asked.at(-1)).toContain('lat=30.27');
    expect(asked.at(-1)).toContain('maxDistance=30');
    await prefetchSignedInScreen(
      createQueryClient(),
      new URL('http://x/browse?lat=40.66&lng=-73.99'),
      read,
      austinCookie,
    );
    expect(asked.at(-1)).toContain('lat=40.66');
  });
});
