import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/config', () => {
  it('gives the browser the configured map tiles, to visitors too', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' });
    expect(String(response.headers['content-security-policy'])).toContain('https://tiles.example.org');
  });
});
