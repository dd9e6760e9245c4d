import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Dialog, DialogContent } from './dialog.js';
import { DialogLoadError } from './page-load-error.js';

function inDialog(error: React.ReactNode) {
  render(
    <Dialog open>
      <DialogContent>{error}</DialogContent>
    </Dialog>,
  );
}

describe('DialogLoadError', () => {
  it('says what failed and why, and tries again when asked', async () => {
    const retry = vi.fn();
    inDialog(
      <DialogLoadError title="We couldn't load this profile" message="Network error" onRetry={retry} />,
    );
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('dialog', { name: "We couldn't load this profile" })).toBeTruthy();
    expect(alert.textContent).toContain('Network error');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry for what is gone, and a fallback reason when there is none', () => {
    inDialog(<DialogLoadError title="Conversation not found" message="" />);
    expect(screen.getByRole('dialog', { name: 'Conversation not found' })).toBeTruthy();
    expect(screen.getByText('Please try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
