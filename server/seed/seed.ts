import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { ExchangeType } from '../../common/enums.js';
import { rowsOf, type Database } from '../db/client.js';
import { items, safeLocations, uploads, users } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { processItemPhoto } from '../lib/images.js';
import { hashPassword } from '../lib/passwords.js';
import type { Storage } from '../lib/storage.js';
import {
  detailKey,
  itemPhotoBytes,
  RENDITIONS_VERSION,
  storeItemPhotoFiles,
} from '../features/uploads/uploads.service.js';
import {
  DEMO_SAFE_LOCATIONS,
  DEMO_TOWNS,
  FIRST_NAMES,
  ITEM_TEMPLATES,
  itemKinds,
  LAST_NAMES,
  PHOTO_PALETTES,
  type ItemKind,
  type ItemTemplate,
} from './catalog.js';
import { drawItemPhoto } from './drawings.js';
import { createRandom, type Random } from './random.js';
import { seedNeighbourhood, type DemoFamily, type DemoListing, type MeetingPlace } from './social.js';

/** Every demo family signs in with this password (local demo data only). */
export const DEMO_PASSWORD = 'littleloop-demo';
export const DEMO_EMAIL_DOMAIN = 'demo.littleloop.app';

const ITEM_BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Conversations, favourites, requests, handovers, reviews and views are made for the first
 * SOCIAL_ITEMS items and among the first SOCIAL_FAMILIES families of a run: the demo gets all
 * of it, and a million-item benchmark stays quick to seed. Items after those have no views, and
 * the few marked Sold, Swapped or Free have no record of who received them.
 */
const SOCIAL_FAMILIES = 200;
const SOCIAL_ITEMS = 500;
/**
 * Colour variants drawn of each kind: every photo costs four WebP encodings at start-up, and a
 * fresh database should be ready in seconds.
 */
const COLOUR_VARIANTS = 2;
const NEUTRAL_PALETTE = ['#e5e7eb', '#6b7280', '#111827'] as const;
/** Demo photos made at once (sharp works on its own threads). */
const PHOTO_CONCURRENCY = 4;

/** PRODUCT §4: the status the owner's Sold, Swapped or Free button sets, by how the item is offered. */
const HANDED_OVER_STATUS: Record<ExchangeType, 'sold' | 'swapped' | 'free'> = {
  sell: 'sold',
  swap: 'swapped',
  free: 'free',
};

export type SeedOptions = { families: number; items: number; seed?: number; log?: (message: string) => void };
export type SeedDeps = { db: Database; storage: Storage; clock: Clock };
export type SeedResult = {
  families: number;
  items: number;
  /** The photo URLs drawn for each kind of item: an item's photos are all its template's kind. */
  photosByKind: Record<ItemKind, string[]>;
};

type DemoTown = (typeof DEMO_TOWNS)[number];
type SeededFamily = DemoFamily & { town: DemoTown };

/** Generates, stores and records the demo photos: two colour variants of each kind's drawing. */
async function makeDemoPhotos({ db, storage, clock }: SeedDeps): Promise<Record<ItemKind, string[]>> {
  const jobs = itemKinds.flatMap((kind, kindIndex) => {
    const category = ITEM_TEMPLATES.find((template) => template.kind === kind)?.category ?? 'other';
    const palettes = PHOTO_PALETTES[category];
    // Neighbouring kinds start on different palettes, so each category shows all its colours.
    return Array.from({ length: COLOUR_VARIANTS }, (_, variant) => ({
      kind,
      svg: drawItemPhoto(kind, palettes[(kindIndex + variant) % palettes.length] ?? NEUTRAL_PALETTE, variant),
    }));
  });
  const urls: string[] = [];
  for (let start = 0; start < jobs.length; start += PHOTO_CONCURRENCY) {
    const made = await Promise.all(
      jobs.slice(start, start + PHOTO_CONCURRENCY).map(async ({ svg }) => {
        const photo = await processItemPhoto(
          await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer(),
        );
        await storeItemPhotoFiles(storage, photo);
        return { photo, url: storage.urlFor(detailKey(photo.hash)) };
      }),
    );
    await db
      .insert(uploads)
      .values(
        made.map(({ photo, url }) => ({
          url,
          storageKey: photo.hash,
          kind: 'item',
          userId: null,
          bytes: itemPhotoBytes(photo),
          renditions: RENDITIONS_VERSION,
          createdAt: clock.now(),
        })),
      )
      .onConflictDoNothing();
    urls.push(...made.map(({ url }) => url));
  }
  const byKind = Object.fromEntries(itemKinds.map((kind) => [kind, [] as string[]])) as Record<
    ItemKind,
    string[]
  >;
  jobs.forEach(({ kind }, index) => byKind[kind].push(urls[index] ?? ''));
  return byKind;
}

/** Family n's name: every pair differs for the first FIRST_NAMES × LAST_NAMES families. */
function familyName(index: number): { firstName: string; lastName: string } {
  return {
    firstName: FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Sam',
    lastName: LAST_NAMES[index % LAST_NAMES.length] ?? 'Lee',
  };
}

