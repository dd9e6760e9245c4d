import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeUser } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await makeTestApp();
  cookie = await loginAs(t.app, await makeUser(t.db));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/geocode', () => {
  it('turns a city or ZIP code into places with coordinates', async () => {
    const city = await t.app.inject({ url: '/api/geocode?q=Austin', headers: { cookie } });
    expect(city.statusCode).toBe(200);
    expect(city.json()[0]).toMatchObject({ label: 'Austin, TX', city: 'Austin' });
    const zip = await t.app.inject({ url: '/api/geocode?q=94110', headers: { cookie } });
    expect(zip.json()[0]).toMatchObject({ label: 'San Francisco, CA 94110', zipCode: '94110' });
  });

  it('answers 400 for an empty query and 401 for visitors', async () => {
    const empty = await t.app.inject({ url: '/api/geocode?q=%20', headers: { cookie } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ path: 'q', message: 'Type a city or ZIP code' });
    expect((await t.app.inject({ url: '/api/geocode?q=Austin' })).statusCode).toBe(401);
  });
});
