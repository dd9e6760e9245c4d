import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let dataDir: string;

/** `npm run admin -- …` as an operator runs it, on an embedded database of its own. */
async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/cli/admin-cli.ts', ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' }, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'littleloop-admin-cli-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin', { timeout: 120_000 }, () => {
  it('creates an administrator, refuses to change one, and lists flagged listings', async () => {
    const created = await admin('create-admin', 'ops@example.com', 'secret12');
    expect(created).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Administrator ready: ops@example.com'),
    });
    const refused = await admin('grant-premium', 'ops@example.com');
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Administrators cannot be changed'),
    });
    const flagged = await admin('list-flagged');
    expect(flagged).toMatchObject({ code: 0, stdout: 'No listings are waiting for review.\n' });
  });

  it('explains its commands, and asks for --yes before deleting anyone', async () => {
    expect(await admin('frobnicate')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command'),
    });
    expect(await admin('delete-user', 'ops@example.com')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('add --yes'),
    });
  });

  it('refuses while a running app holds the embedded database', async () => {
    // The app's lock file names a live process: this test's own.
    writeFileSync(join(dataDir, 'littleloop.lock'), String(process.pid));
    try {
      const refused = await admin('list-flagged');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('in use by a running LittleLoop; stop the app');
    } finally {
      rmSync(join(dataDir, 'littleloop.lock'), { force: true });
    }
  });
});
