import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, such as List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** smtp: through SMTP_URL; files: .eml files in DATA_DIR/outbox; memory: kept in `sent` (tests, tools). */
  mode: 'smtp' | 'files' | 'memory';
  /** Resolves once the message is handed to the server or written; rejects when that failed. */
  send(message: MailMessage): Promise<void>;
  close(): void;
};

type MailLog = Pick<FastifyBaseLogger, 'info'>;
type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

/** Where the local mode writes its .eml files (docs/OPERATIONS.md: DATA_DIR/outbox). */
export function mailOutboxDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

/**
 * The mailer docs/OPERATIONS.md describes: SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file to DATA_DIR/outbox and logged, so sign-up to alert works offline.
 */
export function createMailer(config: MailConfig, log?: MailLog): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        log?.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const directory = mailOutboxDir(config);
  return {
    mode: 'files',
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(directory, { recursive: true });
      // The timestamp keeps files in sending order; the random part keeps two in one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const path = join(directory, name);
      await writeFile(path, info.message);
      log?.info({ to: message.to, subject: message.subject, path }, 'e-mail written to the outbox folder');
    },
    close: () => transport.close(),
  };
}

/**
 * Keeps every message in memory, composed by nodemailer's JSON transport (a real transport,
 * so addresses and headers are checked as for sending). For tests and tools.
 */
export function createMemoryMailer(from = 'LittleLoop <no-reply@littleloop.app>'): Mailer & {
  sent: MailMessage[];
} {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const sent: MailMessage[] = [];
  return {
    mode: 'memory',
    sent,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const composed = JSON.parse(info.message) as {
        to: { address: string }[];
        subject: string;
        text: string;
        html?: string;
      };
      sent.push({
        to: composed.to.map((address) => address.address).join(', '),
        subject: composed.subject,
        text: composed.text,
        ...(composed.html ? { html: composed.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close: () => transport.close(),
  };
}
