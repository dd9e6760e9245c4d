import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeCurrentUser, makePublicUser } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';

describe('a verified e-mail shows on the profile (PRODUCT §2)', () => {
  it('shows the Verified badge for a free parent who verified their e-mail', async () => {
    stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/users/2': () => makePublicUser({ isVerified: true, isPremium: false }),
        '/api/users/2/items': () => [],
      },
    });
    renderApp('/profile/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sam Okafor' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
  });

  it('shows no Verified badge for a parent who has not verified', async () => {
    stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/users/2': () => makePublicUser({ isVerified: false, isPremium: true }),
        '/api/users/2/items': () => [],
      },
    });
    renderApp('/profile/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sam Okafor' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Verified')).toBeNull();
  });
});

describe('the Wanted posts empty state', () => {
  it('says truthfully that Wanted posts are private', async () => {
    stubApi({
      get: {
        '/api/user': () => makeCurrentUser(),
        '/api/wishlists': () => [],
        '/api/notifications': () => ({ notifications: [], unreadCount: 0 }),
      },
    });
    renderApp('/alerts?tab=wanted');
    expect(
      await screen.findByRole('heading', { name: 'No Wanted posts yet' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/^Only you see your Wanted posts\./)).toBeTruthy();
    expect(screen.queryByText(/Tell other parents/)).toBeNull();
  });
});
