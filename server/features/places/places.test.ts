import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../../common/schemas/items.js';
import {
  as,
  asVisitor,
  makeItem,
  makeSignedInUser,
  makeUser,
  type TestSession,
} from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let parent: TestSession;
beforeAll(async () => {
  t = await makeTestApp();
  parent = await makeSignedInUser(t);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/geocode', () => {
  it('turns a city or ZIP code into places with coordinates', async () => {
    const city = await as(parent).get('/api/geocode?q=Austin');
    expect(city.statusCode).toBe(200);
    expect(city.json()[0]).toMatchObject({ label: 'Austin, TX', city: 'Austin' });
    const zip = await as(parent).get('/api/geocode?q=94110');
    expect(zip.json()[0]).toMatchObject({ label: 'San Francisco, CA 94110', zipCode: '94110' });
  });

  it('answers 400 for an empty query and 401 for visitors', async () => {
    const empty = await as(parent).get('/api/geocode?q=%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ path: 'q', message: 'Type a city or ZIP code' });
    expect((await asVisitor(t.app).get('/api/geocode?q=Austin')).statusCode).toBe(401);
  });
});

describe('GET /api/places/mine', () => {
  const mine = async (overrides: Parameters<typeof makeUser>[1]) => {
    const parent = await makeSignedInUser(t, overrides);
    const response = await as(parent).get('/api/places/mine');
    expect(response.statusCode).toBe(200);
    return response.json() as { place: { label: string; latitude: number; longitude: number } | null };
  };

  it("gives the profile's ZIP code as a place, before its city", async () => {
    const { place } = await mine({ city: 'Boston', zipCode: '11215', country: 'United States' });
    expect(place).toMatchObject({ label: 'Brooklyn, NY 11215', zipCode: '11215', city: 'Brooklyn' });
    expect(place?.latitude).toBeCloseTo(40.66, 1);
    expect(place?.longitude).toBeCloseTo(-73.98, 1);
  });

  it('falls back to the city, and says null when the profile has no place', async () => {
    expect((await mine({ city: 'Austin', state: 'TX', zipCode: null })).place).toMatchObject({
      label: 'Austin, TX',
    });
    expect(await mine({ city: null, zipCode: null })).toEqual({ place: null });
    expect(await mine({ city: 'Nowhereville Qqq', zipCode: null })).toEqual({ place: null });
  });

  it('answers 401 for visitors', async () => {
    const response = await asVisitor(t.app).get('/api/places/mine');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});

describe('GET /api/places/nearest', () => {
  it('names the town nearest to a pin, and refuses a position off the globe with 400', async () => {
    const pin = await as(parent).get('/api/places/nearest?lat=40.6782&lng=-73.9442');
    expect(pin.statusCode).toBe(200);
    // GeoNames' towns include neighbourhoods: this pin is in Brooklyn's Bushwick.
    expect(pin.json()).toMatchObject({ place: { label: 'Bushwick, NY', city: 'Bushwick' } });
    const off = await as(parent).get('/api/places/nearest?lat=91&lng=0');
    expect(off.statusCode).toBe(400);
    expect(off.json().errors[0]).toEqual({ path: 'lat', message: 'Latitude must be between -90 and 90' });
    expect((await asVisitor(t.app).get('/api/places/nearest?lat=1&lng=1')).statusCode).toBe(401);
  });
});

describe("items near the parent's place", () => {
  it('lists placed items within the radius nearest first, then the ones without a location, and counts both', async () => {
    const parent = await makeSignedInUser(t, { zipCode: '11215', city: 'Brooklyn' });
    const owner = await makeUser(t.db);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // Brooklyn 11215 is about 40.66, -73.98.
    await makeItem(t.db, owner, {
      title: 'Park Slope far',
      latitude: '40.7000',
      longitude: '-73.9000',
      createdAt: at(50),
    });
    await makeItem(t.db, owner, {
      title: 'Park Slope near',
      latitude: '40.6650',
      longitude: '-73.9800',
      createdAt: at(40),
    });
    await makeItem(t.db, owner, {
      title: 'Chicago',
      latitude: '41.8781',
      longitude: '-87.6298',
      createdAt: at(1),
    });
    await makeItem(t.db, owner, { title: 'Unplaced older', createdAt: at(30) });
    await makeItem(t.db, owner, { title: 'Unplaced newer', createdAt: at(20) });

    const { place } = (await as(parent).get('/api/places/mine')).json() as {
      place: { latitude: number; longitude: number };
    };
    const query = new URLSearchParams({
      lat: String(place.latitude),
      lng: String(place.longitude),
      maxDistance: '30',
      limit: '12',
    });
    const response = await as(parent).get(`/api/items?${query}`);
    expect(response.statusCode).toBe(200);
    const items = response.json() as Item[];
    expect(items.map((item) => item.title)).toEqual([
      'Park Slope near',
      'Park Slope far',
      'Unplaced newer',
      'Unplaced older',
    ]);
    // Only the placed items carry a distance; the ones without a location come after them.
    expect(items.map((item) => typeof item.distance)).toEqual(['number', 'number', 'object', 'object']);
    expect(response.headers['x-total-count']).toBe('4');
  });
});
