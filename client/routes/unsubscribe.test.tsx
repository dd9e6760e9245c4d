import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  UNSUBSCRIBE_LINK_INVALID,
  resubscribedMessage,
  unsubscribedMessage,
} from '../../common/schemas/reach.js';
import { ApiError } from '../lib/api-client.js';
import { makeCurrentUser } from '../test/fixtures.js';
import { renderApp, signedOut, stubApi } from '../test/render-app.js';

describe("an e-mail's one-click unsubscribe link", () => {
  it('unsubscribes a visitor once, says what stopped, and Undo brings it back', async () => {
    const user = userEvent.setup();
    const stubs = stubApi({
      get: { '/api/user': signedOut },
      post: {
        '/api/notifications/unsubscribe': () => ({
          kind: 'message',
          email: false,
          message: unsubscribedMessage('message'),
        }),
        '/api/notifications/resubscribe': () => ({
          kind: 'message',
          email: true,
          message: resubscribedMessage('message'),
        }),
      },
    });
    renderApp('/unsubscribe?token=tok-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeTruthy();
    expect(screen.getByText('You will no longer get e-mails about new messages.')).toBeTruthy();
    expect(stubs.post).toHaveBeenCalledTimes(1);
    expect(stubs.post).toHaveBeenCalledWith('/api/notifications/unsubscribe', { token: 'tok-123' });
    expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails are back on' })).toBeTruthy();
    expect(screen.getByText('E-mails about new messages are back on.')).toBeTruthy();
    expect(stubs.post).toHaveBeenLastCalledWith('/api/notifications/resubscribe', { token: 'tok-123' });
    expect(stubs.post).toHaveBeenCalledTimes(2);
  });

  it('says the link is not valid when the server refuses the token', async () => {
    stubApi({
      get: { '/api/user': signedOut },
      post: {
        '/api/notifications/unsubscribe': () => {
          throw new ApiError(400, UNSUBSCRIBE_LINK_INVALID);
        },
      },
    });
    renderApp('/unsubscribe?token=forged');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByText(UNSUBSCRIBE_LINK_INVALID)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the same without asking the server when the link has no token', async () => {
    const stubs = stubApi({ get: { '/api/user': signedOut }, post: {} });
    renderApp('/unsubscribe');
    expect(await screen.findByText(UNSUBSCRIBE_LINK_INVALID)).toBeTruthy();
    expect(stubs.post).not.toHaveBeenCalled();
  });

  it('works for a signed-in parent too, and offers a retry when the server cannot be reached', async () => {
    const user = userEvent.setup();
    let reachable = false;
    stubApi({
      get: { '/api/user': () => makeCurrentUser() },
      post: {
        '/api/notifications/unsubscribe': () => {
          if (!reachable)
            throw new ApiError(0, 'Could not reach LittleLoop. Check your connection and try again.');
          return { kind: 'pickup', email: false, message: unsubscribedMessage('pickup') };
        },
      },
    });
    renderApp('/unsubscribe?token=tok-9');
    expect(
      await screen.findByText('Could not reach LittleLoop. Check your connection and try again.'),
    ).toBeTruthy();
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You will no longer get e-mails about pickups.')).toBeTruthy();
  });
});
