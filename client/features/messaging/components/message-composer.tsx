import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { LIMITS } from '../../../../common/limits.js';
import { Button } from '../../../components/ui/button.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { Textarea } from '../../../components/ui/textarea.js';

type MessageComposerProps = {
  /** Sends the trimmed text; resolve to clear the field, reject to keep it for another try. */
  onSend: (content: string) => Promise<unknown>;
  pending?: boolean;
  /** Nothing can be sent (a blocked conversation, or one still being created). */
  disabled?: boolean;
  placeholder?: string;
};

/**
 * The message input (PRODUCT §2, §5): Enter sends, Shift+Enter starts a new line, and Send stays
 * disabled while the trimmed text is empty.
 */
export function MessageComposer({
  onSend,
  pending = false,
  disabled = false,
  placeholder = 'Type your message…',
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const canSend = !disabled && !pending && text.trim().length > 0;

  const send = () => {
    if (!canSend) return;
    onSend(text.trim()).then(
      () => setText(''),
      () => undefined,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a character uses Enter to confirm it, not to send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2">
      <label htmlFor={inputId} className="sr-only">
        Message
      </label>
      <Textarea
        id={inputId}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        maxLength={LIMITS.messageContent}
        disabled={disabled}
        aria-describedby={`${inputId}-hint`}
        className="max-h-40 min-h-12 flex-1 resize-none"
      />
      <span id={`${inputId}-hint`} className="sr-only">
        Enter sends, Shift+Enter starts a new line.
      </span>
      <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend} className="size-12">
        {pending ? <ButtonSpinner /> : <SendHorizontal aria-hidden="true" />}
      </Button>
    </form>
  );
}
