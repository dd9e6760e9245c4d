import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createQueryClient } from '../lib/query-client.js';
import { makeCurrentUser, makeItem } from '../test/fixtures.js';
import { renderApp, signedOut, stubApi } from '../test/render-app.js';
import { preloadSignedInScreen } from './router.js';

describe('routing by sign-in state (PRODUCT §2)', () => {
  it('shows a visitor the not-found page on an unknown path', async () => {
    stubApi({ get: { '/api/user': signedOut } });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows a visitor the sign-in form at /auth', async () => {
    stubApi({ get: { '/api/user': signedOut } });
    renderApp('/auth');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Don't have an account? Sign up" })).toBeTruthy();
  });

  it('tells a visitor on a signed-in-only path to log in, then sends them to /auth after 0.5 s', async () => {
    stubApi({ get: { '/api/user': signedOut } });
    const { router } = renderApp('/messages');
    // PRODUCT §4: a toast says why, and the redirect follows after 0.5 s.
    expect((await screen.findAllByText('Please log in')).length).toBeGreaterThan(0);
    expect(
      await screen.findByText('Sign in or create a free account, and we bring you right back here.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?next=%2Fmessages');
  });

  it('returns a visitor to the item link they opened once they sign in', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const member = makeCurrentUser();
    stubApi({
      get: {
        '/api/user': () => (signedIn ? member : signedOut()),
        '/api/items/5': () => makeItem({ id: 5, userId: 2, title: 'Balance bike' }),
        '/api/users/2': () => ({}),
      },
      post: {
        '/api/login': () => {
          signedIn = true;
          return member;
        },
      },
    });
    const { router } = renderApp('/item/5');
    await user.type(await screen.findByLabelText('Email'), 'maya@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Balance bike' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/item/5');
  });

  it('never follows a return address to another site', async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    const { router } = renderApp('/auth?next=%2F%2Fevil.example%2Fitem');
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Maya!' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows an administrator the dashboard on any path', async () => {
    const admin = makeCurrentUser({ id: 9, firstName: 'Ada', isAdmin: true });
    stubApi({
      get: {
        '/api/user': () => admin,
        '/api/admin/users': () => [{ ...admin, stripeCustomerId: null, stripeSubscriptionId: null }],
        '/api/admin/reports': () => [],
        '/api/admin/stats': () => ({
          totalUsers: 1,
          premiumUsers: 0,
          freeUsers: 1,
          totalReports: 0,
          pendingReports: 0,
          flaggedListings: 0,
        }),
        '/api/admin/moderation': () => [],
        '/api/admin/audit-log': () => [],
      },
    });
    renderApp('/browse');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users Management' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
    // Administrators cannot be made premium or free (PRODUCT §6).
    // (once as a phone card and once as a table row, each shown at its own width)
    const makePremium = await screen.findAllByRole('button', { name: /Make Premium/ });
    expect(makePremium.every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.queryAllByRole('button', { name: /^Delete/ })).toEqual([]);
  });

  it('sends a signed-in member from /auth to the home greeting', async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    const { router } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Maya!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('link', { name: 'Bulk Listing' })).toBeNull();
  });

  it('shows Bulk Listing and the Premium mark to premium members', async () => {
    stubApi({ get: { '/api/user': () => makeCurrentUser({ isPremium: true }) } });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Bulk Listing' })).toBeTruthy();
    expect(screen.getAllByText('Premium').length).toBeGreaterThan(0);
  });
});

describe('auth screen', () => {
  it('shows PRODUCT §5 messages inline and toggles to sign-up', async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/user': signedOut } });
    renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByLabelText('First Name')).toBeTruthy();
    expect(screen.getByLabelText('Last Name')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('min. 6 characters');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Already have an account? Sign in' })).toBeTruthy();
  });

  it('signs in, stores the user and lands on home', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const member = makeCurrentUser();
    const api = stubApi({
      get: { '/api/user': () => (signedIn ? member : signedOut()) },
      post: {
        '/api/login': () => {
          signedIn = true;
          return member;
        },
      },
    });
    renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'Maya@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Maya!' })).toBeTruthy();
    // The browser's time zone goes along, for quiet hours (common/schemas/reach.ts).
    expect(api.post).toHaveBeenCalledWith('/api/login', {
      email: 'maya@example.com',
      password: 'secret',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    // PRODUCT §4: the user is re-read about 50 ms after signing in.
    await waitFor(() => expect(api.get.mock.calls.filter(([path]) => path === '/api/user').length).toBe(2));
  });
});

describe('home chips', () => {
  it('keeps the chosen chips in the URL and clears a chip clicked twice', async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/user': () => makeCurrentUser() } });
    const { router } = renderApp('/');
    const books = await screen.findByRole('button', { name: 'Books' });
    await user.click(books);
    await user.click(screen.getByRole('button', { name: 'Free Only' }));
    expect(books.getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toBe('?category=books&exchangeType=free');
    await user.click(books);
    expect(books.getAttribute('aria-pressed')).toBe('false');
    expect(router.state.location.search).toBe('?exchangeType=free');
  });
});

describe('a signed-in first visit (docs/PERFORMANCE.md, Paint)', () => {
  it('asks for the browse results of the URL before the screen renders', async () => {
    const api = stubApi({ get: { '/api/user': () => makeCurrentUser(), '/api/items': () => [makeItem()] } });
    const queryClient = createQueryClient();
    preloadSignedInScreen(queryClient, { pathname: '/browse', search: '?search=lego' } as Location);
    await waitFor(() =>
      expect(api.getWithHeaders).toHaveBeenCalledWith(
        '/api/items',
        expect.objectContaining({ query: expect.objectContaining({ search: 'lego' }) }),
      ),
    );
  });

  it('asks for the item of an item page', async () => {
    const api = stubApi({
      get: { '/api/user': () => makeCurrentUser(), '/api/items/7': () => makeItem({ id: 7 }) },
    });
    preloadSignedInScreen(createQueryClient(), { pathname: '/item/7', search: '' } as Location);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/items/7', expect.anything()));
  });

  it('asks a visitor for nothing but the current user', async () => {
    const api = stubApi({ get: { '/api/user': signedOut } });
    const queryClient = createQueryClient();
    preloadSignedInScreen(queryClient, { pathname: '/item/7', search: '' } as Location);
    await waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toBeNull());
    expect(api.get).toHaveBeenCalledTimes(1);
  });
});
