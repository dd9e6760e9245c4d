import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../../common/schemas/items.js';
import { as, makeItem, makeSignedInUser, makeUser, signIn, type TestSession } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Viewer = TestSession;
const viewer = (overrides: Parameters<typeof makeUser>[1] = {}) => makeSignedInUser(t, overrides);

async function browse(who: Viewer, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await as(who).get(`/api/items?${params}`);
  return {
    status: response.statusCode,
    items: response.statusCode === 200 ? (response.json() as Item[]) : [],
    body: response.json(),
    nextCursor: response.headers['x-next-cursor'] as string | undefined,
    total: response.headers['x-total-count'],
  };
}

const titles = (items: Item[]) => items.map((item) => item.title);
let minutesAgo = 10_000;
/** Items created one minute apart, oldest first, all past early access. */
const created = () => new Date(Date.now() - (minutesAgo -= 1) * 60_000);

describe('search', () => {
  let parent: Viewer;
  beforeAll(async () => {
    parent = await viewer();
    const owner = await makeUser(t.db, { city: 'Searchville' });
    await makeItem(t.db, owner, {
      title: 'Dinosaur puzzle 100 pieces',
      category: 'toys',
      createdAt: created(),
    });
    await makeItem(t.db, owner, {
      title: 'Bag of odds and ends',
      description: 'Includes a ukulele for small hands',
      category: 'other',
      createdAt: created(),
    });
    await makeItem(t.db, owner, {
      title: 'Wooden TRAIN set',
      brand: 'Brio',
      category: 'toys',
      createdAt: created(),
    });
  });

  it('matches whatever the case', async () => {
    expect(titles((await browse(parent, { search: 'wooden train' })).items)).toEqual(['Wooden TRAIN set']);
    expect(titles((await browse(parent, { search: 'DINOSAUR' })).items)).toEqual([
      'Dinosaur puzzle 100 pieces',
    ]);
  });

  it('forgives typos and matches word starts', async () => {
    expect(titles((await browse(parent, { search: 'dinosour' })).items)).toEqual([
      'Dinosaur puzzle 100 pieces',
    ]);
    expect(titles((await browse(parent, { search: 'puzz' })).items)).toEqual(['Dinosaur puzzle 100 pieces']);
  });

  it('finds words in the description and the brand', async () => {
    expect(titles((await browse(parent, { search: 'ukulele' })).items)).toEqual(['Bag of odds and ends']);
    expect(titles((await browse(parent, { search: 'brio' })).items)).toEqual(['Wooden TRAIN set']);
  });

  it('finds nothing for unrelated words', async () => {
    const result = await browse(parent, { search: 'trampoline' });
    expect(result.items).toEqual([]);
    expect(result.total).toBe('0');
  });
});