/** A listing's row: where, when and how it is offered; counters start at 0 (recounted from rows). */
function itemRow(
  template: ItemTemplate,
  family: SeededFamily,
  listing: {
    exchangeType: ExchangeType;
    position: { latitude: number; longitude: number } | null;
    createdAt: Date;
    imageUrls: string[];
    handedOver: boolean;
  },
) {
  const { exchangeType, position, createdAt, handedOver } = listing;
  return {
    title: template.title,
    description: template.description,
    category: template.category,
    condition: template.condition,
    ageRange: template.ageRange,
    brand: template.brand,
    size: template.size,
    exchangeType,
    price: exchangeType === 'sell' ? template.price.toFixed(2) : null,
    imageUrls: listing.imageUrls,
    userId: family.id,
    isAvailable: !handedOver,
    status: handedOver ? HANDED_OVER_STATUS[exchangeType] : 'available',
    latitude: position ? position.latitude.toFixed(8) : null,
    longitude: position ? position.longitude.toFixed(8) : null,
    city: family.town.city,
    zipCode: family.town.zipCode,
    isPriority: family.premium,
    earlyAccessUntil: new Date(createdAt.getTime() + 60 * 60 * 1000),
    createdAt,
    updatedAt: createdAt,
  };
}

/** How a family offers an item: Premium families sell half of theirs, the rest are mostly free. */
function exchangeTypeFor(random: Random, family: SeededFamily): ExchangeType {
  return family.premium && random.chance(0.5) ? 'sell' : random.chance(0.6) ? 'free' : 'swap';
}

