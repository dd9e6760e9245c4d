import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Item } from '../../../../common/schemas/items.js';
import { ApiError, api } from '../../../lib/api-client.js';
import { makeCurrentUser, makeItem as makeFixtureItem } from '../../../test/fixtures.js';
import { renderApp, stubApi } from '../../../test/render-app.js';

const photo = (name: string) => new File(['pixels'], name, { type: 'image/jpeg' });

/** The shared fixture as this form's edit tests knew it: a swap with one photo. */
function makeItem(overrides: Partial<Item> = {}): Item {
  const base = makeFixtureItem();
  return makeFixtureItem({
    id: 7,
    description: 'Twenty pieces, all there.',
    exchangeType: 'swap',
    imageUrls: ['/uploads/a1.webp'],
    user: { ...base.user, rating: '0.00', totalRatings: 0 },
    ...overrides,
  });
}

beforeEach(() => {
  // jsdom has no object URLs; previews only need a string.
  let next = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => `blob:preview-${++next}`),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
});

async function openForm(user = makeCurrentUser()) {
  const calls = stubApi({ get: { '/api/user': () => user } });
  const view = renderApp('/list-item');
  // The form is its own chunk: the first render waits for it, longer on a busy machine.
  await screen.findByRole('heading', { name: 'List an Item', level: 1 }, { timeout: 15_000 });
  return { ...view, calls };
}

