import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AdminReport } from '../../common/schemas/admin.js';
import { ApiError } from '../lib/api-client.js';
import { makeCurrentUser } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';

const admin = makeCurrentUser({ id: 9, firstName: 'Ada', lastName: 'Admin', isAdmin: true });
const asAdminUser = (overrides: Parameters<typeof makeCurrentUser>[0]) => ({
  ...makeCurrentUser(overrides),
  stripeCustomerId: null,
  stripeSubscriptionId: null,
});
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
const users = [
  asAdminUser({ ...admin }),
  asAdminUser({ id: 2, firstName: 'Rafa', lastName: 'Referral', subscriptionEndsAt: inAWeek }),
  asAdminUser({ id: 3, firstName: 'Manu', lastName: 'Manual', isPremium: true }),
  asAdminUser({ id: 4, firstName: 'Fran', lastName: 'Free' }),
];
const report = (overrides: Partial<AdminReport>): AdminReport => ({
  id: 1,
  reporterId: 2,
  reportedUserId: 4,
  reason: 'Rude',
  description: null,
  status: 'pending',
  createdAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: null,
  itemId: null,
  reviewedBy: null,
  reporter: { name: 'Rafa Referral', email: 'rafa@example.com' },
  reportedUser: { name: 'Fran Free', email: 'fran@example.com' },
  ...overrides,
});

function stubDashboard(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...extra,
    get: {
      '/api/user': () => admin,
      '/api/admin/users': () => users,
      '/api/admin/reports': () => [
        report({ id: 11, status: 'resolved', reason: 'Spam' }),
        report({ id: 12, reason: 'Rude' }),
      ],
      '/api/admin/stats': () => ({
        totalUsers: 4,
        premiumUsers: 2,
        freeUsers: 2,
        totalReports: 2,
        pendingReports: 1,
        flaggedListings: 0,
      }),
      '/api/admin/moderation': () => [],
      '/api/admin/audit-log': () => [],
      ...extra.get,
    },
  });
}

/** The table rendering (jsdom applies no CSS, so the phone cards are there too). */
const table = () => within(screen.getByRole('region', { name: 'All users' }));

