// Builds the client and the server when the build is missing or older than its sources,
// so `npm start` and the browser tests always run what the tree says.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', '.build-stamp');
const SOURCES = [
  'client',
  'server',
  'common',
  'vite.config.ts',
  'scripts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package-lock.json',
];
const OUTPUTS = [join('dist', 'client', 'index.html'), join('dist', 'server', 'main.js')];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildIfNeeded() {
  const built = existsSync(STAMP) && OUTPUTS.every((output) => existsSync(join(ROOT, output)));
  const sourcesChangedAt = Math.max(...SOURCES.map((source) => newestMtime(join(ROOT, source))));
  if (built && statSync(STAMP).mtimeMs >= sourcesChangedAt) return false;
  console.log('Building LittleLoop (client and server)…');
  // Always the production build, even when a test runner (which sets NODE_ENV=test) asks for it:
  // the browser tests and the download budgets must see what parents download.
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildIfNeeded();
}
