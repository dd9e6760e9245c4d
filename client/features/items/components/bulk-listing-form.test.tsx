import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client.js';
import { makeCurrentUser } from '../../../test/fixtures.js';
import { renderApp, stubApi } from '../../../test/render-app.js';

async function openBulk(premium: boolean, post: Record<string, (body?: unknown) => unknown> = {}) {
  const calls = stubApi({ get: { '/api/user': () => makeCurrentUser({ isPremium: premium }) }, post });
  renderApp('/bulk-listing');
  await screen.findByRole('heading', { name: 'Bulk Listing', level: 1 });
  return calls;
}

async function fillCommonDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Base title'), 'Board books');
  await user.type(screen.getByLabelText('Description'), 'From a smoke-free home.');
  await user.click(screen.getByRole('combobox', { name: 'Category' }));
  await user.click(await screen.findByRole('option', { name: 'Books' }));
  await user.click(screen.getByRole('combobox', { name: 'Condition' }));
  await user.click(await screen.findByRole('option', { name: 'Good' }));
}

describe('bulk listing (PRODUCT §2, §5)', () => {
  it("reads 'Create 2 Listings' and only offers Remove above two items", async () => {
    const user = userEvent.setup();
    await openBulk(true);
    expect(screen.getByRole('button', { name: 'Create 2 Listings' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove item/ })).toBeNull();
    // Free is the default sharing type; the single-listing link is there.
    expect((screen.getByRole('radio', { name: /^Free/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Use single listing' }).getAttribute('href')).toBe('/list-item');

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getByRole('button', { name: 'Create 3 Listings' })).toBeTruthy();
    expect(screen.getByLabelText('Item 3 title')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Remove item/ })).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(screen.getByRole('button', { name: 'Create 2 Listings' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove item/ })).toBeNull();
  });

  it('blocks a free member before anything is sent, with the upsell banner on the page', async () => {
    const user = userEvent.setup();
    const calls = await openBulk(false);
    expect(screen.getByRole('heading', { name: 'Bulk listing is a Premium feature' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create 2 Listings' }));
    expect(await screen.findByText('Premium Required')).toBeTruthy();
    expect(screen.getByText('Bulk listing is a premium feature. Please upgrade your account.')).toBeTruthy();
    expect(calls.post).not.toHaveBeenCalled();
  });

  it('shows the required-field messages for a premium member', async () => {
    const user = userEvent.setup();
    await openBulk(true);
    await user.click(screen.getByRole('button', { name: 'Create 2 Listings' }));
    expect(await screen.findByText('Base title is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Category is required')).toBeTruthy();
    expect(screen.getByText('Condition is required')).toBeTruthy();
    expect(screen.getAllByText('Item title is required')).toHaveLength(2);
  });

  it('creates the listings, says so and starts over', async () => {
    const user = userEvent.setup();
    const calls = await openBulk(true, { '/api/bulk-listings': () => ({ items: [] }) });
    await fillCommonDetails(user);
    await user.type(screen.getByLabelText('Item 1 title'), 'Goodnight Moon');
    await user.type(screen.getByLabelText('Item 2 title'), 'Where Is Baby');
    await user.type(screen.getByLabelText('Item 2 details (optional)'), 'Lift-the-flap');
    await user.click(screen.getByRole('button', { name: 'Create 2 Listings' }));

    expect(await screen.findByText('Bulk listing created!')).toBeTruthy();
    expect(calls.post).toHaveBeenCalledWith('/api/bulk-listings', {
      baseTitle: 'Board books',
      description: 'From a smoke-free home.',
      category: 'books',
      condition: 'good',
      exchangeType: 'free',
      items: [
        { title: 'Goodnight Moon', specificDescription: null },
        { title: 'Where Is Baby', specificDescription: 'Lift-the-flap' },
      ],
      imageUrls: [],
    });
    expect((screen.getByLabelText('Base title') as HTMLInputElement).value).toBe('');
  });

  it("names the failure with the server's message", async () => {
    const user = userEvent.setup();
    await openBulk(true, {
      '/api/bulk-listings': () => {
        throw new ApiError(500, 'Internal Server Error');
      },
    });
    await fillCommonDetails(user);
    await user.type(screen.getByLabelText('Item 1 title'), 'A');
    await user.type(screen.getByLabelText('Item 2 title'), 'B');
    await user.click(screen.getByRole('button', { name: 'Create 2 Listings' }));
    expect(await screen.findByText('Failed to create bulk listing')).toBeTruthy();
    expect(screen.getByText('Internal Server Error')).toBeTruthy();
  });
});
