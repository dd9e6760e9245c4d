import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeCurrentUser, makeItem } from '../../../test/fixtures.js';
import { renderApp, stubApi } from '../../../test/render-app.js';

const maya = makeCurrentUser();

describe("the owner's profile cards of listings under review", () => {
  it('shows a listing hidden for review as such, says why and what to do, and offers no status buttons', async () => {
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/users/1/items': () => [
          makeItem({
            id: 8,
            title: 'Drop-side crib',
            review: { hidden: true, decided: false, reason: 'Recalled product' },
          }),
        ],
      },
    });
    renderApp('/profile');
    const card = within(
      (await screen.findByRole('article', { name: 'Drop-side crib' }, { timeout: 10_000 })) as HTMLElement,
    );
    expect(card.getByText('Hidden for review')).toBeTruthy();
    expect(card.queryByText('Available')).toBeNull();
    expect(
      card.getByText(
        'Only you can see this listing until an administrator reviews it (Recalled product), usually within 24 hours. You can edit the wording or delete it meanwhile.',
      ),
    ).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Sold' })).toBeNull();
    expect(card.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('keeps the status and its buttons for an ordinary listing', async () => {
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/users/1/items': () => [makeItem({ id: 9, title: 'Rain boots' })],
      },
    });
    renderApp('/profile');
    const card = within(
      (await screen.findByRole('article', { name: 'Rain boots' }, { timeout: 10_000 })) as HTMLElement,
    );
    expect(card.getByText('Available')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Sold' })).toBeTruthy();
  });
});
