import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { writeCompressed } from './vite-precompress.js';
import { chunkFiles, deferredPreloads, type BuildManifest } from '../common/deferred-preloads.js';

/**
 * The visitor pages whose content needs no data: the landing page, sign-in and the info pages.
 * Sign-in's forms keep their submit buttons disabled until the script takes over (use-hydrated).
 */
const PAGES = [
  { path: '/', title: 'LittleLoop' },
  { path: '/auth', title: 'Sign in · LittleLoop' },
  { path: '/help-center', title: 'Help Center · LittleLoop' },
  { path: '/safety-guide', title: 'Safety Guide · LittleLoop' },
  { path: '/legal', title: 'Privacy Policy · LittleLoop' },
  { path: '/who-we-are', title: 'Our Story · LittleLoop' },
  { path: '/support', title: 'Support · LittleLoop' },
];

/** Where the server looks for the rendered pages, inside the client build. */
export const PRERENDERED_DIR = 'prerendered';

/**
 * Beside the client build (never served): the server build of client/prerender.tsx, with which
 * the server renders a signed-in parent's item page per request (server/plugins/static-client.ts).
 */
export const RENDER_DIR = 'render';

type RenderModule = { renderVisitorPage: (path: string) => Promise<string> };

/** `/` → `index.html`, `/help-center` → `help-center.html` (server/plugins/static-client.ts). */
export function prerenderedFileName(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/** The source file of the lazy screen a path shows, as the client's router imports it. */
function routeSource(path: string): string | undefined {
  if (path === '/') return undefined; // the landing page is in the entry chunk
  return `routes/${path.slice(1)}.tsx`;
}

/**
 * After the client build, renders each page of PAGES with react-dom's `prerender` (through a
 * server build of client/prerender.tsx) into a copy of index.html, so a visitor sees the text
 * and hero before any script runs; the client then hydrates it (client/main.tsx). The server
 * sends these only to requests without a signed-in session (server/plugins/static-client.ts).
 * No inline script is added beyond index.html's own one, which the CSP allows by its hash. The server build stays
 * in RENDER_DIR, where the server finds it to render signed-in item pages per request.
 */
export function prerenderVisitorPages(): Plugin {
  let clientOutDir = '';
  let clientRoot = '';
  return {
    name: 'littleloop-prerender',
    apply: 'build',
    configResolved(config) {
      clientRoot = config.root;
      clientOutDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Beside dist/client, so its bare imports (react, react-router) resolve from node_modules.
      const serverOutDir = resolve(clientOutDir, '..', RENDER_DIR);
      await build({
        configFile: false,
        root: clientRoot,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react()],
        build: { ssr: 'prerender.tsx', outDir: serverOutDir, emptyOutDir: true, minify: false },
      });
      const { renderVisitorPage } = (await import(
        pathToFileURL(join(serverOutDir, 'prerender.js')).href
      )) as RenderModule;
      const manifest = JSON.parse(
        await readFile(join(clientOutDir, '.vite', 'manifest.json'), 'utf8'),
      ) as BuildManifest;
      const template = await readFile(join(clientOutDir, 'index.html'), 'utf8');
      await mkdir(join(clientOutDir, PRERENDERED_DIR), { recursive: true });
      for (const page of PAGES) {
        const body = await renderVisitorPage(page.path);
        const source = routeSource(page.path);
        const preloads = deferredPreloads(
          chunkFiles(manifest, source ? [source] : []).filter((file) => !template.includes(file)),
        );
        const html = template
          .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
          .replace('</head>', `${preloads}</head>`)
          .replace('<div id="root"></div>', `<div id="root" data-prerendered>${body}</div>`);
        if (!html.includes('data-prerendered')) throw new Error('index.html has no empty #root to fill');
        const file = join(clientOutDir, PRERENDERED_DIR, prerenderedFileName(page.path));
        await writeFile(file, html);
        await writeCompressed(file);
      }
    },
  };
}
