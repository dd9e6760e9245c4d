import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_INLINE_SCRIPT } from '../../common/page-inline-script.js';
import { makeTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // Behind one TLS-terminating proxy, whose X-Forwarded-* headers are believed.
  t = await makeTestApp({ PUBLIC_URL: 'https://littleloop.example', TRUSTED_PROXIES: '1' });
});
afterAll(async () => {
  await t.close();
});

const registration = { email: 'origin@example.com', password: 'secret1', firstName: 'O', lastName: 'K' };

describe('docs/OPERATIONS.md HTTP conventions', () => {
  it('reports readiness on GET /api/health', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().message).toContain('/api/no-such-thing');
  });

  it('answers a known path asked with a method it does not take with 405 and Allow', async () => {
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(deleted.statusCode).toBe(405);
    expect(deleted.headers.allow).toBe('GET, HEAD');
    expect(deleted.json()).toEqual({ message: 'DELETE is not allowed on /api/health; use GET, HEAD' });
    const put = await t.app.inject({ method: 'PUT', url: '/api/items/12/report' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('POST');
  });

  it('refuses a state-changing request from another site with 403', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site request refused' });
  });

  it('accepts the same request from the site itself', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration,
      headers: { origin: 'https://littleloop.example' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers a broken JSON body with 400 in the JSON error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers an unsupported media type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: 'email=a@b.c&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/^Unsupported media type/);
  });

  it("sends security headers with a CSP that allows no inline script but the page's own one", async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    const inlineScriptHash = `'sha256-${createHash('sha256').update(PAGE_INLINE_SCRIPT).digest('base64')}'`;
    expect(scriptSources).toEqual(["'self'", inlineScriptHash]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('marks the session cookie Secure behind HTTPS', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...registration, email: 'secure@example.com' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
  });

  it('describes the API as OpenAPI at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login']),
    );
  });
});
