import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, Toaster } from '../../../components/ui/toast.js';
import { ShareItemButton } from './share-item-button.js';

const item = { id: 42, title: 'Wooden train set' };
const itemUrl = `${window.location.origin}/item/42`;

function renderButton() {
  render(
    <>
      <ShareItemButton item={item} />
      <Toaster />
    </>,
  );
}

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ShareItemButton', () => {
  it("opens the device's share sheet with the item's title and link", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true });
    renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Wooden train set',
      text: 'Wooden train set on LittleLoop',
      url: itemUrl,
    });
  });

  it('copies the link where there is no share sheet, and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(itemUrl);
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it('says nothing when the parent closes the share sheet', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledOnce();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied')).toBeNull();
  });
});
