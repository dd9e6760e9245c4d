import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResetTokens } from '../../db/schema.js';
import { createMemoryMailer } from '../../lib/mail.js';
import { makeSignedInUser, makeUser } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { hashResetToken } from './password-reset.service.js';

const mailer = createMemoryMailer();
let t: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  t = await makeTestApp({ PUBLIC_URL: 'https://littleloop.test' }, { mailer });
});
afterAll(async () => t.close());

/** Each test its own client address, so the per-IP limit is only met where a test means it. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function askForReset(email: string, remoteAddress = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress });
}

function reset(token: string, newPassword: string, remoteAddress = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reset-password',
    payload: { token, newPassword },
    remoteAddress,
  });
}

function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

/** Asks for a reset link and reads the token out of the e-mail sent. */
async function tokenFor(email: string): Promise<string> {
  const before = mailer.sent.length;
  expect((await askForReset(email)).statusCode).toBe(200);
  await vi.waitFor(() => expect(mailer.sent.length).toBe(before + 1));
  const mail = mailer.sent.at(-1);
  expect(mail?.to).toBe(email);
  const match = /https:\/\/littleloop\.test\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no link in ${mail?.text}`);
  return match[1];
}

describe('POST /api/forgot-password', () => {
  it('e-mails a link whose token is stored only as a hash, valid for one hour', async () => {
    const user = await makeUser(t.db);
    const token = await tokenFor(user.email);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token).toBe(hashResetToken(token));
    expect(rows[0]?.token).not.toContain(token);
    expect(rows[0]?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 60 * 60 * 1000);
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const user = await makeUser(t.db);
    const known = await askForReset(user.email);
    await vi.waitFor(() => expect(mailer.sent.at(-1)?.to).toBe(user.email));
    const sentBefore = mailer.sent.length;
    const unknown = await askForReset('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await new Promise((resolve) => setImmediate(resolve));
    expect(mailer.sent.length).toBe(sentBefore);
  });

  it('rejects an invalid e-mail with PRODUCT’s message', async () => {
    const response = await askForReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Please enter a valid email address');
  });

  it('limits requests for one e-mail from one network address (429 after 3 an hour), whether or not the account exists', async () => {
    for (const email of ['limited@example.com', (await makeUser(t.db)).email]) {
      const ip = freshIp();
      for (let i = 0; i < 3; i += 1) expect((await askForReset(email, ip)).statusCode).toBe(200);
      const refused = await askForReset(email, ip);
      expect(refused.statusCode).toBe(429);
    }
  });

  it('leaves a parent her own requests when someone else used theirs up, and caps one e-mail at 10 an hour', async () => {
    const victim = await makeUser(t.db);
    const attacker = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await askForReset(victim.email, attacker)).statusCode).toBe(200);
    expect((await askForReset(victim.email, attacker)).statusCode).toBe(429);
    // From her own address she still gets a link.
    expect(await tokenFor(victim.email)).toMatch(/^[\w-]+$/);
    for (let i = 0; i < 6; i += 1) expect((await askForReset(victim.email)).statusCode).toBe(200);
    expect((await askForReset(victim.email)).statusCode).toBe(429);
  });

  it('limits requests per network address (429 after 10 an hour)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1)
      expect((await askForReset(`someone${i}@example.com`, ip)).statusCode).toBe(200);
    expect((await askForReset('someone-else@example.com', ip)).statusCode).toBe(429);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, ends every session of that user, and works only once', async () => {
    const first = await makeSignedInUser(t);
    const secondDevice = await signIn(first.user.email, 'password123');
    const secondCookie = String(secondDevice.headers['set-cookie']).split(';')[0] ?? '';
    const token = await tokenFor(first.user.email);

    const response = await reset(token, 'brand-new-secret');
    expect(response.statusCode).toBe(200);

    for (const cookie of [first.cookie, secondCookie]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    expect((await signIn(first.user.email, 'password123')).statusCode).toBe(401);
    expect((await signIn(first.user.email, 'brand-new-secret')).statusCode).toBe(200);

    const again = await reset(token, 'another-secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This reset link has already been used. Please request a new password reset.',
    );
    expect((await signIn(first.user.email, 'brand-new-secret')).statusCode).toBe(200);
  });

  it('lifts the sign-in lock-out someone guessing her password caused', async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < 10; i += 1) expect((await signIn(user.email, `wrong-${i}`)).statusCode).toBe(401);
    expect((await signIn(user.email, 'password123')).statusCode).toBe(429);
    const token = await tokenFor(user.email);
    expect((await reset(token, 'a-fresh-secret')).statusCode).toBe(200);
    expect((await signIn(user.email, 'a-fresh-secret')).statusCode).toBe(200);
  });

  it('ends every other link when one is used, and every link when the password is changed', async () => {
    const user = await makeUser(t.db);
    const first = await tokenFor(user.email);
    const second = await tokenFor(user.email);
    expect((await reset(second, 'newer-secret')).statusCode).toBe(200);
    const stale = await reset(first, 'older-secret');
    expect(stale.statusCode).toBe(400);
    expect((await signIn(user.email, 'newer-secret')).statusCode).toBe(200);

    const session = await signIn(user.email, 'newer-secret');
    const cookie = String(session.headers['set-cookie']).split(';')[0] ?? '';
    const pending = await tokenFor(user.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: 'newer-secret', newPassword: 'changed-secret' },
      headers: { cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await reset(pending, 'attacker-secret')).statusCode).toBe(400);
    expect((await signIn(user.email, 'changed-secret')).statusCode).toBe(200);
  });

  it('refuses a token one second past its hour, accepts one a second before', async () => {
    const user = await makeUser(t.db);
    // Two parents: a link used ends the other links of its own parent.
    const late = await tokenFor((await makeUser(t.db)).email);
    const inTime = await tokenFor(user.email);
    t.clock.advance(60 * 60 * 1000 - 1000);
    expect((await reset(inTime, 'in-time-secret')).statusCode).toBe(200);
    t.clock.advance(2000);
    const expired = await reset(late, 'too-late-secret');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This reset link has expired. Please request a new password reset.');
    expect((await signIn(user.email, 'in-time-secret')).statusCode).toBe(200);
  });

  it('refuses an unknown token, a missing token and a short password with clear messages', async () => {
    const unknown = await reset('made-up-token', 'whatever-secret');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This reset link is not valid. Please request a new password reset.');

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { newPassword: 'whatever-secret' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Reset token is missing. Please request a new password reset.');

    const short = await reset('made-up-token', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password must be at least 6 characters');
  });
});
