import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ConversationDetail, ConversationSummary } from '../../common/schemas/conversations.js';
import { makeCurrentUser, makeItem } from '../test/fixtures.js';
import { renderApp, stubApi } from '../test/render-app.js';

const maya = makeCurrentUser({ isPremium: true });
const person = (id: number, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  profileImageUrl: null,
  isPremium: false,
  isVerified: false,
});
const sam = person(2, 'Sam', 'Okafor');
const lena = person(3, 'Lena', 'Park');

function summary(
  id: number,
  other: typeof sam,
  itemTitle: string,
  content: string,
  unread = 0,
): ConversationSummary {
  const at = new Date(Date.now() - 5 * 60_000).toISOString();
  return {
    id,
    itemId: id * 10,
    buyerId: 1,
    sellerId: other.id,
    lastMessageAt: at,
    createdAt: at,
    otherUser: other,
    item: { id: id * 10, title: itemTitle, exchangeType: 'free', price: null, imageUrl: null },
    lastMessage: { id: id * 100, content, senderId: other.id, createdAt: at },
    messages: [
      {
        id: id * 100,
        conversationId: id,
        senderId: other.id,
        content,
        createdAt: at,
        readAt: null,
        sender: { firstName: other.firstName, lastName: other.lastName },
      },
    ],
    hasOlderMessages: false,
    messageCount: 1,
    unreadCount: unread,
  };
}

/** EventSource stand-in: the test emits the server's events by hand. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  private listeners = new Map<string, Set<(event: { data: string }) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

function liveStream(): FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return new Proxy({} as FakeEventSource, {
    get: (_target, key) => {
      const source = FakeEventSource.instances.at(-1);
      if (!source) throw new Error('No event stream was opened');
      const value = source[key as keyof FakeEventSource];
      return typeof value === 'function' ? value.bind(source) : value;
    },
  });
}

function detailOf(id: number, other: typeof sam, itemTitle: string, content: string): ConversationDetail {
  return {
    id,
    itemId: id * 10,
    buyerId: 1,
    sellerId: other.id,
    lastMessageAt: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    buyer: { ...person(1, 'Maya', 'Rivera'), isPremium: true },
    seller: other,
    item: { id: id * 10, title: itemTitle, exchangeType: 'free', price: null, imageUrl: null },
    isBlocked: false,
    messages: [
      {
        id: id * 100,
        conversationId: id,
        senderId: other.id,
        content,
        createdAt: '2025-03-01T10:00:00.000Z',
        readAt: null,
        sender: { firstName: other.firstName, lastName: other.lastName },
      },
    ],
  };
}

/** Two conversations, each with its thread, and the calls the inbox makes. */
function stubInbox() {
  liveStream();
  return stubApi({
    get: {
      '/api/user': () => maya,
      '/api/conversations': () => [
        summary(1, sam, 'Wooden train set', 'Is it still there?', 1),
        summary(2, lena, 'Rain boots', 'Pickup tomorrow?'),
      ],
      '/api/conversations/unread-count': () => ({ count: 1 }),
      '/api/conversations/1': () => detailOf(1, sam, 'Wooden train set', 'Is it still there?'),
      '/api/conversations/2': () => detailOf(2, lena, 'Rain boots', 'Pickup tomorrow?'),
      '/api/items/20': () => makeItem({ id: 20, title: 'Rain boots' }),
    },
    delete: { '/api/conversations/2': () => undefined },
  });
}

const threadPane = () => screen.findByRole('region', { name: 'Conversation thread' });
const banner = () => screen.getByRole('region', { name: 'Item filter' });

