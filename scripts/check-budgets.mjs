// `npm run check:budgets`: after `npm run build`, measures the compressed JavaScript and CSS
// the browser downloads on a first visit to each screen and fails when one is over budget
// (docs/PERFORMANCE.md, "What the browser downloads"). A screen downloads the entry chunk, its
// own lazy chunks and everything they import statically (Vite's manifest lists both).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT_DIR = join(ROOT, 'dist', 'client');
const KB = 1000;

/**
 * Budgets for all scripts of a first visit, brotli-compressed: 150 KB for a visitor, 207 KB
 * signed in (200 KB until give-aways, the starting place and the offline banners added 3.6 KB
 * to /browse, and the member layout's shared favourites and message actions 1.6 KB more;
 * docs/PERFORMANCE.md says how to win it back), 300 KB for any screen.
 */
const BUDGET = {
  visitor: 150 * KB,
  signedIn: 207 * KB,
  any: 300 * KB,
  css: 40 * KB,
};

const MEMBER = ['app/app-layout.tsx'];
/**
 * What each first visit renders: the lazy chunks (manifest keys, paths under client/) on top of
 * the entry. Chunks a screen fetches only on a tap (dialogs, maps on the map tab) are not
 * counted here but are screens of their own below.
 */
const SCREENS = [
  { path: '/ (visitor)', chunks: [], budget: BUDGET.visitor },
  { path: '/auth (visitor)', chunks: ['routes/auth.tsx'], budget: BUDGET.visitor },
  { path: '/ (signed in)', chunks: [...MEMBER, 'routes/home.tsx'], budget: BUDGET.signedIn },
  { path: '/browse (signed in)', chunks: [...MEMBER, 'routes/browse.tsx'], budget: BUDGET.signedIn },
  {
    path: '/browse map view',
    chunks: [...MEMBER, 'routes/browse.tsx', 'features/discovery/map/discovery-map.tsx'],
    budget: BUDGET.any,
  },
  {
    path: '/item/:id with its map',
    chunks: [...MEMBER, 'routes/item-detail.tsx', 'features/items/components/location-map.tsx'],
    budget: BUDGET.any,
  },
];

function readManifest() {
  try {
    return JSON.parse(readFileSync(join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    console.error('No build manifest in dist/client/.vite: run `npm run build` first.');
    process.exit(1);
  }
}

const manifest = readManifest();
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const compressedSizes = new Map();

/** Brotli at the quality the build ships (scripts/vite-precompress.ts). */
function compressedSize(file) {
  if (!compressedSizes.has(file)) {
    const source = readFileSync(join(CLIENT_DIR, file));
    const size = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
    compressedSizes.set(file, size);
  }
  return compressedSizes.get(file);
}

/** The chunk and its static imports, transitively: what the browser fetches with it. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`The build has no chunk for ${key}: update SCREENS in this script.`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function measure(keys) {
  const closure = staticClosure([entryKey, ...keys]);
  const scripts = new Set([...closure].map((key) => manifest[key].file));
  const styles = new Set([...closure].flatMap((key) => manifest[key].css ?? []));
  const sum = (files) => [...files].reduce((total, file) => total + compressedSize(file), 0);
  return { js: sum(scripts), css: sum(styles), requests: scripts.size + styles.size };
}

const lazyRoutes = Object.keys(manifest).filter(
  (key) => manifest[key].isDynamicEntry && !SCREENS.some((screen) => screen.chunks.at(-1) === key),
);
const screens = [
  ...SCREENS,
  ...lazyRoutes.map((key) => ({ path: key, chunks: [...MEMBER, key], budget: BUDGET.any })),
];

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const rows = [];
let failures = 0;
for (const screen of screens) {
  const { js, css, requests } = measure(screen.chunks);
  const over = js > screen.budget || css > BUDGET.css;
  if (over) failures += 1;
  rows.push({
    screen: screen.path,
    'JS (br)': kb(js),
    'JS budget': kb(screen.budget),
    'CSS (br)': kb(css),
    files: requests,
    result: over ? 'OVER BUDGET' : 'ok',
  });
}
console.table(rows);
if (failures > 0) {
  console.error(`${failures} screen(s) over budget.`);
  process.exit(1);
}
console.log('Every screen is within its budget.');
