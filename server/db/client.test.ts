import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client.js';

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
