import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeCurrentUser, makeGiveaway, makeItem, makePublicUser } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';
import { ApiError, api } from '../lib/api-client.js';
import { ITEM_PAGE_IMAGE_SIZES, ITEM_THUMB_IMAGE_SIZES } from '../features/items/image-sizes.js';

const maya = makeCurrentUser();
const sam = makePublicUser();
const samsItem = makeItem({
  userId: sam.id,
  user: { ...makeItem().user, id: sam.id, firstName: 'Sam', lastName: 'Okafor', isPremium: true },
});

// The page is a lazy chunk with the give-away panels in it: transform it once up front, so no
// test's first wait is spent on that (a busy machine took longer than the wait allows).
beforeAll(async () => {
  await import('./item-detail.js');
}, 60_000);

describe('item detail (PRODUCT §2)', () => {
  it("says 'Item not found' with a way back to browse when the item does not exist", async () => {
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/items/99': () => {
          throw new ApiError(404, 'Item not found');
        },
      },
    });
    renderApp('/item/99');
    expect(await screen.findByRole('heading', { name: 'Item not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Browse' }).getAttribute('href')).toBe('/browse');
  });

  it("says 'Item not found' for an id that is not a number, without asking the server", async () => {
    const calls = stubApi({ get: { '/api/user': () => maya } });
    renderApp('/item/abc');
    expect(await screen.findByRole('heading', { name: 'Item not found' })).toBeTruthy();
    expect(calls.get).not.toHaveBeenCalledWith('/api/items/abc', expect.anything());
  });

  it("shows someone else's free item with its details, Request this and Send Message, but no owner controls", async () => {
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/items/5': () => samsItem,
        '/api/users/2': () => sam,
        '/api/items/5/giveaway': () => makeGiveaway(),
      },
    });
    renderApp('/item/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wooden train set' })).toBeTruthy();
    expect(screen.getByText('Available')).toBeTruthy();
    expect(screen.getByText('Free', { selector: 'p' }).textContent).toBe('Price: Free');
    expect(screen.getByText('Toys')).toBeTruthy();
    expect(screen.getByText('Good')).toBeTruthy();
    // The same age-range words as the listing form (common/enums.ts).
    expect(screen.getByText('2–4 years')).toBeTruthy();
    expect(screen.getByText('Brio')).toBeTruthy();
    expect(screen.getByText('Listed Jan 22, 2025')).toBeTruthy();
    // The owner's location comes from their profile: city, state, country.
    expect(await screen.findByText('Springfield, IL, United States')).toBeTruthy();
    const listedBy = screen.getByRole('button', { name: /Sam Okafor/ });
    expect(within(listedBy).getByText('Premium member')).toBeTruthy();

    const main = within(screen.getByRole('main'));
    expect(main.getByRole('button', { name: 'Request this' })).toBeTruthy();
    expect(main.getByRole('button', { name: 'Send Message' })).toBeTruthy();
    expect(main.getByRole('button', { name: 'Save' })).toBeTruthy();
    // Contact would open the same message dialog as Send Message: a give-away's first action is asking.
    expect(main.queryByRole('button', { name: 'Contact' })).toBeNull();
    for (const name of ['Edit', 'Delete', 'Sold', 'Swapped', 'Free', 'Messages', 'Mark Available']) {
      expect(main.queryByRole('button', { name })).toBeNull();
      expect(main.queryByRole('link', { name })).toBeNull();
    }
  });

  it('opens the owner profile dialog from Listed by, where another parent can be reported', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      get: { '/api/user': () => maya, '/api/items/5': () => samsItem, '/api/users/2': () => sam },
      post: { '/api/users/report': () => ({ id: 1, status: 'pending', message: 'User reported' }) },
    });
    renderApp('/item/5');
    await user.click(await screen.findByRole('button', { name: /Sam Okafor/ }));
    const dialog = await screen.findByRole('dialog', { name: /Sam Okafor/ });
    expect(within(dialog).getByText('Member since March 2024')).toBeTruthy();
    expect(within(dialog).getByText('(12 reviews)')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Report User' }));
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(screen.getByText('Please provide a reason')).toBeTruthy();
    expect(calls.post).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason for reporting'), '  Never showed up  ');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.post).toHaveBeenCalledWith('/api/users/report', { userId: 2, reason: 'Never showed up' });
    expect(await screen.findByText('User reported')).toBeTruthy();

    // Opening it again starts from the profile with an empty reason.
    await user.click(screen.getByRole('button', { name: /Sam Okafor/ }));
    await user.click(await screen.findByRole('button', { name: 'Report User' }));
    expect((screen.getByLabelText('Reason for reporting') as HTMLTextAreaElement).value).toBe('');
  });

  it('offers no Report User when the profile dialog shows oneself', async () => {
    const user = userEvent.setup();
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/items/5': () => makeItem(),
        '/api/users/1': () => makePublicUser({ id: 1, firstName: 'Maya', lastName: 'Rivera' }),
      },
    });
    renderApp('/item/5');
    await user.click(await screen.findByRole('button', { name: /Maya Rivera/ }));
    const dialog = await screen.findByRole('dialog', { name: /Maya Rivera/ });
    expect(within(dialog).getByRole('link', { name: 'View profile' }).getAttribute('href')).toBe(
      '/profile/1',
    );
    expect(within(dialog).queryByRole('button', { name: 'Report User' })).toBeNull();
  });

  it('gives the owner Edit, Messages, Delete and Free / Swapped / Sold, and no Contact', async () => {
    stubApi({ get: { '/api/user': () => maya, '/api/items/5': () => makeItem() } });
    renderApp('/item/5');
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/list-item?edit=5');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/messages?item=5');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Free' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Swapped' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sold' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark Available' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull();
  });

  it('marks the item Sold, then offers Mark Available', async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/user': () => maya, '/api/items/5': () => makeItem() } });
    const patch = vi
      .spyOn(api, 'patch')
      .mockResolvedValue(makeItem({ status: 'sold', isAvailable: false }) as never);
    renderApp('/item/5');
    await user.click(await screen.findByRole('button', { name: 'Sold' }));
    expect(patch).toHaveBeenCalledWith('/api/items/5', { status: 'sold', isAvailable: false });
    expect(await screen.findByRole('button', { name: 'Mark Available' })).toBeTruthy();
    expect(screen.getByText('Sold', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Item updated')).toBeTruthy();

    patch.mockResolvedValue(makeItem() as never);
    await user.click(screen.getByRole('button', { name: 'Mark Available' }));
    expect(patch).toHaveBeenLastCalledWith('/api/items/5', { status: 'available', isAvailable: true });
    expect(await screen.findByRole('button', { name: 'Sold' })).toBeTruthy();
  });

  it("shows the server's reason when a status change fails", async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/user': () => maya, '/api/items/5': () => makeItem() } });
    vi.spyOn(api, 'patch').mockRejectedValue(new ApiError(403, 'You can only change your own items'));
    renderApp('/item/5');
    await user.click(await screen.findByRole('button', { name: 'Swapped' }));
    expect(await screen.findByText('Failed to update item')).toBeTruthy();
    expect(screen.getByText('You can only change your own items')).toBeTruthy();
  });

  it('asks before deleting, then deletes and goes to the profile', async () => {
    const user = userEvent.setup();
    stubApi({
      get: { '/api/user': () => maya, '/api/items/5': () => makeItem(), '/api/users/1/items': () => [] },
    });
    const remove = vi.spyOn(api, 'delete').mockResolvedValue({ message: 'Item deleted' } as never);
    const { router } = renderApp('/item/5');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText('Are you sure you want to delete this item? This action cannot be undone.'),
    ).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();

    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    expect(remove).toHaveBeenCalledWith('/api/items/5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByText('Item deleted')).toBeTruthy();
  });

  it('keeps the item when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/user': () => maya, '/api/items/5': () => makeItem() } });
    const remove = vi.spyOn(api, 'delete');
    renderApp('/item/5');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();
  });

  it('shows No images available for an item without photos', async () => {
    stubApi({ get: { '/api/user': () => maya, '/api/items/5': () => makeItem({ imageUrls: [] }) } });
    renderApp('/item/5');
    expect(await screen.findByText('No images available')).toBeTruthy();
  });

  it('opens the photos full size and steps through them', async () => {
    const user = userEvent.setup();
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/items/5': () => makeItem({ imageUrls: ['/uploads/a.webp', '/uploads/b.webp'] }),
      },
    });
    renderApp('/item/5');
    // The page shows the 800 or 1600 px photo and the 300 or 600 px thumbnail, as wide as drawn.
    const main = await screen.findByRole('img', { name: 'Wooden train set' });
    expect(main.getAttribute('srcset')).toBe('/uploads/a-800.webp 800w, /uploads/a.webp 1600w');
    expect(main.getAttribute('sizes')).toBe(ITEM_PAGE_IMAGE_SIZES);
    expect(main.getAttribute('src')).toBe('/uploads/a.webp');
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expect(main.getAttribute('loading')).toBeNull();
    const thumb = screen.getByRole('button', { name: 'Open photo 2 of 2 full size' }).querySelector('img');
    expect(thumb?.getAttribute('srcset')).toBe('/uploads/b-card-300.webp 300w, /uploads/b-card.webp 600w');
    expect(thumb?.getAttribute('sizes')).toBe(ITEM_THUMB_IMAGE_SIZES);
    await user.click(await screen.findByRole('button', { name: 'Open photo 2 of 2 full size' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/uploads/b.webp');
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/uploads/a.webp');
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/uploads/b.webp');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reports the listing from its page with a required reason', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      get: { '/api/user': () => maya, '/api/items/5': () => samsItem, '/api/users/2': () => sam },
      post: { '/api/items/5/report': () => ({ id: 1, status: 'pending', message: 'Listing reported' }) },
    });
    renderApp('/item/5');
    await user.click(await screen.findByRole('button', { name: 'Report listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please provide a reason')).toBeTruthy();
    expect(calls.post).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Recalled model');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this listing' })).toBeNull());
    expect(calls.post).toHaveBeenCalledWith('/api/items/5/report', { reason: 'Recalled model' });
    expect(await screen.findByText('Listing reported')).toBeTruthy();
  });
});
