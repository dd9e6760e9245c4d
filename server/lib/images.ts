import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { AppError } from './errors.js';
import { createPixelBudget } from './pixel-budget.js';

export const UNSUPPORTED_PHOTO = 'Only JPEG, PNG, WebP or HEIC photos can be uploaded';
const UNREADABLE_HEIC =
  'This HEIC photo cannot be read here: please choose a JPEG, PNG or WebP photo (or set your camera to "Most Compatible")';

/** Beyond this a photo costs too much memory to decode; phone cameras stay under it. */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** A side longer than this is no photo (a 16,777,216×1 strip is few pixels but cannot decode). */
export const MAX_PHOTO_SIDE = 16_384;
/**
 * Pixels decoded at once in this process: two of the largest photos (about 1 GB of memory at
 * worst), so parallel uploads of huge images queue instead of taking the process's memory.
 */
const decoding = createPixelBudget(2 * MAX_PHOTO_PIXELS);

/**
 * The sizes the screens use: the item page (detail, and a medium one for phones), the item card
 * grid (4:3, and a small one for narrow columns) and avatars. Browsers pick between the two of
 * each pair by srcset (client/features/items/image-sizes.ts).
 */
export const PHOTO_SIZES = {
  detail: { width: 1600, height: 1600 },
  detailMedium: { width: 800, height: 800 },
  card: { width: 600, height: 450 },
  cardSmall: { width: 300, height: 225 },
  profile: { width: 400, height: 400 },
} as const;

/** The renditions made from the detail and card ones: what photos stored before them lack. */
export type DerivedRenditions = { medium: Buffer; cardSmall: Buffer };
/** An item photo as stored: its content hash names all four renditions. */
export type ItemPhoto = { hash: string; detail: Buffer; card: Buffer } & DerivedRenditions;
/** A profile photo as stored: one square rendition named by its content hash. */
export type ProfilePhoto = { hash: string; image: Buffer };

// Decoding errors (a truncated or corrupt file) fail the upload instead of storing a grey half.
const DECODE_OPTIONS = { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS } as const;

const DETAIL_WEBP = { quality: 82 } as const;
const CARD_WEBP = { quality: 78 } as const;

/**
 * Re-encodes an uploaded photo as four WebP renditions: detail (inside 1600×1600, never
 * enlarged), medium (the same inside 800×800), card (a 4:3 crop of 600×450) and small card (that
 * very crop at 300×225). All are turned upright by EXIF orientation and carry no metadata at all
 * (EXIF with GPS, XMP, IPTC, ICC): a photo taken at home must never reveal the home. The hash
 * (of the detail bytes) is the same for the same photo.
 * Throws 415 when the bytes are not a JPEG, PNG, WebP or readable HEIC image, and 413 when the
 * image has more than MAX_PHOTO_PIXELS pixels.
 */
export async function processItemPhoto(input: Buffer): Promise<ItemPhoto> {
  const { format, pixels } = await inspectPhoto(input);
  const [detail, medium, [card, cardSmall]] = await decodeOrRefuse(format, pixels, async () => {
    const upright = sharp(input, DECODE_OPTIONS).rotate();
    const detailInside = (size: { width: number; height: number }) =>
      upright
        .clone()
        .resize({ ...size, fit: 'inside', withoutEnlargement: true })
        .webp(DETAIL_WEBP)
        .toBuffer();
    return Promise.all([
      detailInside(PHOTO_SIZES.detail),
      detailInside(PHOTO_SIZES.detailMedium),
      // The attention crop is worked out once and both card widths are made from its pixels:
      // judged per size it could land elsewhere, and the two widths of one srcset must match.
      upright
        .clone()
        .resize({ ...PHOTO_SIZES.card, fit: 'cover', position: sharp.strategy.attention })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => {
          const cropped = () =>
            sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
          return Promise.all([
            cropped().webp(CARD_WEBP).toBuffer(),
            cropped().resize(PHOTO_SIZES.cardSmall).webp(CARD_WEBP).toBuffer(),
          ]);
        }),
    ]);
  });
  return { hash: contentHash(detail), detail, medium, card, cardSmall };
}

/**
 * Makes the medium and small card renditions of a photo stored before they existed, from its
 * stored detail and card renditions (our own metadata-free WebP files), as processItemPhoto
 * would have: the medium one inside 800×800, the small card the card's crop at 300×225.
 * Throws when either file cannot be decoded.
 */
export async function deriveRenditions(stored: { detail: Buffer; card: Buffer }): Promise<DerivedRenditions> {
  const [medium, cardSmall] = await Promise.all([
    sharp(stored.detail, DECODE_OPTIONS)
      .resize({ ...PHOTO_SIZES.detailMedium, fit: 'inside', withoutEnlargement: true })
      .webp(DETAIL_WEBP)
      .toBuffer(),
    sharp(stored.card, DECODE_OPTIONS).resize(PHOTO_SIZES.cardSmall).webp(CARD_WEBP).toBuffer(),
  ]);
  return { medium, cardSmall };
}

/**
 * Re-encodes an uploaded profile photo as one 400×400 WebP square, upright and without any
 * metadata, named by its content hash. Throws like processItemPhoto.
 */
export async function processProfilePhoto(input: Buffer): Promise<ProfilePhoto> {
  const { format, pixels } = await inspectPhoto(input);
  const image = await decodeOrRefuse(format, pixels, () =>
    sharp(input, DECODE_OPTIONS)
      .rotate()
      .resize({ ...PHOTO_SIZES.profile, fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 80 })
      .toBuffer(),
  );
  return { hash: contentHash(image), image };
}

type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'heic';

/** Judges the bytes by their content (never the file name or the browser's mimetype). */
async function inspectPhoto(input: Buffer): Promise<{ format: AcceptedFormat; pixels: number }> {
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: sharp's own default would refuse a
    // huge image as unreadable (415) before the size check below could say it is too large.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, UNSUPPORTED_PHOTO);
  }
  const format = acceptedFormat(metadata);
  if (!format || !metadata.width || !metadata.height) throw new AppError(415, UNSUPPORTED_PHOTO);
  if (metadata.width > MAX_PHOTO_SIDE || metadata.height > MAX_PHOTO_SIDE) {
    throw new AppError(413, `Photos can be at most ${MAX_PHOTO_SIDE} pixels on a side`);
  }
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) {
    throw new AppError(413, `Photos can be at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`);
  }
  return { format, pixels: metadata.width * metadata.height };
}

function acceptedFormat(metadata: Metadata): AcceptedFormat | undefined {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
      return metadata.format;
    case 'heif':
      // The HEIF container also holds AVIF, which is not on the accepted list.
      return metadata.compression === 'hevc' ? 'heic' : undefined;
    default:
      return undefined;
  }
}

/** A header can look fine while the pixels are broken, or HEVC decoding may be missing. */
async function decodeOrRefuse<T>(
  format: AcceptedFormat,
  pixels: number,
  decode: () => Promise<T>,
): Promise<T> {
  try {
    return await decoding.run(pixels, decode);
  } catch {
    throw new AppError(415, format === 'heic' ? UNREADABLE_HEIC : UNSUPPORTED_PHOTO);
  }
}

function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}
