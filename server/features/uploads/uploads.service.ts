import { and, eq, inArray } from 'drizzle-orm';
import { cardImageUrl, mediumImageUrl, smallCardImageUrl } from '../../../common/items.js';
import { LIMITS } from '../../../common/limits.js';
import type { Database } from '../../db/client.js';
import { uploads, type UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { processItemPhoto, processProfilePhoto, type ItemPhoto } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';
import { updateUser } from '../users/users.service.js';

/** PRODUCT §5: the profile form's own words. */
export const PROFILE_IMAGE_TOO_LARGE = 'Image size must be less than 5MB.';
export const PHOTO_TOO_LARGE = `Each photo must be smaller than ${LIMITS.photoUploadBytes / (1024 * 1024)} MB`;
export const TOO_MANY_PHOTOS = `At most ${LIMITS.photosPerUpload} photos can be uploaded at once`;
export const PHOTOS_MUST_BE_UPLOADED = 'Photos must be uploaded through LittleLoop first';
const DUPLICATE_PHOTO = 'The same photo is listed more than once';

export type UploadKind = 'item' | 'profile';
export type UploadsContext = { db: Database; storage: Storage; clock: Clock };

const WEBP = 'image/webp';

/** The file behind a photo URL: "<hash>.webp", the URL every API response carries. */
export const detailKey = (storageKey: string) => `${storageKey}.webp`;
// The other renditions are named beside the detail as common/items.ts names their URLs.
/** Its card-sized rendition, "<hash>-card.webp". */
export const cardKey = (storageKey: string) => cardImageUrl(detailKey(storageKey));
/** The 300×225 card, "<hash>-card-300.webp". */
export const smallCardKey = (storageKey: string) => smallCardImageUrl(detailKey(storageKey));
/** The detail inside 800×800, "<hash>-800.webp". */
export const mediumKey = (storageKey: string) => mediumImageUrl(detailKey(storageKey));
/** Every file an item photo may have (a profile photo has the first alone). */
export const photoKeys = (storageKey: string) => [
  detailKey(storageKey),
  cardKey(storageKey),
  smallCardKey(storageKey),
  mediumKey(storageKey),
];

/**
 * Which renditions an upload's files include (uploads.renditions): 1 is detail and card, 2
 * adds small card and medium. Rows from before the column are 1 (its default) until
 * uploads.backfill.ts makes the rest; new uploads are written at this version.
 */
export const RENDITIONS_VERSION = 2;

/**
 * Processes one uploaded item photo (see processItemPhoto), stores its four renditions and
 * records the upload for this user. Returns the detail URL; the same photo always gets the same
 * URL. Throws 415 for anything but a readable JPEG, PNG, WebP or HEIC image, 413 for too many
 * pixels.
 */
export async function storeItemPhoto(ctx: UploadsContext, userId: number, input: Buffer): Promise<string> {
  const photo = await processItemPhoto(input);
  const url = ctx.storage.urlFor(detailKey(photo.hash));
  // Recorded before the files are written, so a sweep running meanwhile sees it as fresh.
  await recordUpload(ctx.db, ctx.clock.now(), {
    url,
    storageKey: photo.hash,
    kind: 'item',
    userId,
    bytes: itemPhotoBytes(photo),
  });
  await storeItemPhotoFiles(ctx.storage, photo);
  return url;
}

/** Writes all four renditions of a processed item photo. */
export async function storeItemPhotoFiles(storage: Storage, photo: ItemPhoto): Promise<void> {
  await Promise.all([
    storage.put(detailKey(photo.hash), photo.detail, WEBP),
    storage.put(cardKey(photo.hash), photo.card, WEBP),
    storage.put(smallCardKey(photo.hash), photo.cardSmall, WEBP),
    storage.put(mediumKey(photo.hash), photo.medium, WEBP),
  ]);
}

/** What an item photo takes in storage, all renditions counted. */
export const itemPhotoBytes = (photo: ItemPhoto) =>
  photo.detail.length + photo.card.length + photo.cardSmall.length + photo.medium.length;

/**
 * Processes and stores a profile photo (one 400×400 square) and makes it the user's
 * profileImageUrl. The previous photo is left for the sweep. Throws like storeItemPhoto, and 404
 * if the account has just been deleted.
 */
export async function setProfilePhoto(
  ctx: UploadsContext,
  user: UserRow,
  input: Buffer,
): Promise<{ imageUrl: string; user: UserRow }> {
  const photo = await processProfilePhoto(input);
  const now = ctx.clock.now();
  const imageUrl = ctx.storage.urlFor(detailKey(photo.hash));
  await recordUpload(ctx.db, now, {
    url: imageUrl,
    storageKey: photo.hash,
    kind: 'profile',
    userId: user.id,
    bytes: photo.image.length,
  });
  await ctx.storage.put(detailKey(photo.hash), photo.image, WEBP);
  const updated = await updateUser(ctx.db, user.id, { profileImageUrl: imageUrl }, now);
  if (!updated) throw notFound('User');
  return { imageUrl, user: updated };
}

/**
 * Records that a user uploaded a photo. Uploading the same photo again only refreshes the
 * time, which keeps it from the sweep of unused uploads for another day.
 */
export async function recordUpload(
  db: Database,
  now: Date,
  upload: { url: string; storageKey: string; kind: UploadKind; userId: number; bytes: number },
): Promise<void> {
  await db
    .insert(uploads)
    .values({ ...upload, renditions: RENDITIONS_VERSION, createdAt: now })
    // The files were just written whole again, so an old row is now at the current version.
    .onConflictDoUpdate({
      target: [uploads.url, uploads.userId],
      set: { createdAt: now, renditions: RENDITIONS_VERSION, bytes: upload.bytes },
    });
}

/**
 * Lets an item use only photos its owner uploaded here as item photos, or photos it already
 * has (alreadyOnItem), each at most once. Throws 400 naming imageUrls otherwise: 'Photos must
 * be uploaded through LittleLoop first', or a message about a photo listed twice.
 */
export async function assertUsableImageUrls(
  db: Database,
  userId: number,
  imageUrls: string[],
  alreadyOnItem: string[] = [],
): Promise<void> {
  if (new Set(imageUrls).size !== imageUrls.length) {
    throw badRequest(DUPLICATE_PHOTO, [{ path: 'imageUrls', message: DUPLICATE_PHOTO }]);
  }
  const kept = new Set(alreadyOnItem);
  const added = imageUrls.filter((url) => !kept.has(url));
  if (added.length === 0) return;
  const owned = await db
    .select({ url: uploads.url })
    .from(uploads)
    // Profile photos have no card rendition, so they cannot illustrate an item.
    .where(and(eq(uploads.userId, userId), eq(uploads.kind, 'item'), inArray(uploads.url, added)));
  if (owned.length !== added.length) {
    throw badRequest(PHOTOS_MUST_BE_UPLOADED, [{ path: 'imageUrls', message: PHOTOS_MUST_BE_UPLOADED }]);
  }
}
