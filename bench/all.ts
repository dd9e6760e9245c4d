/**
 * `npm run bench [-- <name> …] [options]`: every benchmark, or those named (browse, requests,
 * messages, soak), with the same options (--items, --postgres, --connections, --duration,
 * --shape…). Without --items, browse and requests run at 100,000 and 1,000,000 items. The soak
 * (five minutes) runs only when named.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.js';

const all = ['browse', 'requests', 'messages'];
const onlyWhenNamed = ['soak'];
/** Node 20 has WebSocket (which the soak reads the server's memory through) behind a flag. */
const nodeFlags: Record<string, string[]> = { soak: ['--experimental-websocket'] };
const args = process.argv.slice(2);
const known = [...all, ...onlyWhenNamed];
const names = args.filter((arg) => known.includes(arg));
const options = args.filter((arg) => !known.includes(arg));
const sizes = options.includes('--items')
  ? [[]]
  : [
      ['--items', '100000'],
      ['--items', '1000000'],
    ];
let failed = false;
for (const name of names.length > 0 ? names : all) {
  for (const size of name === 'messages' || name === 'soak' ? [[]] : sizes) {
    console.log(`\n== ${name} ${[...size, ...options].join(' ')}`);
    const run = spawnSync(
      process.execPath,
      [...(nodeFlags[name] ?? []), '--import', 'tsx', join(root, 'bench', `${name}.ts`), ...size, ...options],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    failed ||= run.status !== 0;
  }
}
process.exitCode = failed ? 1 : 0;