describe('list item form (PRODUCT §2, §5)', () => {
  it('shows the required-field messages and the photo rule on an empty submit', async () => {
    const user = userEvent.setup();
    const { calls } = await openForm();
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Category is required')).toBeTruthy();
    expect(screen.getByText('Condition is required')).toBeTruthy();
    expect(screen.getByText('Exchange type is required')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    // The photo rule: inline, and as the destructive toast.
    expect(
      screen.getByText('Photo required – You must upload at least one photo of your item before listing it.'),
    ).toBeTruthy();
    expect(await screen.findByText('Photo required')).toBeTruthy();
    expect(
      screen.getByText('You must upload at least one photo of your item before listing it.'),
    ).toBeTruthy();
    expect(calls.post).not.toHaveBeenCalled();
  });

  it('shows the price field only while Sell is chosen', async () => {
    const user = userEvent.setup();
    await openForm(makeCurrentUser({ isPremium: true }));
    expect(screen.queryByLabelText('Price ($)')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /^Free/ }));
    expect(screen.queryByLabelText('Price ($)')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /^Sell/ }));
    const price = screen.getByLabelText('Price ($)');
    expect(price.getAttribute('type')).toBe('number');
    expect(price.getAttribute('step')).toBe('0.01');
    // Premium members are not warned.
    expect(screen.queryByText('Selling requires Premium')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /^Swap/ }));
    expect(screen.queryByLabelText('Price ($)')).toBeNull();
  });

  it('warns a free member who picks Sell that selling needs Premium', async () => {
    const user = userEvent.setup();
    await openForm();
    expect(screen.queryByText('Selling requires Premium')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /^Sell/ }));
    expect(screen.getByText('Selling requires Premium')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/subscribe');
  });

  it('stops a free account at 3 photos and says so with an upgrade hint', async () => {
    const user = userEvent.setup();
    await openForm();
    const input = screen.getByLabelText('Add photos');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(screen.getByText('0 / 3 photos')).toBeTruthy();

    await user.upload(input, [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    expect(screen.getByText('3 / 3 photos')).toBeTruthy();
    expect(screen.queryByText('Too many images')).toBeNull();
    // Full is not an error: the count stays neutral.
    expect(screen.getByText('3 / 3 photos').className).not.toContain('text-danger');

    await user.upload(input, [photo('d.jpg')]);
    expect(screen.getByText('Too many images')).toBeTruthy();
    expect(screen.getByText('3 / 3 photos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium for up to 10.' })).toBeTruthy();

    // Removing one makes room again, and the message goes.
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(screen.queryByText('Too many images')).toBeNull();
    expect(screen.getByText('2 / 3 photos')).toBeTruthy();
  });

  it('keeps a photo picked twice once, and says so', async () => {
    const user = userEvent.setup();
    await openForm();
    const input = screen.getByLabelText('Add photos');
    const boots = photo('boots.jpg');
    await user.upload(input, [boots]);
    await user.upload(input, [boots]);
    expect(screen.getByText('1 / 3 photos')).toBeTruthy();
    expect(screen.getByText('That photo is already added. It is kept once.')).toBeTruthy();
  });

  it('lists the item when two picks are the same photo, with that photo once', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      get: { '/api/user': () => makeCurrentUser() },
      post: {
        // The same pixels under two names: the server answers the same URL for both.
        '/api/upload': () => ({ imageUrls: ['/uploads/same.webp', '/uploads/same.webp'] }),
        '/api/items': () => makeItem({ id: 12, exchangeType: 'free' }),
      },
    });
    renderApp('/list-item');
    await user.type(await screen.findByLabelText('Title'), 'Rain boots');
    await user.type(screen.getByLabelText('Description'), 'Barely worn.');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Clothes' }));
    await user.click(screen.getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'Good' }));
    await user.click(screen.getByRole('radio', { name: /^Free/ }));
    await user.upload(screen.getByLabelText('Add photos'), [photo('boots.jpg'), photo('boots-copy.jpg')]);
    expect(screen.getByText('2 / 3 photos')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    expect(await screen.findByText('Item listed')).toBeTruthy();
    const [itemPath, payload] = calls.post.mock.calls[1] ?? [];
    expect(itemPath).toBe('/api/items');
    expect(payload).toMatchObject({ imageUrls: ['/uploads/same.webp'] });
    expect(screen.getByText('1 / 3 photos')).toBeTruthy();
    expect(screen.getByText('That photo is already added. It is kept once.')).toBeTruthy();
  });

  it('reorders photos with buttons', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.upload(screen.getByLabelText('Add photos'), [photo('first.jpg'), photo('second.jpg')]);
    const list = screen.getByRole('list', { name: 'Chosen photos' });
    const names = () =>
      within(list)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt'));
    expect(names()).toEqual(['Photo 1 (new): first.jpg', 'Photo 2 (new): second.jpg']);
    expect((screen.getByRole('button', { name: 'Move photo 1 left' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Move photo 2 left' }));
    expect(names()).toEqual(['Photo 1 (new): second.jpg', 'Photo 2 (new): first.jpg']);
  });

  it('uploads new photos on submit, then lists the item with the profile city and ZIP', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      get: { '/api/user': () => makeCurrentUser() },
      post: {
        '/api/upload': () => ({ imageUrls: ['/uploads/new1.webp'] }),
        '/api/items': () => makeItem({ id: 12, exchangeType: 'free' }),
      },
    });
    renderApp('/list-item');
    await user.type(await screen.findByLabelText('Title'), 'Rain boots');
    await user.type(screen.getByLabelText('Description'), 'Barely worn.');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Clothes' }));
    await user.click(screen.getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'Like New' }));
    await user.type(screen.getByLabelText('Size (optional)'), 'EU 28');
    await user.click(screen.getByRole('radio', { name: /^Free/ }));
    await user.upload(screen.getByLabelText('Add photos'), [photo('boots.jpg')]);
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    expect(await screen.findByText('Item listed')).toBeTruthy();
    const [uploadPath, uploadBody] = calls.post.mock.calls[0] ?? [];
    expect(uploadPath).toBe('/api/upload');
    expect((uploadBody as FormData).getAll('images')).toHaveLength(1);
    const [itemPath, payload] = calls.post.mock.calls[1] ?? [];
    expect(itemPath).toBe('/api/items');
    expect(payload).toEqual({
      title: 'Rain boots',
      description: 'Barely worn.',
      category: 'clothes',
      condition: 'like-new',
      ageRange: null,
      brand: null,
      size: 'EU 28',
      exchangeType: 'free',
      imageUrls: ['/uploads/new1.webp'],
      latitude: null,
      longitude: null,
      city: 'Portland',
      zipCode: '97201',
    });
    expect(screen.getByRole('button', { name: 'List Item' }).hasAttribute('disabled')).toBe(true);
  });

  it('tells the lister that Premium members see a new item first, and from when everyone else does', async () => {
    const user = userEvent.setup();
    const everyoneFrom = new Date(2026, 10, 26, 15, 0, 0).toISOString();
    stubApi({
      get: { '/api/user': () => makeCurrentUser() },
      post: {
        '/api/upload': () => ({ imageUrls: ['/uploads/new1.webp'] }),
        '/api/items': () => ({
          ...makeItem({ id: 12, exchangeType: 'free' }),
          earlyAccessUntil: everyoneFrom,
        }),
      },
    });
    renderApp('/list-item');
    await user.type(await screen.findByLabelText('Title'), 'Rain boots');
    await user.type(screen.getByLabelText('Description'), 'Barely worn.');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Clothes' }));
    await user.click(screen.getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'Good' }));
    await user.click(screen.getByRole('radio', { name: /^Free/ }));
    await user.upload(screen.getByLabelText('Add photos'), [photo('boots.jpg')]);
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    expect(await screen.findByText('Item listed')).toBeTruthy();
    expect(screen.getByText('Premium members see it first; everyone else from 3:00 PM.')).toBeTruthy();
    expect(screen.queryByText('Families nearby can see it now.')).toBeNull();
  });

  it('lets a Premium member sell without a price (PRODUCT §5: price optional)', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      get: { '/api/user': () => makeCurrentUser({ isPremium: true }) },
      post: {
        '/api/upload': () => ({ imageUrls: ['/uploads/new1.webp'] }),
        '/api/items': () => makeItem({ id: 12, exchangeType: 'sell', price: null }),
      },
    });
    renderApp('/list-item');
    await user.type(await screen.findByLabelText('Title'), 'Stroller');
    await user.type(screen.getByLabelText('Description'), 'Folds flat.');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(screen.getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'Good' }));
    await user.click(screen.getByRole('radio', { name: /^Sell/ }));
    await user.upload(screen.getByLabelText('Add photos'), [photo('stroller.jpg')]);
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    expect(await screen.findByText('Item listed')).toBeTruthy();
    const [, payload] = calls.post.mock.calls[1] ?? [];
    expect(payload).toMatchObject({ exchangeType: 'sell', price: null });
  });

  it("says 'Premium Required' when the server refuses a sale, and stays on the form", async () => {
    const user = userEvent.setup();
    stubApi({
      get: { '/api/user': () => makeCurrentUser() },
      post: {
        '/api/upload': () => ({ imageUrls: ['/uploads/new1.webp'] }),
        '/api/items': () => {
          throw new ApiError(403, 'Premium subscription required');
        },
      },
    });
    const { router } = renderApp('/list-item');
    await user.type(await screen.findByLabelText('Title'), 'Stroller');
    await user.type(screen.getByLabelText('Description'), 'Folds flat.');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(screen.getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'Good' }));
    await user.click(screen.getByRole('radio', { name: /^Sell/ }));
    await user.type(screen.getByLabelText('Price ($)'), '40');
    await user.upload(screen.getByLabelText('Add photos'), [photo('stroller.jpg')]);
    await user.click(screen.getByRole('button', { name: 'List Item' }));

    expect(await screen.findByText('Premium Required')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/list-item');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'List Item' }).hasAttribute('disabled')).toBe(false),
    );
  });
});

