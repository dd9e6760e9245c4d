import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { categories, type Category } from '../../common/enums.js';
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
  LAST_NAMES,
  PHOTO_PALETTES,
} from './catalog.js';

/** Every demo family signs in with this password (local demo data only). */
export const DEMO_PASSWORD = 'littleloop-demo';
export const DEMO_EMAIL_DOMAIN = 'demo.littleloop.app';

const PHOTOS_PER_PALETTE = 2;
const ITEM_BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type SeedOptions = { families: number; items: number; seed?: number; log?: (message: string) => void };
export type SeedDeps = { db: Database; storage: Storage; clock: Clock };

/** A small deterministic random source, so the same seed gives the same marketplace. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (probability: number) => next() < probability,
  };
}

/** A friendly flat illustration per category: book spines, blocks and a ball, a T-shirt, a pram. */
function photoSvg(
  category: Category,
  [background, main, dark]: readonly [string, string, string],
  variant: number,
): string {
  const shapes: Record<Category, string> = {
    books: [0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="${230 + i * 90}" y="${170 + (i % 2) * 30}" width="70" height="${290 - (i % 2) * 30}" rx="8" fill="${i % 2 ? main : dark}"/>`,
      )
      .join(''),
    toys: `<rect x="200" y="300" width="130" height="130" rx="14" fill="${main}"/><rect x="340" y="300" width="130" height="130" rx="14" fill="${dark}"/><rect x="270" y="170" width="130" height="130" rx="14" fill="${main}"/><circle cx="580" cy="360" r="75" fill="${dark}"/>`,
    clothes: `<path d="M300 170 L360 150 Q400 190 440 150 L500 170 L580 250 L530 300 L500 270 L500 460 L300 460 L300 270 L270 300 L220 250 Z" fill="${main}" stroke="${dark}" stroke-width="10" stroke-linejoin="round"/>`,
    other: `<path d="M230 280 Q230 170 360 170 L360 280 Z" fill="${dark}"/><rect x="230" y="280" width="340" height="110" rx="40" fill="${main}"/><circle cx="290" cy="440" r="38" fill="${dark}"/><circle cx="510" cy="440" r="38" fill="${dark}"/>`,
  };
  const offset = variant * 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
    <rect width="800" height="600" fill="${background}"/>
    <circle cx="${680 - offset}" cy="${110 + offset}" r="60" fill="#ffffff" opacity="0.5"/>
    <g transform="translate(${offset - 20} 0)">${shapes[category]}</g></svg>`;
}

/** Generates, stores and records the demo photos; returns their URLs per category. */
async function makeDemoPhotos({ db, storage, clock }: SeedDeps): Promise<Record<Category, string[]>> {
  const byCategory = {} as Record<Category, string[]>;
  for (const category of categories) {
    byCategory[category] = [];
    for (const palette of PHOTO_PALETTES[category]) {
      for (let variant = 0; variant < PHOTOS_PER_PALETTE; variant += 1) {
        const png = await sharp(Buffer.from(photoSvg(category, palette, variant)))
          .png()
          .toBuffer();
        const photo = await processItemPhoto(png);
        await storeItemPhotoFiles(storage, photo);
        const url = storage.urlFor(detailKey(photo.hash));
        await db
          .insert(uploads)
          .values({
            url,
            storageKey: photo.hash,
            kind: 'item',
            userId: null,
            bytes: itemPhotoBytes(photo),
            renditions: RENDITIONS_VERSION,
            createdAt: clock.now(),
          })
          .onConflictDoNothing();
        byCategory[category].push(url);
      }
    }
  }
  return byCategory;
}

/**
 * Makes a believable marketplace: families in several towns (a fifth of them Premium) and
 * their items, spread over the last two months around their town, with generated photos and
 * no network. Item rows go in batches of 1,000, so a million items take minutes, not hours.
 */
export async function seedMarketplace(
  deps: SeedDeps,
  options: SeedOptions,
): Promise<{ families: number; items: number }> {
  const { db, clock } = deps;
  const random = createRandom(options.seed ?? 20261122);
  const log = options.log ?? (() => undefined);
  const now = clock.now().getTime();
  const photos = await makeDemoPhotos(deps);
  const password = await hashPassword(DEMO_PASSWORD);
  const [{ next } = { next: 1 }] = rowsOf<{ next: number }>(
    await db.execute(sql`select coalesce(max(id), 0) + 1 as next from ${users}`),
  );

  const families: { id: number; premium: boolean; town: (typeof DEMO_TOWNS)[number] }[] = [];
  for (let start = 0; start < options.families; start += ITEM_BATCH) {
    const batch = Array.from({ length: Math.min(ITEM_BATCH, options.families - start) }, (_, offset) => {
      const index = start + offset;
      const firstName = FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Sam';
      const lastName = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Lee';
      const town = DEMO_TOWNS[index % DEMO_TOWNS.length] ?? DEMO_TOWNS[0];
      const premium = random.chance(0.2);
      const ratings = random.int(25);
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
        isVerified: premium || random.chance(0.3),
        totalRatings: ratings,
        rating: ratings > 0 ? (3.5 + random.next() * 1.5).toFixed(2) : '0.00',
        createdAt: new Date(now - (30 + random.int(700)) * DAY_MS),
      };
    });
    const rows = await db
      .insert(users)
      .values(batch)
      .returning({ id: users.id, isPremium: users.isPremium, city: users.city });
    for (const row of rows) {
      families.push({
        id: row.id,
        premium: row.isPremium,
        town: DEMO_TOWNS.find((town) => town.city === row.city) ?? DEMO_TOWNS[0],
      });
    }
  }
  log(`${families.length} families`);

  let created = 0;
  while (created < options.items) {
    const batch = Array.from({ length: Math.min(ITEM_BATCH, options.items - created) }, () => {
      const family = random.pick(families);
      const template = random.pick(ITEM_TEMPLATES);
      const exchangeType =
        family.premium && random.chance(0.5) ? 'sell' : random.chance(0.6) ? 'free' : 'swap';
      const hasPosition = random.chance(0.9);
      // Within about 8 km of the town centre.
      const latitude = family.town.lat + (random.next() - 0.5) * 0.15;
      const longitude = family.town.lng + (random.next() - 0.5) * 0.2;
      const createdAt = new Date(now - random.next() * 60 * DAY_MS - 2 * 60 * 60 * 1000);
      const categoryPhotos = photos[template.category];
      const photoCount = 1 + random.int(3);
      const status = random.chance(0.9) ? 'available' : random.pick(['sold', 'swapped', 'free'] as const);
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
        imageUrls: Array.from(
          { length: photoCount },
          (_, i) => categoryPhotos[(random.int(categoryPhotos.length) + i) % categoryPhotos.length] ?? '',
        ),
        userId: family.id,
        isAvailable: status === 'available',
        status,
        latitude: hasPosition ? latitude.toFixed(8) : null,
        longitude: hasPosition ? longitude.toFixed(8) : null,
        city: family.town.city,
        zipCode: family.town.zipCode,
        isPriority: family.premium,
        viewCount: random.int(120),
        earlyAccessUntil: new Date(createdAt.getTime() + 60 * 60 * 1000),
        createdAt,
        updatedAt: createdAt,
      };
    });
    await db.insert(items).values(batch);
    created += batch.length;
    if (created % 50_000 === 0 || created === options.items) log(`${created} items`);
  }
  await seedSafeLocations(db);
  return { families: families.length, items: created };
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
