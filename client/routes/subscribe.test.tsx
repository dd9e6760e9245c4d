import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError } from '../lib/api-client.js';
import { makeCurrentUser } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';

const freeBilling = {
  billingConfigured: false,
  isPremium: false,
  source: 'none',
  subscriptionStatus: 'free',
  periodEndsAt: null,
  renews: false,
  canManageInPortal: false,
};

async function openSubscribe(apply: (body?: unknown) => unknown) {
  const calls = stubApi({
    get: { '/api/user': () => makeCurrentUser(), '/api/billing': () => freeBilling },
    post: { '/api/referral/apply': apply },
  });
  renderApp('/subscribe');
  await screen.findByRole('heading', { name: 'Upgrade to LittleLoop Premium' });
  return calls;
}

async function applyCode(typed: string) {
  const user = userEvent.setup();
  const input = screen.getByLabelText('Referral code', { exact: true });
  const apply = screen.getByRole('button', { name: 'Apply' });
  expect((apply as HTMLButtonElement).disabled).toBe(true);
  await user.type(input, typed);
  await user.click(apply);
  return input as HTMLInputElement;
}

// The first render loads the whole app, which takes a while on a busy machine.
describe('the referral box on /subscribe (SPEC §5, §8)', { timeout: 20_000 }, () => {
  it('sends the code upper-cased and cut to 6 characters, and thanks both parents', async () => {
    const calls = await openSubscribe(() => ({ message: 'ok' }));
    await applyCode(' ab12cd9');
    expect(calls.post).toHaveBeenCalledWith('/api/referral/apply', { referralCode: 'AB12CD' });
    expect(
      await screen.findByText('Referral code applied! You and your friend both earned 1 week free premium.'),
    ).toBeTruthy();
  });

  it("shows 'Invalid Code' with the server's text", async () => {
    await openSubscribe(() => {
      throw new ApiError(400, 'You have already used a referral code');
    });
    await applyCode('zz9999');
    expect(await screen.findByText('Invalid Code')).toBeTruthy();
    expect(screen.getByText('You have already used a referral code')).toBeTruthy();
  });

  it("falls back to SPEC's text when the server says nothing", async () => {
    await openSubscribe(() => {
      throw new ApiError(404, '');
    });
    await applyCode('zz9999');
    expect(await screen.findByText('The referral code is invalid or has already been used.')).toBeTruthy();
  });

  it('says the network failed when the request never arrived', async () => {
    await openSubscribe(() => {
      throw new ApiError(0, 'Could not reach LittleLoop.');
    });
    await applyCode('zz9999');
    expect(await screen.findByText('Failed to apply referral code. Please try again.')).toBeTruthy();
  });
});
