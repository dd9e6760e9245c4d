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
describe('the referral box on /subscribe (PRODUCT §5, §8)', { timeout: 20_000 }, () => {
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

  it("falls back to PRODUCT's text when the server says nothing", async () => {
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

const premiumBilling = (overrides: Record<string, unknown>) => ({
  ...freeBilling,
  isPremium: true,
  ...overrides,
});

async function openMemberView(user: Parameters<typeof makeCurrentUser>[0], billing: unknown) {
  stubApi({ get: { '/api/user': () => makeCurrentUser(user), '/api/billing': () => billing } });
  renderApp('/subscribe');
  await screen.findByText('Active Premium Member');
}

describe(
  'where a Premium member’s Premium comes from (PRODUCT §2 management card)',
  { timeout: 20_000 },
  () => {
    it('offers only a paying subscriber the cancel button and the payment wording', async () => {
      await openMemberView(
        { subscriptionStatus: 'active', subscriptionEndsAt: '2026-12-24T00:00:00.000Z' },
        premiumBilling({
          source: 'card',
          subscriptionStatus: 'active',
          periodEndsAt: '2026-12-24T00:00:00.000Z',
          renews: true,
        }),
      );
      expect(screen.getByRole('link', { name: 'Cancel subscription' })).toBeTruthy();
      expect(screen.getByText(/^Cancelling stops the next payment/)).toBeTruthy();
      expect(screen.getByText('$2.99/month')).toBeTruthy();
    });

    it('tells a parent with an administrator’s grant where it comes from, with nothing to cancel', async () => {
      await openMemberView({ isPremium: true }, premiumBilling({ source: 'manual' }));
      expect(screen.getByText('Granted by the LittleLoop team')).toBeTruthy();
      expect(screen.getByText('When the team switches it off')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Cancel subscription' })).toBeNull();
      expect(screen.queryByText(/Cancelling stops the next payment/)).toBeNull();
      expect(screen.queryByText('$2.99/month')).toBeNull();
    });

    it('tells a parent on a referral week that it is a referral reward and when it ends', async () => {
      const endsAt = new Date(2026, 11, 3, 12).toISOString();
      await openMemberView(
        { subscriptionEndsAt: endsAt },
        premiumBilling({ source: 'period', subscriptionStatus: 'free', periodEndsAt: endsAt }),
      );
      expect(screen.getByText('A referral reward: a free Premium week')).toBeTruthy();
      expect(screen.getByText('December 3, 2026')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Cancel subscription' })).toBeNull();
      expect(screen.getByText(/nothing to cancel/)).toBeTruthy();
    });
  },
);
