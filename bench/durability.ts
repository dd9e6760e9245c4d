/**
 * `npm run bench:durability -- [--writes 500]`
 *
 * What making the embedded database's acknowledged writes reach the disk would cost (see
 * docs/decisions/009-embedded-durability.md). PGlite never calls fsync: its writes sit in the
 * operating system's page cache. This writes the same single-row transactions to a PGlite
 * folder twice: as the app does, and followed by an fsync of the write-ahead log segment the
 * commit went to (the least an fsync-per-commit could do), and reports writes per second.
 */
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createPglite } from '../server/db/client.js';

const { values } = parseArgs({ options: { writes: { type: 'string', default: '500' } } });
const writes = Number(values.writes);

async function run(label: string, wal: 'none' | 'find' | 'fsync'): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'littleloop-durability-'));
  const pgDir = join(dir, 'pgdata');
  try {
    const client = await createPglite({ dataDir: pgDir });
    await client.exec('create table writes (id serial primary key, body text not null)');
    const started = performance.now();
    for (let i = 0; i < writes; i += 1) {
      await client.query('insert into writes (body) values ($1)', [`write ${i}`]);
      if (wal !== 'none') {
        const { rows } = await client.query<{ file: string }>(
          'select pg_walfile_name(pg_current_wal_lsn()) as file',
        );
        const fd = openSync(join(pgDir, 'pg_wal', rows[0]?.file ?? ''), 'r+');
        if (wal === 'fsync') fsyncSync(fd);
        closeSync(fd);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${label}: ${writes} writes in ${seconds.toFixed(2)} s, ${(writes / seconds).toFixed(0)} writes/s, ${((seconds * 1000) / writes).toFixed(2)} ms each`,
    );
    await client.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await run('as the app writes (no fsync)', 'none');
await run('finding and opening the WAL segment after each commit, no fsync', 'find');
await run('with an fsync of the WAL segment after each commit', 'fsync');
