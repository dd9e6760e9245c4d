import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Giveaway, ItemPromise } from '../../common/schemas/giveaway.js';
import {
  makeCurrentUser,
  makeGiveaway,
  makeItem,
  makePromise,
  makePublicUser,
  makeRequester,
} from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';

const maya = makeCurrentUser();
const sam = makePublicUser();
const samsItem = makeItem({
  userId: sam.id,
  user: { ...makeItem().user, id: sam.id, firstName: 'Sam', lastName: 'Okafor' },
});
const inTwoHours = () => new Date(Date.now() + 2 * 3_600_000).toISOString();

/** Someone else's item page, with the give-away answer the test gives. */
function visitSamsItem(
  giveaway: () => Giveaway,
  item = samsItem,
  post: Record<string, (body?: unknown) => unknown> = {},
) {
  const calls = stubApi({
    get: {
      '/api/user': () => maya,
      '/api/items/5': () => item,
      '/api/users/2': () => sam,
      '/api/items/5/giveaway': giveaway,
      '/api/safe-locations': () => [],
    },
    post,
  });
  renderApp('/item/5');
  return calls;
}

// The page is a lazy chunk with the give-away panels in it: transform it once up front, so no
// test's first wait is spent on that (a busy machine took longer than the wait allows).
beforeAll(async () => {
  await import('./item-detail.js');
}, 60_000);

