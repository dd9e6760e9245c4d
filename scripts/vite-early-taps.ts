import type { Plugin } from 'vite';
import { EARLY_TAPS_SCRIPT } from '../common/early-taps.js';

/**
 * Inlines the early-taps script (common/early-taps.ts) at the top of the page's head, before
 * anything that could be tapped is parsed. It is the page's only inline script; the server's
 * Content-Security-Policy allows it by its hash and nothing else inline.
 */
export function inlineEarlyTaps(): Plugin {
  return {
    name: 'littleloop-early-taps',
    transformIndexHtml: () => [{ tag: 'script', children: EARLY_TAPS_SCRIPT, injectTo: 'head-prepend' }],
  };
}
