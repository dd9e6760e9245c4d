import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer, createMemoryMailer, mailOutboxDir } from './mail.js';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function tempDataDir(): string {
  const directory = mkdtempSync(join(tmpdir(), 'littleloop-mail-'));
  directories.push(directory);
  return directory;
}

describe('createMailer without SMTP_URL', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox and logs where', async () => {
    const dataDir = tempDataDir();
    const info = vi.fn();
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'LittleLoop <hello@example.com>', dataDir },
      { info },
    );
    expect(mailer.mode).toBe('files');

    await mailer.send({
      to: 'ann@example.com',
      subject: 'First',
      text: 'Hello Ann',
      html: '<p>Hello Ann</p>',
    });
    await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'Hello Bob' });

    const files = readdirSync(mailOutboxDir({ dataDir })).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const first = readFileSync(join(mailOutboxDir({ dataDir }), files[0] ?? ''), 'utf8');
    expect(first).toMatch(/^From: LittleLoop <hello@example.com>$/m);
    expect(first).toMatch(/^To: ann@example.com$/m);
    expect(first).toMatch(/^Subject: First$/m);
    expect(first).toContain('Hello Ann');
    expect(first).toContain('text/html');
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'ann@example.com',
        subject: 'First',
        path: expect.stringContaining('.eml'),
      }),
      'e-mail written to the outbox folder',
    );
    mailer.close();
  });
});

describe('createMailer with SMTP_URL', () => {
  it('uses SMTP and reports a failed delivery as a rejection', async () => {
    // Port 9 on loopback refuses connections at once: a real transport meeting a dead server.
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      mailFrom: 'a@example.com',
      dataDir: tempDataDir(),
    });
    expect(mailer.mode).toBe('smtp');
    await expect(mailer.send({ to: 'ann@example.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow();
    mailer.close();
  });
});

describe('createMemoryMailer', () => {
  it('keeps composed messages and refuses a message without a recipient', async () => {
    const mailer = createMemoryMailer();
    await mailer.send({ to: 'ann@example.com', subject: 'Hello', text: 'Plain' });
    expect(mailer.sent).toEqual([{ to: 'ann@example.com', subject: 'Hello', text: 'Plain' }]);
    await expect(mailer.send({ to: '', subject: 'Nobody', text: 'x' })).rejects.toThrow();
  });
});
