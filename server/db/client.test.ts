import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, rowsOf } from './client.js';
import { lockOf } from './data-dir-lock.js';

// The server opens its embedded database through openDatabase, not the tests' helpers: its
// connection must get the same settings, or typo search quietly finds nothing (it once did).
const dataDir = mkdtempSync(join(tmpdir(), 'littleloop-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('openDatabase on a data folder', () => {
  it('gives the embedded connection the settings search relies on', async () => {
    const handle = await openDatabase({ dataDir });
    try {
      const [threshold] = rowsOf<{ value: string }>(
        await handle.db.execute(sql`select current_setting('pg_trgm.word_similarity_threshold') as value`),
      );
      expect(threshold?.value).toBe('0.5');
      const [pageCost] = rowsOf<{ value: string }>(
        await handle.db.execute(sql`select current_setting('random_page_cost') as value`),
      );
      expect(pageCost?.value).toBe('1.1');
    } finally {
      await handle.close();
    }
  });
});

describe('the DATA_DIR lock', () => {
  const lockPath = join(dataDir, 'littleloop.lock');
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
  });
  const start = (command: string, args: string[]) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    running.push(child);
    if (child.pid === undefined) throw new Error(`could not start ${command}`);
    return child.pid;
  };

  it('starts over a stale lock whose pid now belongs to another program (an older bare-pid lock)', async () => {
    writeFileSync(lockPath, String(start('sleep', ['30'])));
    const handle = await openDatabase({ dataDir });
    await handle.close();
  });

  it('starts over a stale lock whose pid was reused by a later process', async () => {
    const pid = start(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    writeFileSync(lockPath, JSON.stringify({ ...lockOf(pid), startTime: '1' }));
    const handle = await openDatabase({ dataDir });
    await handle.close();
  });

  it('refuses a second process while the one that holds the lock runs', async () => {
    const pid = start(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await vi.waitFor(() => expect(lockOf(pid).startTime).toBeDefined());
    writeFileSync(lockPath, JSON.stringify(lockOf(pid)));
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `Another LittleLoop process (pid ${pid}) is using ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
    );
  });
});