describe('edit item (PRODUCT §2)', () => {
  it('prefills the form from the item and offers Update Item', async () => {
    stubApi({
      get: { '/api/user': () => makeCurrentUser(), '/api/items/7': () => makeItem() },
    });
    renderApp('/list-item?edit=7');
    expect(await screen.findByDisplayValue('Wooden train set')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit Item', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Item' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Swap/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('1 / 3 photos')).toBeTruthy();
  });

  it("says 'Item not found' for an item that does not exist", async () => {
    stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/items/99': () => {
          throw new ApiError(404, 'Item not found');
        },
      },
    });
    renderApp('/list-item?edit=99');
    expect(await screen.findByRole('heading', { name: 'Item not found' })).toBeTruthy();
  });

  it("shows someone else's item a friendly message instead of the form", async () => {
    stubApi({
      get: { '/api/user': () => makeCurrentUser(), '/api/items/7': () => makeItem({ userId: 2 }) },
    });
    renderApp('/list-item?edit=7');
    expect(await screen.findByRole('heading', { name: 'You can only edit your own items' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update Item' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View the item' }).getAttribute('href')).toBe('/item/7');
  });

  it("sends only what changed with PATCH, so the item's own city and ZIP stay", async () => {
    const user = userEvent.setup();
    stubApi({
      get: {
        // A profile without a town: the item's own town must not be replaced by the empty one.
        '/api/user': () => makeCurrentUser({ city: null, zipCode: null }),
        '/api/items/7': () =>
          makeItem({ city: 'Salem', zipCode: '97301', latitude: 44.94, longitude: -123.03 }),
      },
    });
    const patch = vi.spyOn(api, 'patch').mockResolvedValue(makeItem({ title: 'Train set' }));
    renderApp('/list-item?edit=7');
    const title = await screen.findByDisplayValue('Wooden train set');
    expect(screen.getByText('Salem, 97301')).toBeTruthy();
    await user.clear(title);
    await user.type(title, 'Train set');
    await user.click(screen.getByRole('button', { name: 'Update Item' }));

    expect(await screen.findByText('Item updated')).toBeTruthy();
    expect(patch).toHaveBeenCalledWith('/api/items/7', { title: 'Train set' });
  });
});