/** Inserts item rows in batches and returns their ids in the same order. */
async function insertItems(db: Database, rows: ReturnType<typeof itemRow>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ITEM_BATCH) {
    const inserted = await db
      .insert(items)
      .values(rows.slice(start, start + ITEM_BATCH))
      .returning({ id: items.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/**
 * Things the first families handed over before the demo begins (listed 12 to 90 days ago), so
 * their ratings rest on more than this run's few handovers.
 */
async function seedEarlierHandovers(
  db: Database,
  random: Random,
  now: number,
  families: SeededFamily[],
  photos: Record<ItemKind, string[]>,
): Promise<DemoListing[]> {
  const planned = families.flatMap((family) =>
    Array.from({ length: random.int(3) }, () => {
      const template = random.pick(ITEM_TEMPLATES);
      const exchangeType = exchangeTypeFor(random, family);
      const createdAt = new Date(now - (12 + random.next() * 78) * DAY_MS);
      const kindPhotos = photos[template.kind];
      const position = {
        latitude: family.town.lat + (random.next() - 0.5) * 0.15,
        longitude: family.town.lng + (random.next() - 0.5) * 0.2,
      };
      const imageUrls = [kindPhotos[random.int(kindPhotos.length)] ?? ''];
      return {
        family,
        template,
        viewsAimed: random.int(30),
        row: itemRow(template, family, { exchangeType, position, createdAt, imageUrls, handedOver: true }),
      };
    }),
  );
  const ids = await insertItems(
    db,
    planned.map(({ row }) => row),
  );
  return planned.map(({ family, template, viewsAimed, row }, index) => ({
    id: ids[index] ?? 0,
    ownerId: family.id,
    title: template.title,
    exchangeType: row.exchangeType,
    city: family.town.city,
    createdAt: row.createdAt,
    handedOver: true,
    viewsAimed,
  }));
}

/**
 * Makes a believable marketplace: families with distinct names in several towns (a fifth of
 * them Premium) and their items, spread over the last two months around their town, each with
 * photos drawn for what it is, and no network. Then the neighbourhood's life around the first
 * items (seedNeighbourhood): conversations, favourites, requests, promises, handovers with
 * reviews behind every rating, and views. Item rows go in batches of 1,000, so a million items
 * take minutes, not hours.
 */
export async function seedMarketplace(deps: SeedDeps, options: SeedOptions): Promise<SeedResult> {
  const { db, clock } = deps;
  const seed = options.seed ?? 20261122;
  const random = createRandom(seed);
  // The neighbourhood draws from its own source, so the families and items stay as they were.
  const socialRandom = createRandom(seed ^ 0x5eed1e55);
  const log = options.log ?? (() => undefined);
  const now = clock.now().getTime();
  const photos = await makeDemoPhotos(deps);
  const password = await hashPassword(DEMO_PASSWORD);
  const [{ next } = { next: 1 }] = rowsOf<{ next: number }>(
    await db.execute(sql`select coalesce(max(id), 0) + 1 as next from ${users}`),
  );
  // Names continue where an earlier run's families stopped.
  const firstIndex = Number(next) - 1;

  const families: SeededFamily[] = [];
  for (let start = 0; start < options.families; start += ITEM_BATCH) {
    const batch = Array.from({ length: Math.min(ITEM_BATCH, options.families - start) }, (_, offset) => {
      const index = start + offset;
      const { firstName, lastName } = familyName(firstIndex + index);
      const town = DEMO_TOWNS[index % DEMO_TOWNS.length] ?? DEMO_TOWNS[0];
      const premium = random.chance(0.2);
      // Two draws once spent on made-up ratings: kept, so every later draw (and item) stays put.
      const formerRatingDraw = random.int(25);
      const isVerified = premium || random.chance(0.3);
      if (formerRatingDraw > 0) random.skip();
      return {
        email: `${firstName}.${lastName}.${Number(next) + index}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(),
        password,
        firstName,
        lastName,
        city: town.city,
        zipCode: town.zipCode,
        state: town.state,
        country: 'United States',
        isPremium: premium,
        premiumBadge: premium,
        isVerified,
        createdAt: new Date(now - (30 + random.int(700)) * DAY_MS),
      };
    });
    const rows = await db
      .insert(users)
      .values(batch)
      .returning({ id: users.id, isPremium: users.isPremium, city: users.city });
    for (const row of rows) {
      const town = DEMO_TOWNS.find((candidate) => candidate.city === row.city) ?? DEMO_TOWNS[0];
      families.push({ id: row.id, premium: row.isPremium, town, state: town.state });
    }
  }
  log(`${families.length} families`);

  const listings: DemoListing[] = [];
  let created = 0;
  while (created < options.items) {
    const batch = Array.from({ length: Math.min(ITEM_BATCH, options.items - created) }, () => {
      const family = random.pick(families);
      const template = random.pick(ITEM_TEMPLATES);
      const exchangeType = exchangeTypeFor(random, family);
      const hasPosition = random.chance(0.9);
      // Within about 8 km of the town centre.
      const latitude = family.town.lat + (random.next() - 0.5) * 0.15;
      const longitude = family.town.lng + (random.next() - 0.5) * 0.2;
      const createdAt = new Date(now - random.next() * 60 * DAY_MS - 2 * 60 * 60 * 1000);
      const kindPhotos = photos[template.kind];
      const photoCount = 1 + random.int(3);
      const handedOver = !random.chance(0.9);
      // The status was once drawn here too; it now follows the exchange type.
      if (handedOver) random.skip();
      const photoDraws = Array.from({ length: photoCount }, () => random.int(kindPhotos.length));
      // The first draw picks where to start, so an item never shows the same photo twice.
      const imageUrls = photoDraws
        .slice(0, kindPhotos.length)
        .map((_, i) => kindPhotos[((photoDraws[0] ?? 0) + i) % kindPhotos.length] ?? '');
      const viewsAimed = Math.round(random.int(120) / 2);
      const position = hasPosition ? { latitude, longitude } : null;
      return {
        family,
        template,
        viewsAimed,
        row: itemRow(template, family, { exchangeType, position, createdAt, imageUrls, handedOver }),
      };
    });
    const ids = await insertItems(
      db,
      batch.map(({ row }) => row),
    );
    batch.forEach(({ family, template, viewsAimed, row }, index) => {
      if (created + index >= SOCIAL_ITEMS) return;
      listings.push({
        id: ids[index] ?? 0,
        ownerId: family.id,
        title: template.title,
        exchangeType: row.exchangeType,
        city: family.town.city,
        createdAt: row.createdAt,
        handedOver: !row.isAvailable,
        viewsAimed,
      });
    });
    created += batch.length;
    if (created % 50_000 === 0 || created === options.items) log(`${created} items`);
  }

  await seedSafeLocations(db);
  const places: MeetingPlace[] = await db
    .select({
      id: safeLocations.id,
      name: safeLocations.name,
      address: safeLocations.address,
      city: safeLocations.city,
    })
    .from(safeLocations)
    .orderBy(safeLocations.id);
  const neighbours = families.slice(0, SOCIAL_FAMILIES);
  const earlier = await seedEarlierHandovers(db, socialRandom, now, neighbours, photos);
  await seedNeighbourhood(db, socialRandom, clock.now(), neighbours, [...earlier, ...listings], places);
  log(`${earlier.length} earlier handovers, and conversations, favourites, requests, reviews and views`);
  return { families: families.length, items: created, photosByKind: photos };
}

/** True when nobody has signed up yet: the moment to offer demo data. */
export async function isEmptyMarketplace(db: Database): Promise<boolean> {
  const rows = rowsOf<{ empty: boolean }>(
    await db.execute(sql`select not exists (select 1 from ${users} where not ${users.isAdmin}) as empty`),
  );
  return rows[0]?.empty === true;
}

/** Safe meet-up places near the demo towns, once: only into an empty safe_locations table. */
export async function seedSafeLocations(db: Database): Promise<number> {
  const [existing] = await db.select({ id: safeLocations.id }).from(safeLocations).limit(1);
  if (existing) return 0;
  const rows = DEMO_SAFE_LOCATIONS.map((place) => ({
    ...place,
    specialFeatures: [...place.specialFeatures],
  }));
  await db.insert(safeLocations).values(rows);
  return rows.length;
}