describe('messages page (PRODUCT §2)', () => {
  it('searches by name, item and message, and filters by ?item with Show All Messages', async () => {
    const user = userEvent.setup();
    liveStream();
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/conversations': () => [
          summary(1, sam, 'Wooden train set', 'Is it still there?'),
          summary(2, lena, 'Rain boots', 'Pickup tomorrow?'),
        ],
        '/api/conversations/unread-count': () => ({ count: 0 }),
        '/api/items/20': () => makeItem({ id: 20, title: 'Rain boots' }),
      },
    });
    const { router } = renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('2 conversations')).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Search conversations' });
    await user.type(search, 'okafor');
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-labelledby')),
    ).toHaveLength(1);
    expect(within(list).getByRole('article', { name: 'Sam Okafor' })).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'pickup');
    expect(within(list).getByRole('article', { name: 'Lena Park' })).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(
      await screen.findByRole('heading', { name: 'No conversations match “nothing like this”' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));

    await act(() => router.navigate('/messages?item=20'));
    const banner = await screen.findByRole('region', { name: 'Item filter' });
    expect(await within(banner).findByRole('link', { name: 'Rain boots' })).toBeTruthy();
    const filtered = screen.getByRole('list', { name: 'Conversations' });
    expect(within(filtered).getAllByRole('article')).toHaveLength(1);
    // The count matches what shows.
    expect(screen.getByText('1 of 2 conversations')).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: 'Show All Messages' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Item filter' })).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('article')).toHaveLength(
      2,
    );
  });

  it('offers Browse Items when there are no conversations', async () => {
    liveStream();
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/conversations': () => [],
        '/api/conversations/unread-count': () => ({ count: 0 }),
      },
    });
    renderApp('/messages');
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Browse Items' }).getAttribute('href')).toBe('/browse');
  });

  it('updates the bell and the list from live events, and opens a thread with its read receipt and composer', async () => {
    const user = userEvent.setup();
    const stream = liveStream();
    let conversations = [summary(1, sam, 'Wooden train set', 'Is it still there?')];
    const detail: ConversationDetail = {
      id: 1,
      itemId: 10,
      buyerId: 1,
      sellerId: 2,
      lastMessageAt: null,
      createdAt: '2025-03-01T10:00:00.000Z',
      buyer: { ...person(1, 'Maya', 'Rivera'), isPremium: true },
      seller: sam,
      item: { id: 10, title: 'Wooden train set', exchangeType: 'free', price: null, imageUrl: null },
      isBlocked: false,
      messages: [
        {
          id: 100,
          conversationId: 1,
          senderId: 1,
          content: 'Hello! Is it still there?',
          createdAt: '2025-03-01T10:00:00.000Z',
          readAt: '2025-03-01T10:05:00.000Z',
          sender: { firstName: 'Maya', lastName: 'Rivera' },
        },
      ],
    };
    const calls = stubApi({
      get: {
        '/api/user': () => maya,
        '/api/conversations': () => conversations,
        '/api/conversations/unread-count': () => ({ count: 0 }),
        '/api/conversations/1': () => detail,
      },
      post: {
        '/api/conversations/1/messages': (body) => ({
          id: 101,
          conversationId: 1,
          senderId: 1,
          content: (body as { content: string }).content,
          createdAt: new Date().toISOString(),
          readAt: null,
          sender: { firstName: 'Maya', lastName: 'Rivera' },
        }),
      },
    });
    renderApp('/messages');
    await screen.findByRole('article', { name: 'Sam Okafor' });
    expect(stream.url).toBe('/api/events');

    // The server says a message came: the badge and the list follow without a reload.
    conversations = [summary(1, sam, 'Wooden train set', 'Tomorrow at 5?', 12)];
    act(() => stream.emit('unread', { type: 'unread', count: 12 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 9+ unread' })).toBeTruthy();
    act(() => stream.emit('message', { type: 'message', conversationId: 1, messageId: 5, senderId: 2 }));
    expect(await screen.findByText('Tomorrow at 5?')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Sam Okafor' }));
    const pane = await threadPane();
    const thread = await within(pane).findByRole('log', { name: 'Messages' });
    expect(within(thread).getByText('Hello! Is it still there?')).toBeTruthy();
    expect(within(thread).getByText(/^Seen /)).toBeTruthy();
    expect(within(pane).getByRole('link', { name: 'Safety guide' }).getAttribute('href')).toBe(
      '/safety-guide',
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(within(pane).getByRole('textbox', { name: 'Message' }), 'Yes, 5 works!{Enter}');
    expect(calls.post).toHaveBeenCalledWith('/api/conversations/1/messages', { content: 'Yes, 5 works!' });
    expect(await within(thread).findByText('Yes, 5 works!')).toBeTruthy();
  });

  it('asks to choose a conversation while none is open', async () => {
    stubInbox();
    renderApp('/messages');
    await screen.findByRole('list', { name: 'Conversations' });
    const pane = await threadPane();
    expect(within(pane).getByRole('heading', { name: 'Choose a conversation' })).toBeTruthy();
    expect(within(pane).queryByRole('textbox', { name: 'Message' })).toBeNull();
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).queryAllByRole('link', { current: 'page' })).toHaveLength(0);
  });

  it('opens a picked conversation beside the list, in the address, with focus on its heading', async () => {
    const user = userEvent.setup();
    const calls = stubInbox();
    const { router } = renderApp('/messages?item=20');
    const list = await screen.findByRole('list', { name: 'Conversations' });

    await user.click(within(list).getByRole('link', { name: 'Lena Park' }));
    // The item filter stays; the conversation joins it in the address.
    expect(router.state.location.pathname).toBe('/messages');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('conversation')).toBe('2');
    expect(params.get('item')).toBe('20');

    const pane = await threadPane();
    const heading = await within(pane).findByRole('heading', { level: 2, name: 'Lena Park' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(pane).getByRole('log', { name: 'Messages' }).textContent).toContain('Pickup tomorrow?');
    // The item it is about sits at the top of the thread.
    expect(within(pane).getByRole('link', { name: 'Rain boots' }).getAttribute('href')).toBe('/item/20');
    expect(within(pane).getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(calls.get).toHaveBeenCalledWith('/api/conversations/2', expect.anything());
    // The list stays, with the open conversation marked.
    expect(within(list).getByRole('link', { name: 'Lena Park' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(banner()).getByRole('button', { name: 'Show All Messages' }));
    await waitFor(() => expect(router.state.location.search).toBe('?conversation=2'));
    expect(within(await threadPane()).getByRole('heading', { level: 2, name: 'Lena Park' })).toBeTruthy();

    // Switching beside the list replaces the entry: Back goes to the list, not the last thread.
    await user.click(screen.getByRole('link', { name: 'Sam Okafor' }));
    expect(
      await within(await threadPane()).findByRole('heading', { level: 2, name: 'Sam Okafor' }),
    ).toBeTruthy();
    await user.click(within(await threadPane()).getByRole('link', { name: 'Back to conversations' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(await threadPane()).getByRole('heading', { name: 'Choose a conversation' })).toBeTruthy();
    // Focus returns to the conversation's card.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Sam Okafor' })),
    );
  });

  it('opens the conversation a link names (?conversation=), and Back leads to the list', async () => {
    const user = userEvent.setup();
    stubInbox();
    const { router } = renderApp('/messages?conversation=1');
    const pane = await threadPane();
    expect(await within(pane).findByRole('heading', { level: 2, name: 'Sam Okafor' })).toBeTruthy();
    expect(within(pane).getByRole('log', { name: 'Messages' }).textContent).toContain('Is it still there?');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link', { name: 'Sam Okafor' }).getAttribute('aria-current')).toBe('page');
    // Arriving by link does not take focus away from the page.
    expect(document.activeElement?.tagName).not.toBe('H2');

    await user.click(within(pane).getByRole('link', { name: 'Back to conversations' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(await threadPane()).getByRole('heading', { name: 'Choose a conversation' })).toBeTruthy();
  });

  it('says so when the linked conversation no longer exists', async () => {
    liveStream();
    stubApi({
      get: {
        '/api/user': () => maya,
        '/api/conversations': () => [summary(1, sam, 'Wooden train set', 'Is it still there?')],
        '/api/conversations/unread-count': () => ({ count: 0 }),
      },
    });
    renderApp('/messages?conversation=9');
    const pane = await threadPane();
    expect(await within(pane).findByRole('heading', { name: 'Conversation not found' })).toBeTruthy();
    expect(within(pane).getByText('It may have been deleted.')).toBeTruthy();
  });

  it('closes the open conversation when it is deleted', async () => {
    const user = userEvent.setup();
    const calls = stubInbox();
    const { router } = renderApp('/messages?conversation=2');
    await within(await threadPane()).findByRole('heading', { level: 2, name: 'Lena Park' });
    await user.click(await screen.findByRole('button', { name: 'Delete conversation with Lena Park' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(calls.delete).toHaveBeenCalledWith('/api/conversations/2');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The page is hidden from assistive tech until the confirm dialog has closed.
    expect(
      await within(await threadPane()).findByRole('heading', { name: 'Choose a conversation' }),
    ).toBeTruthy();
  });

  it('goes Back through history to the list the conversation was picked from', async () => {
    const user = userEvent.setup();
    stubInbox();
    const { router } = renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await user.click(within(list).getByRole('link', { name: 'Lena Park' }));
    const pane = await threadPane();
    await within(pane).findByRole('heading', { level: 2, name: 'Lena Park' });
    await user.click(within(pane).getByRole('link', { name: 'Back to conversations' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('POP');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole('link', { name: 'Lena Park' })),
    );
  });
});
