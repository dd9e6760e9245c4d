import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { formatUnreadCount, NotificationBell, type UnreadConversation } from './notification-bell.js';

const conversation = (id: number, unreadCount = 1): UnreadConversation => ({
  id,
  name: `Parent ${id}`,
  itemTitle: `Item ${id}`,
  preview: `Message ${id}`,
  unreadCount,
  href: '/messages',
});

describe('notification bell (PRODUCT §2, §9)', () => {
  it('caps the badge at 9+', () => {
    expect(formatUnreadCount(9)).toBe('9');
    expect(formatUnreadCount(10)).toBe('9+');
    render(
      <MemoryRouter>
        <NotificationBell count={12} conversations={[]} messagesHref="/messages" />
      </MemoryRouter>,
    );
    const bell = screen.getByRole('button', { name: 'Notifications, 9+ unread' });
    expect(within(bell).getByText('9+')).toBeTruthy();
  });

  it('says it is busy, not that nothing is unread, while the count is being read', () => {
    const { rerender } = render(
      <MemoryRouter>
        <NotificationBell count={0} counting conversations={[]} messagesHref="/messages" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Notifications' }).getAttribute('aria-busy')).toBe('true');
    rerender(
      <MemoryRouter>
        <NotificationBell count={2} conversations={[]} messagesHref="/messages" />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('button', { name: 'Notifications, 2 unread' }).getAttribute('aria-busy'),
    ).toBeNull();
  });

  it("says 'All caught up! No unread messages' when nothing is unread, without a badge", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <NotificationBell count={0} conversations={[]} onClearAll={vi.fn()} messagesHref="/messages" />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const popover = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(popover).getByText('All caught up! No unread messages')).toBeTruthy();
    expect(within(popover).queryByRole('button', { name: 'Clear All' })).toBeNull();
    expect(within(popover).getByRole('link', { name: 'View all messages' }).getAttribute('href')).toBe(
      '/messages',
    );
  });

  it('lists at most 5 unread conversations, then the alert notices, and clears all', async () => {
    const user = userEvent.setup();
    const onClearAll = vi.fn();
    const onOpen = vi.fn();
    render(
      <MemoryRouter>
        <NotificationBell
          count={8}
          conversations={[
            { ...conversation(1, 2), onOpen },
            ...[2, 3, 4, 5, 6].map((id) => conversation(id)),
          ]}
          alerts={[{ id: 9, title: 'New match: Rain boots', href: '/item/4' }]}
          alertsHref="/alerts"
          onClearAll={onClearAll}
          messagesHref="/messages"
        />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Notifications, 8 unread' }));
    const popover = await screen.findByRole('dialog', { name: 'Notifications' });
    const conversations = within(popover).getByRole('region', { name: 'Unread conversations' });
    expect(within(conversations).getAllByRole('listitem')).toHaveLength(5);
    expect(within(conversations).queryByText('Parent 6')).toBeNull();
    const alerts = within(popover).getByRole('region', { name: 'Alerts' });
    expect(
      within(alerts)
        .getByRole('link', { name: /New match: Rain boots/ })
        .getAttribute('href'),
    ).toBe('/item/4');

    await user.click(within(popover).getByRole('button', { name: 'Clear All' }));
    expect(onClearAll).toHaveBeenCalledOnce();
    await user.click(within(conversations).getByRole('button', { name: /Parent 1/ }));
    expect(onOpen).toHaveBeenCalledOnce();
  });
});
