import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeCurrentUser } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';
import { ApiError } from '../lib/api-client.js';

const maya = makeCurrentUser();

describe('settings page (SPEC §2 Account Settings)', () => {
  it('shows the profile read-only, the mobile switch disabled, and the account activity', async () => {
    stubApi({ get: { '/api/user': () => ({ ...maya, totalRatings: 3, rating: '4.67' }) } });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByText(maya.email)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'First Name' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Mobile Notifications' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/coming soon/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
  });

  it("shows 'New member' as the average rating while nobody has reviewed them, not 0.0", async () => {
    stubApi({ get: { '/api/user': () => maya } });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByText('New member')).toBeTruthy();
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
  });

  it('upper-cases the referral code, limits it to 6 characters, and keeps Apply off while blank', async () => {
    const user = userEvent.setup();
    const stubs = stubApi({ get: { '/api/user': () => maya }, post: {} });
    stubs.post.mockImplementation(() =>
      Promise.reject(new ApiError(400, 'You cannot use your own referral code')),
    );
    renderApp('/settings');
    const input = await screen.findByRole('textbox', { name: "Have a friend's code?" });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    await user.type(input, 'abc234xyz');
    expect((input as HTMLInputElement).value).toBe('ABC234');
    await user.click(apply);
    expect(stubs.post).toHaveBeenCalledWith('/api/referral/apply', { referralCode: 'ABC234' });
    // SPEC §8: 'Invalid Code' with the server's text.
    expect(await screen.findByText('Invalid Code')).toBeTruthy();
    expect(screen.getByText('You cannot use your own referral code')).toBeTruthy();
  });

  it('says the network failure text when the apply call gets no answer', async () => {
    const user = userEvent.setup();
    const stubs = stubApi({ get: { '/api/user': () => maya }, post: {} });
    stubs.post.mockImplementation(() => Promise.reject(new ApiError(0, 'offline')));
    renderApp('/settings');
    await user.type(await screen.findByRole('textbox', { name: "Have a friend's code?" }), 'ABC234');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByText('Failed to apply referral code. Please try again.')).toBeTruthy(),
    );
  });

  it('changes the password after checking the fields, and says so', async () => {
    const user = userEvent.setup();
    const stubs = stubApi({ get: { '/api/user': () => maya }, post: {} });
    stubs.post.mockImplementation(() =>
      Promise.resolve({ message: 'Your password has been changed. Other devices have been signed out.' }),
    );
    renderApp('/settings');
    const current = await screen.findByLabelText('Current Password');
    const next = screen.getByLabelText('New Password');
    const confirm = screen.getByLabelText('Confirm New Password');
    const change = screen.getByRole('button', { name: 'Change password' });

    await user.type(current, 'old-secret');
    await user.type(next, 'short');
    await user.type(confirm, 'other');
    await user.click(change);
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(stubs.post).not.toHaveBeenCalled();

    await user.clear(next);
    await user.type(next, 'a-new-secret');
    await user.clear(confirm);
    await user.type(confirm, 'a-new-secret');
    await user.click(change);
    expect(stubs.post).toHaveBeenCalledWith('/api/user/password', {
      currentPassword: 'old-secret',
      newPassword: 'a-new-secret',
    });
    expect(await screen.findByText('Password changed')).toBeTruthy();
    await waitFor(() => expect((current as HTMLInputElement).value).toBe(''));
  });

  it('shows the server’s reason when the current password is wrong', async () => {
    const user = userEvent.setup();
    const stubs = stubApi({ get: { '/api/user': () => maya }, post: {} });
    stubs.post.mockImplementation(() => Promise.reject(new ApiError(403, 'The password is not correct')));
    renderApp('/settings');
    await user.type(await screen.findByLabelText('Current Password'), 'guess');
    await user.type(screen.getByLabelText('New Password'), 'a-new-secret');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Could not change your password')).toBeTruthy();
    expect(screen.getByText('The password is not correct')).toBeTruthy();
  });
});
