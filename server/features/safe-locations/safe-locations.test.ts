import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeLocations } from '../../db/schema.js';
import { seedSafeLocations } from '../../seed/seed.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

describe('GET /api/safe-locations', () => {
  it('lists verified meet-up places to visitors, with coordinates as numbers', async () => {
    expect(await seedSafeLocations(t.db)).toBe(8);
    expect(await seedSafeLocations(t.db)).toBe(0);
    await t.db.insert(safeLocations).values({
      name: 'Unchecked car park',
      address: '1 Nowhere Rd',
      city: 'Austin',
      locationType: 'shopping_center',
      isVerified: false,
    });

    const response = await t.app.inject({ method: 'GET', url: '/api/safe-locations' });
    expect(response.statusCode).toBe(200);
    const places = response.json<{ name: string; latitude: number | null; city: string }[]>();
    expect(places).toHaveLength(8);
    expect(places.map((place) => place.name)).not.toContain('Unchecked car park');
    const austin = places.find((place) => place.city === 'Austin');
    expect(austin).toMatchObject({ name: 'Austin Central Library', latitude: 30.266 });
  });
});
