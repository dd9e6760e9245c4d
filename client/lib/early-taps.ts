declare global {
  interface Window {
    /** Taps held before the app took the page over (common/early-taps.ts). */
    __littleloopEarlyTaps?: Element[];
  }
}

/** How long a held tap waits for its control to come to life before it is let go. */
const GIVE_UP_AFTER_MS = 10_000;

/**
 * Replays the taps a parent made on a server-rendered page before the app took it over, in the
 * order they were made, on the same elements (hydration keeps them). The screen under the
 * layout may still be hydrating when the app is marked ready, and React drops an event on a
 * control it has not hydrated yet, so each tap waits, frame by frame, until its control has
 * React's props. A control the app replaced meanwhile is gone from the page and is skipped.
 */
export function replayEarlyTaps(): void {
  const held = window.__littleloopEarlyTaps?.splice(0) ?? [];
  if (held.length === 0) return;
  const giveUpAt = performance.now() + GIVE_UP_AFTER_MS;
  const replayWhenAlive = () => {
    while (held.length > 0) {
      const target = held[0] as Element;
      if (!target.isConnected || performance.now() > giveUpAt) {
        target.removeAttribute('data-early-tap');
        held.shift();
        continue;
      }
      if (!isHydrated(target)) {
        requestAnimationFrame(replayWhenAlive);
        return;
      }
      held.shift();
      target.removeAttribute('data-early-tap');
      if (target instanceof HTMLFormElement) target.requestSubmit();
      else if (target instanceof HTMLElement) pressAgain(target);
    }
  };
  replayWhenAlive();
}

/**
 * Whether React has taken this element over: it then carries React's props under a
 * `__reactProps$…` key (a private name, stable since React 17; e2e/early-taps.spec.ts fails if
 * it changes).
 */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/**
 * A whole press, not just a click: some controls act on pointer or mouse down (tabs, menus,
 * selects), others on click.
 */
function pressAgain(target: HTMLElement): void {
  const mouse = { bubbles: true, cancelable: true, composed: true, button: 0 };
  const pointer = { ...mouse, pointerType: 'mouse', isPrimary: true };
  target.dispatchEvent(new PointerEvent('pointerdown', pointer));
  target.dispatchEvent(new MouseEvent('mousedown', mouse));
  target.dispatchEvent(new PointerEvent('pointerup', pointer));
  target.dispatchEvent(new MouseEvent('mouseup', mouse));
  target.click();
}
