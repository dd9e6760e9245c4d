import type { Plugin } from 'vite';
import { deferredPreloads } from '../common/deferred-preloads.js';
import { PAGE_INLINE_SCRIPT } from '../common/page-inline-script.js';

const CHARSET = /<meta charset="[^"]+" ?\/?>/i;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Inlines the page's one inline script (common/page-inline-script.ts) at the top of its head,
 * before anything that could be tapped is parsed. In the build, the entry script and its
 * preloads become tags that script reads, so the scripts are asked for after the first paint
 * instead of beside it.
 */
export function inlinePageScript(): Plugin {
  return {
    name: 'littleloop-page-inline-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // Right after the charset, which must stay within the page's first 1,024 bytes.
        const withScript = html.replace(
          CHARSET,
          (charset) => `${charset}<script>${PAGE_INLINE_SCRIPT}</script>`,
        );
        if (withScript === html)
          throw new Error('index.html has no <meta charset> to put the inline script after');
        if (context.server) return withScript;
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('index.html has no module entry script to start after paint');
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
        return withScript
          .replace(ENTRY_SCRIPT, '')
          .replace(MODULE_PRELOAD, '')
          .replace(
            '</head>',
            `<meta name="app-entry" content="${entry}">${deferredPreloads(preloads)}</head>`,
          );
      },
    },
  };
}
