import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ConversationSummary } from '../../../../common/schemas/conversations.js';
import { ConversationCard } from './conversation-card.js';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

function makeSummary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 7,
    itemId: 5,
    buyerId: 1,
    sellerId: 2,
    lastMessageAt: minutesAgo(30),
    createdAt: minutesAgo(600),
    otherUser: {
      id: 2,
      firstName: 'Sam',
      lastName: 'Okafor',
      profileImageUrl: null,
      isPremium: true,
      isVerified: true,
    },
    item: { id: 5, title: 'Wooden train set', exchangeType: 'sell', price: '12.50', imageUrl: null },
    lastMessage: { id: 40, content: 'Still available?', senderId: 2, createdAt: minutesAgo(30) },
    messages: [
      {
        id: 40,
        conversationId: 7,
        senderId: 2,
        content: 'Still available?',
        createdAt: minutesAgo(30),
        readAt: null,
        sender: { firstName: 'Sam', lastName: 'Okafor' },
      },
    ],
    hasOlderMessages: true,
    messageCount: 3,
    unreadCount: 2,
    ...overrides,
  };
}

const renderCard = (
  summary: ConversationSummary,
  handlers = { onOpen: vi.fn(), onDelete: vi.fn() },
  selected = false,
) =>
  render(
    <MemoryRouter>
      <ConversationCard
        conversation={summary}
        viewerId={1}
        now={NOW}
        to={`/messages?conversation=${summary.id}`}
        selected={selected}
        {...handlers}
      />
    </MemoryRouter>,
  );

describe('conversation card (PRODUCT §2, §9)', () => {
  it.each([
    [30, '30m ago'],
    [3 * 60, '3h ago'],
    [30 * 60, 'Yesterday'],
    [5 * 24 * 60, 'Mar 5, 2025'],
  ])('shows a message from %i minutes ago as %s', (minutes, text) => {
    const when = minutesAgo(minutes);
    renderCard(
      makeSummary({
        lastMessageAt: when,
        lastMessage: { id: 40, content: 'Still available?', senderId: 2, createdAt: when },
      }),
    );
    const time = screen.getByText(text);
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe(when);
  });

  it('shows the name with crown and tick, the unread count, the item with its price badge and the preview', () => {
    renderCard(makeSummary());
    const card = screen.getByRole('article', { name: 'Sam Okafor' });
    expect(within(card).getByText('Premium member')).toBeTruthy();
    expect(within(card).getByText('Verified')).toBeTruthy();
    expect(within(card).getByText('2').textContent).toBe('2 unread');
    expect(within(card).getByText('Wooden train set')).toBeTruthy();
    expect(within(card).getByText('$13')).toBeTruthy();
    expect(within(card).getByText('Still available?')).toBeTruthy();
  });

  it("prefixes one's own last message with 'You: ' and opens from its link or deletes from its button", async () => {
    const user = userEvent.setup();
    const handlers = { onOpen: vi.fn(), onDelete: vi.fn() };
    renderCard(
      makeSummary({
        unreadCount: 0,
        lastMessage: { id: 41, content: 'See you at 5', senderId: 1, createdAt: minutesAgo(5) },
      }),
      handlers,
    );
    expect(screen.getByText('You: See you at 5')).toBeTruthy();
    expect(screen.queryByText(/unread/)).toBeNull();
    const open = screen.getByRole('link', { name: 'Sam Okafor' });
    expect(open.getAttribute('href')).toBe('/messages?conversation=7');
    expect(open.getAttribute('aria-current')).toBeNull();
    await user.click(open);
    await user.click(screen.getByRole('button', { name: 'Delete conversation with Sam Okafor' }));
    expect(handlers.onOpen).toHaveBeenCalledOnce();
    expect(handlers.onDelete).toHaveBeenCalledOnce();
  });

  it('marks the conversation open beside the list with aria-current', () => {
    renderCard(makeSummary(), { onOpen: vi.fn(), onDelete: vi.fn() }, true);
    expect(screen.getByRole('link', { name: 'Sam Okafor' }).getAttribute('aria-current')).toBe('page');
  });
});
