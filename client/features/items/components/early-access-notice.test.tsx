import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client.js';
import { makeCurrentUser, makeItem } from '../../../test/fixtures.js';
import { renderApp, stubApi } from '../../../test/render-app.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('an item in early access, opened by a parent without Premium (PRODUCT §1)', () => {
  it('says until when only Premium members see it instead of "Item not found", and loads it later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 14, 0, 0));
    let inEarlyAccess = true;
    stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/items/9': () => {
          if (inEarlyAccess) {
            throw new ApiError(403, 'This item is in early access for Premium members', [], 1800);
          }
          return makeItem({ id: 9, userId: 2, title: 'Balance bike' });
        },
        '/api/users/2': () => ({}),
      },
    });
    renderApp('/item/9');

    // The item page is its own chunk, which takes a while to load the first time on a busy machine.
    expect(await screen.findByRole('heading', { name: 'In early access' }, { timeout: 12_000 })).toBeTruthy();
    expect(
      screen.getByText('This item is in early access for Premium members until 2:30 PM.', { exact: false }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Item not found' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/subscribe');

    inEarlyAccess = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance bike' })).toBeTruthy();
  });
});
