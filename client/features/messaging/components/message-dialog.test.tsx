import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ConversationDetail } from '../../../../common/schemas/conversations.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { stubApi } from '../../../test/render-app.js';
import { MessageDialog } from './message-dialog.js';

const person = (id: number, firstName: string, lastName: string, isPremium = false) => ({
  id,
  firstName,
  lastName,
  profileImageUrl: null,
  isPremium,
  isVerified: false,
});

const detail: ConversationDetail = {
  id: 4,
  itemId: 40,
  buyerId: 1,
  sellerId: 2,
  lastMessageAt: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  buyer: person(1, 'Maya', 'Rivera', true),
  seller: person(2, 'Sam', 'Okafor'),
  item: { id: 40, title: 'Wooden train set', exchangeType: 'swap', price: null, imageUrl: null },
  isBlocked: false,
  messages: [
    {
      id: 400,
      conversationId: 4,
      senderId: 2,
      content: 'Still looking for a swap?',
      createdAt: '2025-03-01T10:00:00.000Z',
      readAt: null,
      sender: { firstName: 'Sam', lastName: 'Okafor' },
    },
  ],
};

describe('message dialog (PRODUCT §2), as screens other than /messages open it', () => {
  it('shows the conversation in a dialog named after the other parent, and closes on leaving by a link', async () => {
    const user = userEvent.setup();
    stubApi({ get: { '/api/conversations/4': () => detail } });
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <MessageDialog target={{ conversationId: 4 }} viewerId={1} onClose={onClose} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sam Okafor' });
    expect(within(dialog).getByRole('log', { name: 'Messages' }).textContent).toContain(
      'Still looking for a swap?',
    );
    expect(within(dialog).getByText('SWAP')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeTruthy();
    // No Back inside the dialog: it closes instead.
    expect(within(dialog).queryByRole('link', { name: /Back/ })).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: 'Wooden train set' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
