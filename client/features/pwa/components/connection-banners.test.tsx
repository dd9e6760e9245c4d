import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate } from '../app-update.js';
import { ConnectionBanners } from './connection-banners.js';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ConnectionBanners', () => {
  it('says so while the device is offline, and goes when it is back', () => {
    render(<ConnectionBanners />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => goOffline(true));
    expect(screen.getByRole('status').textContent).toBe(
      "You're offline. You're seeing what you last opened on this device.",
    );
    act(() => goOffline(false));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a new version once it is ready, and reloads into it only when asked', async () => {
    const reloadIntoNewVersion = vi.fn();
    render(<ConnectionBanners />);
    expect(screen.queryByText('A new version is ready.')).toBeNull();
    act(() => announceUpdate(reloadIntoNewVersion));
    expect(screen.getByText('A new version is ready.')).toBeTruthy();
    expect(reloadIntoNewVersion).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadIntoNewVersion).toHaveBeenCalledOnce();
  });
});
