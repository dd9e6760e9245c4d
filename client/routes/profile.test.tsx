import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeCurrentUser, makeItem, makePublicUser } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';
import { ApiError, api } from '../lib/api-client.js';

const maya = makeCurrentUser({ totalRatings: 3, rating: '4.25' });

describe('profile (PRODUCT §2)', () => {
  it("says 'User not found' for a parent who does not exist", async () => {
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/users/77': () => {
          throw new ApiError(404, 'User not found');
        },
        '/api/users/77/items': () => {
          throw new ApiError(404, 'User not found');
        },
      },
    });
    renderApp('/profile/77');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
  });

  it("shows one's own profile at /profile with the empty state and List Your First Item", async () => {
    stubApi({ get: { '/api/user': () => maya, '/api/users/1/items': () => [] } });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Rivera' })).toBeTruthy();
    expect(screen.getByText('Portland, 97201, OR, United States')).toBeTruthy();
    expect(screen.getByText('Member since January 2025')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Photo' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: "You haven't listed any items yet" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List Your First Item' }).getAttribute('href')).toBe(
      '/list-item',
    );
    expect(screen.getByRole('tab', { name: 'Items (0)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Reviews (3)' })).toBeTruthy();
  });

  it("shows a Premium parent's own listing analytics, and no analytics to free parents", async () => {
    const premiumMaya = makeCurrentUser({ isPremium: true });
    const viewsByDay = Array.from({ length: 30 }, (_, day) => ({
      day: `2026-10-${String(day + 1).padStart(2, '0')}`,
      views: day % 3,
    }));
    stubApi({
      get: {
        '/api/user': () => premiumMaya,
        '/api/users/1/items': () => [],
        '/api/analytics': () => ({ viewCount: 41, favoriteCount: 7, messageCount: 3, viewsByDay, items: [] }),
      },
    });
    const first = renderApp('/profile');
    const summary = await screen.findByRole('region', { name: "Your listings' analytics" });
    expect(within(summary).getByText('41')).toBeTruthy();
    expect(within(summary).getByText('Views, last 30 days')).toBeTruthy();
    first.unmount();

    stubApi({ get: { '/api/user': () => maya, '/api/users/1/items': () => [] } });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Maya Rivera' });
    expect(screen.queryByRole('heading', { name: 'How your listings are doing' })).toBeNull();
  });

  it("shows another parent's profile and listings without owner controls", async () => {
    const sam = makePublicUser({ isPremium: true, isVerified: true });
    const item = makeItem({ userId: 2, exchangeType: 'sell', price: '12.50', status: 'available' });
    stubApi({
      get: { '/api/user': () => maya, '/api/users/2': () => sam, '/api/users/2/items': () => [item] },
    });
    renderApp('/profile/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Okafor' })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('Premium member')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();

    const card = await screen.findByRole('article', { name: 'Wooden train set' });
    expect(within(card).getByText('Available')).toBeTruthy();
    expect(within(card).getByText('$12.50')).toBeTruthy();
    expect(within(card).getByText('Toys')).toBeTruthy();
    expect(within(card).getByText('Good')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Items (1)' })).toBeTruthy();
    const listed = screen.getByText('Items Listed').parentElement;
    expect(listed?.textContent).toBe('Items Listed1');
  });

  it("says 'No items listed yet' for another parent without listings", async () => {
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/users/2': () => makePublicUser(),
        '/api/users/2/items': () => [],
      },
    });
    renderApp('/profile/2');
    expect(await screen.findByRole('heading', { name: 'No items listed yet' })).toBeTruthy();
  });

  it('gives the owner status buttons, Messages, Edit and Delete on each listing', async () => {
    const user = userEvent.setup();
    const sold = makeItem({ id: 6, title: 'Rain boots', status: 'sold', isAvailable: false });
    stubApi({ get: { '/api/user': () => maya, '/api/users/1/items': () => [makeItem(), sold] } });
    const remove = vi.spyOn(api, 'delete').mockResolvedValue({ message: 'Item deleted' } as never);
    renderApp('/profile/1');

    const available = within(await screen.findByRole('article', { name: 'Wooden train set' }));
    for (const name of ['Free', 'Swapped', 'Sold', 'Delete'])
      expect(available.getByRole('button', { name })).toBeTruthy();
    expect(available.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/list-item?edit=5');
    expect(available.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/messages?item=5');

    const gone = within(screen.getByRole('article', { name: 'Rain boots' }));
    expect(gone.getByText('Sold')).toBeTruthy();
    expect(gone.getByRole('button', { name: 'Mark Available' })).toBeTruthy();
    expect(gone.queryByRole('button', { name: 'Sold' })).toBeNull();

    await user.click(gone.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText('Are you sure you want to delete this item? This action cannot be undone.'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    expect(remove).toHaveBeenCalledWith('/api/items/6');
    expect(await screen.findByText('Item deleted')).toBeTruthy();
  });

  it('checks the profile form with PRODUCT messages and saves it', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      get: { '/api/user': () => maya, '/api/users/1/items': () => [] },
      put: { '/api/auth/user': (body) => ({ ...maya, ...(body as object) }) },
    });
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByRole('combobox', { name: 'Country' }).textContent).toContain('United States');

    await user.clear(within(dialog).getByLabelText('First Name'));
    await user.clear(within(dialog).getByLabelText('Last Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Last name is required')).toBeTruthy();
    expect(calls.put).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('First Name'), 'Mia');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Rivera');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.put).toHaveBeenCalledWith(
      '/api/auth/user',
      expect.objectContaining({ firstName: 'Mia', lastName: 'Rivera', country: 'United States' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia Rivera' })).toBeTruthy();
    expect(screen.getByText('Profile updated')).toBeTruthy();
  });

  it('refuses a profile photo over 5 MB before sending it', async () => {
    const user = userEvent.setup();
    const calls = stubApi({ get: { '/api/user': () => maya, '/api/users/1/items': () => [] } });
    const { container } = renderApp('/profile');
    await screen.findByRole('button', { name: 'Change Photo' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect(await screen.findByText('Image size must be less than 5MB.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Photo' })).toBeNull();
    expect(calls.post).not.toHaveBeenCalled();
  });

  it('lists reviews on the Reviews tab, a deleted author as a former member, with the answer', async () => {
    const review = (id: number, overrides: Record<string, unknown>) => ({
      id,
      rating: 4,
      comment: null,
      response: null,
      respondedAt: null,
      itemTitle: 'Wooden train set',
      createdAt: '2025-03-01T10:00:00.000Z',
      reviewedUserId: 2,
      reviewer: { id: 3, firstName: 'Lena', lastName: 'Park', profileImageUrl: null },
      ...overrides,
    });
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/users/2': () => ({ ...makePublicUser(), rating: '4.50', totalRatings: 2 }),
        '/api/users/2/items': () => [],
        '/api/users/2/reviews': () => [
          review(1, { rating: 5, comment: 'Lovely family', response: 'Thank you!' }),
          review(2, { reviewer: null, comment: 'Smooth swap' }),
        ],
      },
    });
    renderApp('/profile/2?tab=reviews');
    const list = await screen.findByRole('list', { name: 'Reviews' }, { timeout: 5000 });
    expect(within(list).getByText('Lena P.')).toBeTruthy();
    expect(within(list).getByText('Lovely family')).toBeTruthy();
    expect(within(list).getByText('Thank you!')).toBeTruthy();
    expect(within(list).getByText('From a former member')).toBeTruthy();
    expect(within(list).getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Reviews (2)' })).toBeTruthy();
    // Only the reviewed parent may answer.
    expect(screen.queryByRole('button', { name: 'Answer publicly' })).toBeNull();
  });
});