describe('admin dashboard (PRODUCT §6)', () => {
  it('shows the stats and PRODUCT §4 subscription labels, premium by the admin reading (flag or active subscription)', async () => {
    stubDashboard();
    renderApp('/');
    const stats = within(await screen.findByRole('region', { name: 'Statistics' }));
    expect(await stats.findByText('4')).toBeTruthy();
    expect(stats.getByText('1 pending')).toBeTruthy();
    await screen.findByRole('region', { name: 'All users' });
    // PRODUCT §4/§6: the admin reading is the flag or an active subscription; a referral week is neither.
    const rafa = within(table().getByText('Rafa Referral').closest('tr') as HTMLElement);
    expect(rafa.getByText('Free Account')).toBeTruthy();
    expect(rafa.getByText('Free')).toBeTruthy();
    expect(rafa.getByRole('button', { name: /^Make Premium/ })).toBeTruthy();
    const manu = within(table().getByText('Manu Manual').closest('tr') as HTMLElement);
    expect(manu.getByText('Manual Premium')).toBeTruthy();
    expect(manu.getByRole('button', { name: /^Make Free/ })).toBeTruthy();
    const fran = within(table().getByText('Fran Free').closest('tr') as HTMLElement);
    expect(fran.getByText('Free Account')).toBeTruthy();
    const ada = within(table().getByText('Ada Admin').closest('tr') as HTMLElement);
    expect((ada.getByRole('button', { name: /^Make Premium/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(ada.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('asks before deleting a user, and says so when it fails', async () => {
    const calls = stubDashboard();
    calls.delete.mockImplementation(() => Promise.reject(new ApiError(500, 'Internal Server Error')));
    renderApp('/');
    await screen.findByRole('region', { name: 'All users' });
    await userEvent.click(table().getByRole('button', { name: 'Delete: Fran Free' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(calls.delete).toHaveBeenCalledWith('/api/admin/users/4');
    expect(await screen.findByText('Failed to delete user')).toBeTruthy();
  });

  it('drops a deleted user from a search that was still on its way when they were deleted', async () => {
    let remaining = users;
    let releaseFirstSearch = () => {};
    const firstSearchHeld = new Promise<void>((resolve) => (releaseFirstSearch = resolve));
    let searches = 0;
    const calls = stubDashboard({
      delete: {
        '/api/admin/users/4': () => {
          remaining = remaining.filter((user) => user.id !== 4);
          return null;
        },
      },
    });
    const otherLists = calls.getWithHeaders.getMockImplementation();
    calls.getWithHeaders.mockImplementation((path, options) => {
      const search = String(options?.query?.search ?? '');
      if (path !== '/api/admin/users' && otherLists) return otherLists(path, options);
      // Read now, as the server would: a search sent before the deletion still finds Fran.
      const rows = remaining.filter((user) => `${user.firstName} ${user.lastName}`.includes(search));
      const answer = { data: rows, headers: new Headers() };
      if (search === '') return Promise.resolve(answer) as never;
      searches += 1;
      return (searches === 1 ? firstSearchHeld.then(() => answer) : Promise.resolve(answer)) as never;
    });
    renderApp('/');
    await screen.findByRole('region', { name: 'All users' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'Fran');
    await waitFor(() => expect(searches).toBe(1));
    // The rows on screen are still the last answer's while the search is on its way.
    await userEvent.click(table().getByRole('button', { name: 'Delete: Fran Free' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete User' }),
    );
    expect(await screen.findByText('User and all associated data deleted successfully')).toBeTruthy();
    releaseFirstSearch();
    // The search is read again after the deletion: nobody left to show, and it says so.
    expect(await screen.findByText('No matches for “Fran”')).toBeTruthy();
    expect(screen.queryByText('Fran Free')).toBeNull();
    expect(screen.queryByText('No users yet')).toBeNull();
  });

  it('disables the report action matching its state, and resolves a pending one', async () => {
    const calls = stubDashboard({
      put: { '/api/admin/reports/12': () => report({ id: 12, status: 'resolved' }) },
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
    const reports = within(await screen.findByRole('region', { name: 'User reports' }));
    // Names and e-mails beside the ids, not bare numbers.
    const row = within(reports.getByText('#12').closest('tr') as HTMLElement);
    expect(row.getByText('Rafa Referral')).toBeTruthy();
    expect(row.getByText('rafa@example.com')).toBeTruthy();
    expect(row.getByText('Fran Free')).toBeTruthy();
    expect(row.getByText('ID 4')).toBeTruthy();
    const resolveButton = reports.getByRole('button', {
      name: 'Mark Resolved: report #11',
    }) as HTMLButtonElement;
    expect(resolveButton.disabled).toBe(true);
    expect((reports.getByRole('button', { name: 'Dismiss: report #11' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await userEvent.click(reports.getByRole('button', { name: 'Mark Resolved: report #12' }));
    await waitFor(() =>
      expect(calls.put).toHaveBeenCalledWith('/api/admin/reports/12', { status: 'resolved' }),
    );
    expect(await screen.findByText('Report status updated successfully')).toBeTruthy();
  });

  it('makes Hide the prominent decision in the moderation queue, not Approve', async () => {
    stubDashboard({
      get: {
        '/api/admin/moderation': () => [
          {
            id: 31,
            title: 'Drop-side crib',
            description: 'Used.',
            brand: null,
            imageUrls: [],
            userId: 4,
            ownerName: 'Fran Free',
            ownerEmail: 'fran@example.com',
            flaggedForReview: true,
            flagReason: 'Recalled product',
            moderatorReviewed: false,
            isHidden: true,
            createdAt: '2026-01-02T10:00:00.000Z',
          },
        ],
      },
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('tab', { name: /Moderation/ }));
    const hide = await screen.findByRole('button', { name: 'Hide: Drop-side crib' });
    const approve = screen.getByRole('button', { name: 'Approve: Drop-side crib' });
    expect(hide.className).toContain('bg-primary-600');
    expect(approve.className).not.toContain('bg-primary-600');
    // The safe choice comes first.
    expect(hide.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
