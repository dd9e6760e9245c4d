import { useLayoutEffect, useRef } from 'react';
import { CheckCheck } from 'lucide-react';
import type { Message } from '../../../../common/schemas/conversations.js';
import { cn } from '../../../lib/cn.js';
import { formatMessageTime } from '../message-time.js';

type MessageThreadProps = {
  messages: Message[];
  viewerId: number;
  /** The other person's first name, for screen readers and the empty state. */
  otherName: string;
  /** The inbox's thread pane lets the thread fill its height instead of the dialog's 400 px. */
  className?: string;
};

/** The newest of the viewer's own messages the other person has read (a Premium read receipt). */
export function lastSeenMessage(messages: Message[], viewerId: number): Message | undefined {
  return messages.findLast((message) => message.senderId === viewerId && message.readAt !== null);
}

/**
 * The conversation thread (PRODUCT §2): at most 400 px tall in the dialog, scrolled to the newest
 * message whenever one arrives. 'Seen {time}' sits under the newest own message that was read.
 */
export function MessageThread({ messages, viewerId, otherName, className }: MessageThreadProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;
  const seen = lastSeenMessage(messages, viewerId);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      tabIndex={0}
      className={cn(
        'max-h-[min(400px,45dvh)] min-h-32 overflow-y-auto overscroll-contain rounded-control border border-ink-200 bg-ink-50 p-3',
        className,
      )}
    >
      {messages.length === 0 ? (
        <p className="py-8 text-center text-sm text-ink-600">
          No messages yet. Say hello to {otherName} and ask about the item.
        </p>
      ) : (
        <ol className="grid gap-2">
          {messages.map((message) => {
            const own = message.senderId === viewerId;
            return (
              <li key={message.id} className={cn('flex flex-col', own ? 'items-end' : 'items-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-2xl px-3 py-2 break-words whitespace-pre-wrap',
                    own
                      ? 'rounded-br-md bg-primary-600 text-white'
                      : 'rounded-bl-md bg-white text-ink-900 shadow-sm',
                  )}
                >
                  <span className="sr-only">{own ? 'You' : message.sender.firstName}: </span>
                  {message.content}
                </div>
                <span className="mt-0.5 px-1 text-xs text-ink-600">
                  <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
                </span>
                {seen?.id === message.id && message.readAt ? (
                  <span className="flex items-center gap-1 px-1 text-xs font-semibold text-primary-700">
                    <CheckCheck className="size-3.5" aria-hidden="true" />
                    Seen {formatMessageTime(message.readAt)}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
