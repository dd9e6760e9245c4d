// `npx tsx scripts/make-app-icons.ts`: renders the home-screen icons in client/public/icons from
// the favicon's two loops. Run it again when the mark changes; the PNGs are committed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ICONS_DIR = fileURLToPath(new URL('../client/public/icons', import.meta.url));
const BRAND = '#1e7b72';

/** The two loops on the brand colour; `safeZone` shrinks them into a maskable icon's safe circle. */
function markSvg({ rounded, safeZone }: { rounded: boolean; safeZone: boolean }): string {
  const scale = safeZone ? 0.7 : 1;
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
    <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BRAND}"/>
    <g transform="translate(${offset} ${offset}) scale(${scale})">
      <circle cx="25" cy="32" r="11" fill="none" stroke="#ffffff" stroke-width="6"/>
      <circle cx="39" cy="32" r="11" fill="none" stroke="#fc8364" stroke-width="6"/>
    </g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, safeZone: false },
  { file: 'icon-512.png', size: 512, rounded: true, safeZone: false },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, safeZone: true },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, safeZone: false },
];

mkdirSync(ICONS_DIR, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(markSvg(icon)), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(join(ICONS_DIR, icon.file));
}
console.warn(`Wrote ${ICONS.length} icons to client/public/icons`);
