import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeCurrentUser, makeItem } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';
import { api } from '../lib/api-client.js';

const maya = makeCurrentUser();
const samsItem = (id: number, title: string) =>
  makeItem({
    id,
    title,
    userId: 2,
    user: { ...makeItem().user, id: 2, firstName: 'Sam', lastName: 'Okafor' },
  });

const entry = (id: number, title: string) => ({
  id: id * 10,
  itemId: id,
  createdAt: '2025-02-01T10:00:00.000Z',
  item: samsItem(id, title),
});

describe('favorites page (PRODUCT §2)', () => {
  it("says 'Loading your favorites...' while the list loads", async () => {
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/favorites/with-items': () => new Promise(() => undefined),
      },
    });
    renderApp('/favorites');
    expect(await screen.findByText('Loading your favorites...')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading favorite items' })).toBeTruthy();
  });

  it("shows 'No favorites yet' with a hint to tap the heart", async () => {
    stubApi({ get: { '/api/user': () => maya, '/api/favorites/with-items': () => [] } });
    renderApp('/favorites');
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeTruthy();
    expect(screen.getByText(/Tap the heart/)).toBeTruthy();
    expect(screen.getByText('0 saved items')).toBeTruthy();
  });

  it('counts the saved items, shows their cards with the heart on, and removes one with the heart', async () => {
    const user = userEvent.setup();
    let saved = [entry(5, 'Wooden train set'), entry(6, 'Rain boots')];
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/favorites/with-items': () => saved,
        '/api/favorites/ids': () => ({ itemIds: saved.map((favorite) => favorite.itemId) }),
      },
    });
    const remove = vi.spyOn(api, 'delete').mockImplementation(async () => {
      saved = saved.filter((favorite) => favorite.itemId !== 5);
      return { message: 'Removed', itemId: 5, favoriteCount: 0 };
    });
    renderApp('/favorites');
    expect(await screen.findByText('2 saved items')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Favorite items' });
    const train = within(list).getByRole('article', { name: 'Wooden train set' });
    const heart = within(train).getByRole('button', { name: 'Favorite' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(within(train).getByRole('button', { name: 'Message about Wooden train set' })).toBeTruthy();

    await user.click(heart);
    expect(remove).toHaveBeenCalledWith('/api/favorites/5');
    expect(await screen.findByText('Removed from favorites')).toBeTruthy();
    expect(await screen.findByText('1 saved item')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Wooden train set' })).toBeNull();
  });

  it("puts the heart back and says 'Failed to add favorite' when saving fails", async () => {
    const user = userEvent.setup();
    const { ApiError } = await import('../lib/api-client.js');
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/favorites/with-items': () => [entry(5, 'Wooden train set')],
        '/api/favorites/ids': () => ({ itemIds: [] }),
      },
      post: {
        '/api/favorites': () => {
          throw new ApiError(500, 'Server is napping');
        },
      },
    });
    renderApp('/favorites');
    const card = await screen.findByRole('article', { name: 'Wooden train set' });
    const heart = within(card).getByRole('button', { name: 'Favorite' });
    await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
    await user.click(heart);
    expect(await screen.findByText('Failed to add favorite')).toBeTruthy();
    expect(screen.getByText('Server is napping')).toBeTruthy();
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it("hides the heart and Message on the member's own items", async () => {
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/favorites/with-items': () => [
          { ...entry(5, 'My own train'), item: makeItem({ title: 'My own train' }) },
        ],
        '/api/favorites/ids': () => ({ itemIds: [5] }),
      },
    });
    renderApp('/favorites');
    const card = await screen.findByRole('article', { name: 'My own train' });
    expect(within(card).queryByRole('button', { name: 'Favorite' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Message/ })).toBeNull();
  });
});