describe('filters', () => {
  let free: Viewer;
  let premium: Viewer;
  const tag = 'Filterable';
  beforeAll(async () => {
    free = await viewer();
    premium = await viewer({ isPremium: true });
    const owner = await makeUser(t.db, { isPremium: true });
    const base = { title: `${tag} item`, createdAt: created() };
    await makeItem(t.db, owner, {
      ...base,
      title: `${tag} books`,
      category: 'books',
      condition: 'new',
      ageRange: '0-6m',
    });
    await makeItem(t.db, owner, {
      ...base,
      title: `${tag} swap`,
      category: 'toys',
      exchangeType: 'swap',
      condition: 'fair',
    });
    await makeItem(t.db, owner, {
      ...base,
      title: `${tag} coat`,
      category: 'clothes',
      exchangeType: 'sell',
      price: '9.00',
      brand: 'Frugi',
      size: '3T',
    });
  });

  it('narrows by category, condition, exchange type and age range', async () => {
    expect(titles((await browse(free, { search: tag, category: 'books' })).items)).toEqual([`${tag} books`]);
    expect(titles((await browse(free, { search: tag, condition: 'fair' })).items)).toEqual([`${tag} swap`]);
    expect(titles((await browse(free, { search: tag, exchangeType: 'sell' })).items)).toEqual([
      `${tag} coat`,
    ]);
    expect(titles((await browse(free, { search: tag, ageRange: '0-6m' })).items)).toEqual([`${tag} books`]);
  });

  it('keeps brand and size for Premium members: 403 for free accounts', async () => {
    const refused = await browse(free, { brand: 'Frugi' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Premium subscription required' });
    expect((await browse(free, { size: '3T' })).status).toBe(403);
    expect(titles((await browse(premium, { brand: 'frugi' })).items)).toEqual([`${tag} coat`]);
    expect(titles((await browse(premium, { size: '3t' })).items)).toEqual([`${tag} coat`]);
  });

  it('refuses bad parameters with 400 naming them', async () => {
    expect((await browse(free, { category: 'cars' })).body.errors[0].path).toBe('category');
    expect((await browse(free, { lat: 40 })).body.errors[0]).toEqual({
      path: 'lat',
      message: 'lat and lng go together',
    });
    expect((await browse(free, { cursor: 'not-a-cursor' })).body).toMatchObject({
      message: 'Invalid cursor',
    });
    expect((await browse(free, { limit: 101 })).status).toBe(400);
  });
});

describe('distance', () => {
  let parent: Viewer;
  const here = { lat: 40.7128, lng: -74.006 };
  beforeAll(async () => {
    parent = await viewer();
    const owner = await makeUser(t.db);
    const at = (lat: number, lng: number) => ({ latitude: lat.toFixed(8), longitude: lng.toFixed(8) });
    await makeItem(t.db, owner, {
      title: 'Distance near',
      description: 'Came from faraway',
      ...at(40.7158, -74.0061),
      category: 'books',
      createdAt: created(),
    });
    await makeItem(t.db, owner, {
      title: 'Distance mid',
      ...at(40.7831, -73.9712),
      category: 'books',
      createdAt: created(),
    });
    await makeItem(t.db, owner, {
      title: 'Distance far',
      description: 'A faraway faraway faraway shelf of books',
      ...at(42.3601, -71.0589),
      category: 'books',
      createdAt: created(),
    });
    await makeItem(t.db, owner, { title: 'Distance nowhere', category: 'books', createdAt: created() });
    await makeItem(t.db, owner, {
      title: 'Distance zero',
      ...at(0, 0),
      category: 'books',
      createdAt: created(),
    });
  });

  it('keeps items inside the radius and those without a position, nearest first', async () => {
    const result = await browse(parent, { search: 'distance', ...here, maxDistance: 20, sort: 'nearest' });
    expect(titles(result.items)).toEqual([
      'Distance near',
      'Distance mid',
      'Distance zero',
      'Distance nowhere',
    ]);
  });

  it('sorts nearest first without a search, walking outward, then the items without a position', async () => {
    const result = await browse(parent, { category: 'books', ...here, limit: 100 });
    const ours = titles(result.items).filter((title) => title.startsWith('Distance'));
    expect(ours).toEqual([
      'Distance near',
      'Distance mid',
      'Distance far',
      'Distance zero',
      'Distance nowhere',
    ]);
  });

  it('sorts a search with a distance filter and no sort nearest first, unplaced items after (PRODUCT §9)', async () => {
    const result = await browse(parent, { search: 'distance', ...here, maxDistance: 20 });
    expect(titles(result.items)).toEqual([
      'Distance near',
      'Distance mid',
      'Distance zero',
      'Distance nowhere',
    ]);
  });

  it('lets an explicit sort win over nearest first inside a distance filter', async () => {
    const result = await browse(parent, { search: 'distance', ...here, maxDistance: 20, sort: 'newest' });
    expect(titles(result.items)).toEqual([
      'Distance zero',
      'Distance nowhere',
      'Distance mid',
      'Distance near',
    ]);
  });

  it('keeps relevance for a search with a position but no radius', async () => {
    // 'Distance far' names the word twice, so it outranks the nearer items.
    const result = await browse(parent, { search: 'faraway', ...here });
    expect(titles(result.items)).toEqual(['Distance far', 'Distance near']);
  });

  it('reports distances in kilometres rounded to 0.5 km from the snapped position', async () => {
    const result = await browse(parent, { search: 'distance', ...here, maxDistance: 500, sort: 'nearest' });
    const byTitle = new Map(result.items.map((item) => [item.title, item.distance]));
    expect(byTitle.get('Distance near')).toBe(0.5);
    expect(byTitle.get('Distance mid')).toBe(8.5);
    expect(byTitle.get('Distance far')).toBe(306.5);
    expect(byTitle.get('Distance nowhere')).toBeNull();
    for (const distance of byTitle.values())
      if (distance != null) expect(distance * 2).toBe(Math.round(distance * 2));
  });

  it('shows other people only the snapped position', async () => {
    const result = await browse(parent, { search: 'distance near' });
    expect(result.items[0]).toMatchObject({ latitude: 40.715, longitude: -74.005 });
  });
});

describe('pagination', () => {
  let parent: Viewer;
  const total = 23;
  beforeAll(async () => {
    parent = await viewer();
    const owner = await makeUser(t.db);
    const premiumOwner = await makeUser(t.db, { isPremium: true });
    const when = created();
    for (let i = 0; i < total; i += 1) {
      // Several share a timestamp so the id must break ties.
      const createdAt = i % 3 === 0 ? when : created();
      const position = i % 4 === 0 ? {} : { latitude: (40 + i / 100).toFixed(8), longitude: '-74.00000000' };
      await makeItem(t.db, i % 5 === 0 ? premiumOwner : owner, {
        title: `Paged toy number ${i}`,
        category: 'toys',
        ageRange: '12y+',
        isPriority: i % 5 === 0,
        createdAt,
        ...position,
      });
    }
  });

  async function collect(query: Record<string, string | number>) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages += 1) {
      const page = await browse(parent, { ...query, limit: 5, ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      seen.push(...titles(page.items));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return seen;
  }

  it.each([
    ['newest', { sort: 'newest' }],
    ['relevance without a search', {}],
    ['a search', { search: 'paged toy' }],
    ['a search with a typo', { search: 'pagged' }],
    ['a search sorted by date', { search: 'toy', sort: 'newest' }],
    ['nearest', { lat: 40.1, lng: -74 }],
    ['a radius', { lat: 40.1, lng: -74, maxDistance: 50, sort: 'newest' }],
    ['a radius, Premium first', { lat: 40.1, lng: -74, maxDistance: 50 }],
  ])('walks every page of %s without duplicates or gaps', async (_name, query) => {
    const seen = await collect({ ageRange: '12y+', ...query });
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('walks nearest-first pages through many items in one grid cell without duplicates or gaps', async () => {
    const owner = await makeUser(t.db);
    for (let i = 0; i < 13; i += 1) {
      await makeItem(t.db, owner, {
        title: `Same cell ${i}`,
        ageRange: '6-12m',
        latitude: (41.5 + i / 10_000).toFixed(8),
        longitude: '-75.50000000',
        createdAt: created(),
      });
    }
    const seen = await collect({ ageRange: '6-12m', lat: 41.5, lng: -75.5 });
    expect(seen.filter((title) => title.startsWith('Same cell'))).toHaveLength(13);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('puts Premium owners’ items first among equally relevant results', async () => {
    const seen = await collect({ ageRange: '12y+' });
    const premiumTitles = seen.filter((title) => Number(title.split(' ').at(-1)) % 5 === 0);
    expect(seen.slice(0, premiumTitles.length)).toEqual(premiumTitles);
  });

  it('counts the matches on the first page', async () => {
    expect((await browse(parent, { ageRange: '12y+', limit: 5 })).total).toBe(String(total));
  });
});

describe('blocking', () => {
  it('hides the listings of a parent either side has blocked', async () => {
    const me = await viewer();
    const blocked = await makeUser(t.db);
    const blocker = await makeUser(t.db);
    await makeItem(t.db, blocked, { title: 'Blocking shown then hidden' });
    await makeItem(t.db, blocker, { title: 'Blocking hidden by them' });
    expect(titles((await browse(me, { search: 'blocking' })).items).sort()).toEqual([
      'Blocking hidden by them',
      'Blocking shown then hidden',
    ]);
    const blockResponse = await as(me).post(`/api/users/${blocked.id}/block`);
    expect(blockResponse.statusCode).toBe(201);
    await as(await signIn(t.app, blocker)).post(`/api/users/${me.user.id}/block`);
    expect(titles((await browse(me, { search: 'blocking' })).items)).toEqual([]);
  });
});

describe('visibility', () => {
  it('keeps hidden items out and early-access items from free users for an hour', async () => {
    const free = await viewer();
    const premium = await viewer({ isPremium: true });
    const owner = await makeUser(t.db);
    await makeItem(t.db, owner, { title: 'Visibility hidden', isHidden: true });
    await makeItem(t.db, owner, {
      title: 'Visibility fresh',
      earlyAccessUntil: new Date(t.clock.now().getTime() + 60 * 60 * 1000),
    });
    expect(titles((await browse(free, { search: 'visibility' })).items)).toEqual([]);
    expect(titles((await browse(premium, { search: 'visibility' })).items)).toEqual(['Visibility fresh']);
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect(titles((await browse(free, { search: 'visibility' })).items)).toEqual(['Visibility fresh']);
  });

  it('keeps early-access items from free users nearest first too, whoever searched first', async () => {
    const free = await viewer();
    const premium = await viewer({ isPremium: true });
    const owner = await makeUser(t.db);
    const here = { lat: 47.6062, lng: -122.3321 };
    await makeItem(t.db, owner, {
      title: 'Earlybird kite',
      latitude: here.lat.toFixed(8),
      longitude: here.lng.toFixed(8),
      earlyAccessUntil: new Date(t.clock.now().getTime() + 60 * 60 * 1000),
    });
    const nearby = { search: 'earlybird', lat: here.lat, lng: here.lng, maxDistance: 10 };
    // The same search's statement is built once per audience: Premium's must not serve the free
    // parent who asks next, nor the other way round.
    expect(titles((await browse(premium, nearby)).items)).toEqual(['Earlybird kite']);
    expect(titles((await browse(free, nearby)).items)).toEqual([]);
    expect(titles((await browse(free, { ...nearby, limit: 7 })).items)).toEqual([]);
    expect(titles((await browse(premium, { ...nearby, limit: 7 })).items)).toEqual(['Earlybird kite']);
  });
});
