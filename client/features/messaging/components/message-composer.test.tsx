import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MessageComposer } from './message-composer.js';

describe('message input (PRODUCT §2, §5)', () => {
  it('sends the trimmed text on Enter and clears the field', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.resolve());
    render(<MessageComposer onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, '  Is it still available?  {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Is it still available?');
    expect((input as HTMLTextAreaElement).value).toBe('');
  });

  it('starts a new line on Shift+Enter instead of sending', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.resolve());
    render(<MessageComposer onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Hello{Shift>}{Enter}{/Shift}Tomorrow works');
    expect(onSend).not.toHaveBeenCalled();
    expect((input as HTMLTextAreaElement).value).toBe('Hello\nTomorrow works');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello\nTomorrow works');
  });

  it('keeps Send disabled while the trimmed text is empty, and Enter does nothing', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.resolve());
    render(<MessageComposer onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send message' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the text when sending fails, so it can be sent again', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.reject(new Error('Error sending message')));
    render(<MessageComposer onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Hi there{Enter}');
    expect(onSend).toHaveBeenCalledOnce();
    expect((input as HTMLTextAreaElement).value).toBe('Hi there');
  });
});
