// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../../common/early-taps.js';
import { replayEarlyTaps } from './early-taps.js';

// The inline script of every page and the app's replay of what it held, together in one
// document: this file is a unit test so its listeners stay in its own isolated module graph.

declare global {
  // How React is told that it runs under act().
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const held = () => window.__littleloopEarlyTaps ?? [];

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  new Function(EARLY_TAPS_SCRIPT)();
});
afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.ready;
});

function counter() {
  const taps = { count: 0 };
  const button = (label: string) =>
    createElement('button', { type: 'button', onClick: () => (taps.count += 1) }, label);
  return { taps, button };
}

describe('taps before the app has marked the page ready', () => {
  it('holds a tap on a button the app has not taken over, and plays it once it has', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<button type="button">Send Message</button>';
    document.body.append(container);
    const rendered = container.querySelector('button') as HTMLButtonElement;

    rendered.click();
    expect(held()).toEqual([rendered]);
    expect(rendered.hasAttribute('data-early-tap')).toBe(true);

    const { taps, button } = counter();
    await act(async () => {
      hydrateRoot(container, button('Send Message'));
    });
    expect(taps.count).toBe(0);
    document.documentElement.dataset.ready = '';
    await act(async () => {
      replayEarlyTaps();
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(taps.count).toBe(1);
    expect(rendered.hasAttribute('data-early-tap')).toBe(false);
  });

  it('leaves a tap on a button the app already runs to the app alone, so it acts once', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { taps, button } = counter();
    await act(async () => {
      createRoot(container).render(button('Rate Olga'));
    });
    const live = container.querySelector('button') as HTMLButtonElement;

    // The first screen is on the page, the app's mark of readiness not yet (it comes in an effect).
    await act(async () => {
      live.click();
    });
    expect(taps.count).toBe(1);
    expect(held()).toEqual([]);
    expect(live.hasAttribute('data-early-tap')).toBe(false);

    document.documentElement.dataset.ready = '';
    await act(async () => {
      replayEarlyTaps();
    });
    expect(taps.count).toBe(1);
  });
});
