import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { makeItem } from '../../../test/fixtures.js';
import { ItemCard } from './item-card.js';
import { ItemGrid } from './item-grid.js';

const inRouter = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('item card (PRODUCT §2)', () => {
  it("shows 'New member' instead of a 0.0 rating for an owner nobody has reviewed, and 'Promised'", () => {
    const item = makeItem({ promised: true, user: { ...makeItem().user, rating: '0.00', totalRatings: 0 } });
    inRouter(<ItemCard item={item} />);
    const card = screen.getByRole('article', { name: 'Wooden train set' });
    expect(within(card).getByText('New member')).toBeTruthy();
    expect(within(card).queryByText(/0\.0/)).toBeNull();
    expect(within(card).getByText('Promised')).toBeTruthy();
  });

  it("has no 'Promised' badge on an item nobody was promised", () => {
    inRouter(<ItemCard item={makeItem()} />);
    expect(screen.queryByText('Promised')).toBeNull();
  });

  it('shows the photo, title, FREE badge, owner as first name and last initial, city and rating', () => {
    inRouter(<ItemCard item={makeItem()} />);
    const card = screen.getByRole('article', { name: 'Wooden train set' });
    expect(within(card).getByText('FREE')).toBeTruthy();
    expect(within(card).getByText('Maya R.')).toBeTruthy();
    expect(within(card).queryByText('Maya Rivera')).toBeNull();
    expect(within(card).getByText('Portland')).toBeTruthy();
    expect(within(card).getByText(/4\.3/).textContent).toBe('Rating 4.3 (3), 3 reviews');
    const photo = card.querySelector('img');
    // The 4:3 card rendition, sized and lazy (docs/DESIGN.md: no layout shift).
    expect(photo?.getAttribute('src')).toBe('/uploads/train-card.webp');
    // A phone's half-width column takes the 300 px card; wider columns or screens the 600.
    expect(photo?.getAttribute('srcset')).toBe(
      '/uploads/train-card-300.webp 300w, /uploads/train-card.webp 600w',
    );
    expect(photo?.getAttribute('sizes')).toBe(
      '(min-width: 1152px) 264px, (min-width: 1024px) calc(25vw - 24px), (min-width: 768px) calc(33.3vw - 26px), (min-width: 640px) calc(50vw - 32px), calc(50vw - 22px)',
    );
    expect(photo?.getAttribute('width')).toBe('600');
    expect(photo?.getAttribute('height')).toBe('450');
    expect(photo?.getAttribute('loading')).toBe('lazy');
  });

  it('labels swaps SWAP and sales in whole dollars', () => {
    inRouter(
      <>
        <ItemCard item={makeItem({ id: 1, title: 'Swap me', exchangeType: 'swap' })} />
        <ItemCard item={makeItem({ id: 2, title: 'Buy me', exchangeType: 'sell', price: '12.50' })} />
      </>,
    );
    expect(within(screen.getByRole('article', { name: 'Swap me' })).getByText('SWAP')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Buy me' })).getByText('$13')).toBeTruthy();
  });

  it('cuts the city to 10 characters and shows No Image without photos', () => {
    inRouter(<ItemCard item={makeItem({ city: 'Springfield Gardens', imageUrls: [] })} />);
    expect(screen.getByText('Springfiel…')).toBeTruthy();
    expect(screen.getByText('No Image')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('opens the item through its title link, which covers the card', () => {
    inRouter(<ItemCard item={makeItem({ id: 42 })} />);
    expect(screen.getByRole('link', { name: 'Wooden train set' }).getAttribute('href')).toBe('/item/42');
  });

  it('shows the heart, Message and the avatar button only when they are wired', async () => {
    const user = userEvent.setup();
    const onFavoriteToggle = vi.fn();
    const onMessage = vi.fn();
    const onOwnerClick = vi.fn();
    const { rerender } = inRouter(<ItemCard item={makeItem()} />);
    expect(screen.queryByRole('button')).toBeNull();

    rerender(
      <MemoryRouter>
        <ItemCard
          item={makeItem()}
          onFavoriteToggle={onFavoriteToggle}
          isFavorited
          onMessage={onMessage}
          onOwnerClick={onOwnerClick}
        />
      </MemoryRouter>,
    );
    const heart = screen.getByRole('button', { name: 'Favorite' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await user.click(heart);
    await user.click(screen.getByRole('button', { name: 'Message about Wooden train set' }));
    await user.click(screen.getByRole('button', { name: "View Maya R.'s profile" }));
    expect(onFavoriteToggle).toHaveBeenCalledOnce();
    expect(onMessage).toHaveBeenCalledOnce();
    expect(onOwnerClick).toHaveBeenCalledWith(expect.objectContaining({ id: 1, firstName: 'Maya' }));
  });

  it('glows gold for premium owners', () => {
    inRouter(<ItemCard item={makeItem({ user: { ...makeItem().user, isPremium: true } })} />);
    expect(screen.getByRole('article').className).toContain('shadow-premium');
    expect(screen.getByText('Premium member')).toBeTruthy();
  });
});

describe('item grid', () => {
  it('shows the given number of skeletons while loading', () => {
    inRouter(<ItemGrid items={undefined} isPending skeletonCount={8} empty={null} label="Recent items" />);
    const loading = screen.getByRole('status', { name: 'Loading recent items' });
    expect(loading.children).toHaveLength(8);
  });

  it('shows the empty slot, the error with a retry, and the cards', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = inRouter(
      <ItemGrid items={[]} isPending={false} skeletonCount={8} empty={<p>No items found</p>} label="Items" />,
    );
    expect(screen.getByText('No items found')).toBeTruthy();

    rerender(
      <MemoryRouter>
        <ItemGrid
          items={undefined}
          isPending={false}
          error={new Error('Server is napping')}
          onRetry={onRetry}
          skeletonCount={8}
          empty={null}
          label="Items"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Server is napping');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();

    rerender(
      <MemoryRouter>
        <ItemGrid
          items={[makeItem({ id: 1, title: 'One' }), makeItem({ id: 2, title: 'Two' })]}
          isPending={false}
          skeletonCount={8}
          empty={null}
          label="Items"
        />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('list', { name: 'Items' })).getAllByRole('article')).toHaveLength(2);
  });
});