describe('item page: asking for a free or swap item', () => {
  it('sends a request with a note, then says so with the note and a way to withdraw it', async () => {
    const user = userEvent.setup();
    let giveaway = makeGiveaway({ requestCount: 2 });
    const calls = visitSamsItem(() => giveaway, samsItem, {
      '/api/items/5/requests': (body) => {
        const note = (body as { note: string | null }).note;
        giveaway = makeGiveaway({
          requestCount: 3,
          myRequest: { id: 9, note, status: 'waiting', createdAt: new Date().toISOString() },
        });
        return giveaway.myRequest;
      },
    });
    expect(await screen.findByText('2 families have asked')).toBeTruthy();
    const main = within(screen.getByRole('main'));
    // A free item's primary action is the request; Send Message stays, Contact would say it twice.
    expect(main.queryByRole('button', { name: 'Contact' })).toBeNull();
    expect(main.getByRole('button', { name: 'Send Message' })).toBeTruthy();

    await user.click(await main.findByRole('button', { name: 'Request this' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request this' });
    const note = within(dialog).getByRole('textbox', { name: 'A note for the owner (optional)' });
    expect(note.getAttribute('maxLength')).toBe('300');
    await user.type(note, 'For my son');
    expect(within(dialog).getByText('10/300 characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(calls.post).toHaveBeenCalledWith('/api/items/5/requests', { note: 'For my son' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('You asked for this')).toBeTruthy();
    expect(screen.getByText('For my son')).toBeTruthy();
    expect(screen.getByText('3 families have asked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request this' })).toBeNull();
  });

  it('shows a promised item calmly, and still lets a family ask to be next in line', async () => {
    visitSamsItem(() => makeGiveaway({ promised: true, requestCount: 1 }), { ...samsItem, promised: true });
    expect(
      await screen.findByText('Promised to another family. You can still ask to be next in line.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Promised').length).toBeGreaterThan(0);
    expect(screen.getByText('1 family has asked')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Request this' })).toBeTruthy();
  });

  it('keeps Contact and Send Message, and no request, on an item for sale', async () => {
    visitSamsItem(() => makeGiveaway(), { ...samsItem, exchangeType: 'sell', price: '12.00' });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('button', { name: 'Contact' })).toBeTruthy();
    expect(main.getByRole('button', { name: 'Send Message' })).toBeTruthy();
    expect(main.queryByRole('button', { name: 'Request this' })).toBeNull();
  });
});

describe("item page: the owner's requests", () => {
  const lena = makeRequester();

  it('lists who asked and why, and keeps Choose and the draw closed while requests collect', async () => {
    const closesAt = inTwoHours();
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/items/5': () => makeItem(),
        '/api/items/5/giveaway': () =>
          makeGiveaway({ requestsCloseAt: closesAt, requestCount: 1, requests: [lena] }),
      },
    });
    renderApp('/item/5');
    const card = within(await screen.findByRole('region', { name: 'Requests' }));
    const requester = within(card.getByRole('article', { name: 'Lena P.' }));
    expect(requester.getByText('New member')).toBeTruthy();
    expect(requester.getByText('No handovers yet')).toBeTruthy();
    expect(requester.getByText('2–5 km away')).toBeTruthy();
    expect(requester.getByText(lena.note ?? '')).toBeTruthy();
    expect(requester.getByText('Asked 30m ago')).toBeTruthy();

    expect(card.getByText(/^Requests collect until /)).toBeTruthy();
    const choose = requester.getByRole('button', { name: 'Choose Lena' }) as HTMLButtonElement;
    const draw = card.getByRole('button', { name: 'Draw fairly' }) as HTMLButtonElement;
    expect(choose.disabled).toBe(true);
    expect(draw.disabled).toBe(true);
    // The reason is said, and tied to the buttons it disables.
    const reason = card.getByText(/^You can choose after .+, so every family has had time to ask\.$/);
    expect(choose.getAttribute('aria-describedby')).toBe(reason.id);
    expect(
      card.getByText(
        'Only 1 family is waiting so far: a draw would pick them. LittleLoop records every draw.',
      ),
    ).toBeTruthy();
  });

  it('chooses a family once the waiting time is over, and sets a waiting time', async () => {
    const user = userEvent.setup();
    let giveaway = makeGiveaway({
      requestCount: 2,
      requests: [
        lena,
        makeRequester({
          requestId: 32,
          user: {
            ...lena.user,
            id: 4,
            firstName: 'Omar',
            lastName: 'Haddad',
            rating: '4.80',
            totalRatings: 5,
          },
          reliability: { completed: 5, promised: 6, noShows: 1 },
        }),
      ],
    });
    const calls = stubApi({
      get: {
        '/api/user': () => maya,
        '/api/items/5': () => makeItem(),
        '/api/items/5/giveaway': () => giveaway,
        '/api/safe-locations': () => [],
      },
      post: {
        '/api/items/5/promise': () => {
          giveaway = { ...giveaway, promised: true, promise: makePromise() };
          return giveaway.promise;
        },
      },
      put: {
        '/api/items/5/request-window': (body) => {
          const { hours } = body as { hours: number };
          const closesAt = hours === 0 ? null : new Date(Date.now() + hours * 3_600_000).toISOString();
          giveaway = { ...giveaway, requestsCloseAt: closesAt };
          return giveaway;
        },
      },
    });
    renderApp('/item/5');
    const card = within(await screen.findByRole('region', { name: 'Requests' }));
    const omar = within(card.getByRole('article', { name: 'Omar H.' }));
    expect(
      card.getByText('LittleLoop picks one of the 2 families at random, and records the draw.'),
    ).toBeTruthy();
    expect(omar.getByText('5 of 6 handovers')).toBeTruthy();
    expect(omar.getByText(/4\.8/).textContent).toBe('Rating 4.8 (5), 5 reviews');

    await user.selectOptions(card.getByRole('combobox', { name: 'Choose after' }), '6 hours');
    expect(calls.put).toHaveBeenCalledWith('/api/items/5/request-window', { hours: 6 });
    expect(await card.findByText(/^Requests collect until /)).toBeTruthy();
    expect((card.getByRole('button', { name: 'Choose Lena' }) as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(card.getByRole('combobox', { name: 'Choose after' }), 'Right away');
    await waitFor(() =>
      expect((card.getByRole('button', { name: 'Choose Lena' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(card.getByRole('button', { name: 'Choose Lena' }));
    expect(calls.post).toHaveBeenCalledWith('/api/items/5/promise', { requestId: 31 });
    expect(await screen.findByRole('heading', { name: 'Promised to Lena' })).toBeTruthy();
  });
});

describe('item page: the promise, for its two parties', () => {
  function visitAsParty(
    promise: () => ItemPromise,
    post: Record<string, () => unknown> = {},
    item = makeItem(),
  ) {
    const calls = stubApi({
      get: {
        '/api/user': () => maya,
        '/api/items/5': () => item,
        '/api/users/2': () => sam,
        '/api/items/5/giveaway': () =>
          makeGiveaway({
            promised: true,
            promise: promise(),
            requests: promise().role === 'giver' ? [] : null,
          }),
        '/api/safe-locations': () => [
          {
            id: 7,
            name: 'Park Slope Library',
            address: '431 6th Ave',
            city: 'Brooklyn',
            zipCode: '11215',
            locationType: 'library',
            isVerified: true,
            latitude: null,
            longitude: null,
            hours: null,
            specialFeatures: [],
          },
        ],
      },
      post,
    });
    renderApp('/item/5');
    return calls;
  }

  it('says who is still to confirm after one side did, and offers no second confirmation', async () => {
    visitAsParty(() =>
      makePromise({
        scheduledAt: inTwoHours(),
        exchangeLocation: 'Park Slope Library, 431 6th Ave, Brooklyn',
        safeLocationId: 7,
        giverConfirmedAt: new Date().toISOString(),
      }),
    );
    const panel = within(await screen.findByRole('region', { name: 'Promised to Lena' }));
    expect(panel.getByText('Waiting for Lena to confirm')).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Handed over' })).toBeNull();
    expect(panel.getByText(/ at Park Slope Library, 431 6th Ave, Brooklyn$/)).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Release' })).toBeTruthy();
    // The pickup time has not come yet: nobody can have failed to come.
    expect(panel.queryByRole('button', { name: 'They didn’t come' })).toBeNull();
  });

  it('lets the chosen family confirm they received it, then rate the owner', async () => {
    const user = userEvent.setup();
    let promise = makePromise({
      role: 'receiver',
      otherUser: { id: 2, firstName: 'Sam', lastName: 'Okafor', profileImageUrl: null },
      chosenBy: 'draw',
      draw: { seed: 'ab'.repeat(32), entrants: [1, 3, 4], winnerId: 1 },
      giverConfirmedAt: new Date().toISOString(),
    });
    const calls = visitAsParty(
      () => promise,
      {
        '/api/exchanges/41/confirm': () => {
          promise = {
            ...promise,
            status: 'completed',
            receiverConfirmedAt: new Date().toISOString(),
            completedAt: new Date().toISOString(),
            canReviewUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          };
          return promise;
        },
      },
      samsItem,
    );
    const panel = within(await screen.findByRole('region', { name: "You've been chosen" }));
    expect(panel.getByText('Drawn fairly among 3 families')).toBeTruthy();
    expect(panel.getByText('ab'.repeat(32))).toBeTruthy();
    expect(panel.getByText('Sam says it was handed over. Confirm when that is right.')).toBeTruthy();
    // The pickup form offers the safe places; only the owner may offer their own point.
    const place = panel.getByRole('combobox', { name: 'Meeting place' });
    expect(
      await within(place).findByRole('option', { name: 'Park Slope Library, 431 6th Ave' }),
    ).toBeTruthy();
    expect(within(place).queryByRole('option', { name: 'My own pickup point' })).toBeNull();

    await user.click(panel.getByRole('button', { name: 'Received' }));
    expect(calls.post).toHaveBeenCalledWith('/api/exchanges/41/confirm');
    const done = within(await screen.findByRole('region', { name: 'You received this from Sam' }));
    expect(done.getByText(/^Both of you confirmed the handover on /)).toBeTruthy();
    await user.click(done.getByRole('button', { name: 'Rate Sam' }));
    expect(await screen.findByRole('dialog', { name: 'Rate Sam' })).toBeTruthy();
  });
});

describe("'New member' instead of 0.0 stars", () => {
  it('shows a parent nobody has reviewed as a new member on their profile, with their handovers', async () => {
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/users/2': () => makePublicUser({ rating: '0.00', totalRatings: 0 }),
        '/api/users/2/items': () => [],
        '/api/users/2/reviews': () => [],
      },
    });
    renderApp('/profile/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Okafor' })).toBeTruthy();
    expect(screen.getByText('New member')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Rated 0\.0/ })).toBeNull();
    expect(screen.getByText('Reliable: 5 of 6 handovers')).toBeTruthy();
  });
});
