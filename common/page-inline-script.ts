import { EARLY_TAPS_SCRIPT } from './early-taps.js';
import { START_AFTER_PAINT_SCRIPT } from './start-after-paint.js';

/**
 * The one inline script a page runs, at the top of its head: it holds early taps and starts the
 * app's scripts after the first paint. The Content-Security-Policy allows it by its SHA-256
 * (server/plugins/security.ts) and no other inline script.
 */
export const PAGE_INLINE_SCRIPT = `${EARLY_TAPS_SCRIPT}\n${START_AFTER_PAINT_SCRIPT}`;
