import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { LATER_RENDITIONS } from '../../../common/items.js';
import { LIMITS } from '../../../common/limits.js';
import { uploadResultSchema } from '../../../common/schemas/items.js';
import { currentUserSchema } from '../../../common/schemas/users.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { isStorageKey } from '../../lib/storage.js';
import type { RateLimits } from '../../lib/rate-limits.js';
import { consumeAttempts } from '../../lib/throttle.js';
import { signedInUser } from '../../plugins/session.js';
import { presentCurrentUser } from '../users/users.present.js';
import {
  PHOTO_TOO_LARGE,
  PROFILE_IMAGE_TOO_LARGE,
  setProfilePhoto,
  storeItemPhoto,
  TOO_MANY_PHOTOS,
  type UploadsContext,
} from './uploads.service.js';
import { reliabilityOfOne } from '../giveaway/giveaway.service.js';

const MEGABYTE = 1024 * 1024;
export const MALFORMED_UPLOAD = 'The upload could not be read: send the photos as multipart/form-data';

/** POST /api/upload/profile answers the new photo's URL and the updated account (PRODUCT §7). */
export const profileUploadResultSchema = z.object({ imageUrl: z.string(), user: currentUserSchema });

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
};

/** How one upload route reads its multipart body. */
type PhotoField = { name: string; maxBytes: number; maxFiles: number; tooLarge: string; tooMany: string };

const ITEM_PHOTOS: PhotoField = {
  name: 'images',
  maxBytes: LIMITS.photoUploadBytes,
  maxFiles: LIMITS.photosPerUpload,
  tooLarge: PHOTO_TOO_LARGE,
  tooMany: TOO_MANY_PHOTOS,
};

const PROFILE_PHOTO: PhotoField = {
  name: 'profileImage',
  maxBytes: LIMITS.profileImageBytes,
  maxFiles: 1,
  tooLarge: PROFILE_IMAGE_TOO_LARGE,
  tooMany: 'Choose one profile photo',
};

/**
 * PRODUCT §7 photo calls: POST /api/upload (field images, repeated) and POST /api/upload/profile
 * (field profileImage). Multipart parsing is registered here only, so every other route still
 * answers a multipart body with 415.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: LIMITS.photoUploadBytes,
      files: LIMITS.photosPerUpload,
      fields: 10,
      fieldSize: 1024,
      parts: LIMITS.photosPerUpload + 10,
      headerPairs: 50,
    },
  });
  const ctx: UploadsContext = { db: app.db, storage: app.storage, clock };

  app.post(
    '/upload',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Upload item photos (multipart field "images", repeated)',
        description: `JPEG, PNG, WebP or HEIC; at most ${LIMITS.photosPerUpload} photos of under ${LIMITS.photoUploadBytes / MEGABYTE} MB each. Returns one detail URL per photo, in the order sent (the same photo twice gives the same URL twice). Beside each are its other renditions: "-800.webp" (inside 800×800), "-card.webp" (the 600×450 card) and "-card-300.webp" (the same card at 300×225).`,
        consumes: ['multipart/form-data'],
        response: { 200: uploadResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await throttleUploads(ctx, app.config.rateLimits, request.ip, user.id);
      const imageUrls: string[] = [];
      for await (const photo of readPhotos(request, ITEM_PHOTOS)) {
        imageUrls.push(await storeItemPhoto(ctx, user.id, photo));
      }
      // One URL per photo, in order, so the client can tell which file became which; the same
      // photo sent twice gets the same URL twice.
      return { imageUrls };
    },
  );

  app.post(
    '/upload/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Upload and set the profile photo (multipart field "profileImage")',
        description: 'JPEG, PNG, WebP or HEIC under 5 MB; stored as a 400×400 square.',
        consumes: ['multipart/form-data'],
        response: { 200: profileUploadResultSchema, ...errors },
      },
    },
    async (request) => {
      await throttleUploads(ctx, app.config.rateLimits, request.ip, signedInUser(request).id);
      let photo: Buffer | undefined;
      for await (const bytes of readPhotos(request, PROFILE_PHOTO)) photo = bytes;
      if (!photo) throw missingPhoto(PROFILE_PHOTO);
      const result = await setProfilePhoto(ctx, signedInUser(request), photo);
      return {
        imageUrl: result.imageUrl,
        user: presentCurrentUser(result.user, await reliabilityOfOne(app.db, result.user.id)),
      };
    },
  );
};

/** 429 past the uploads allowed per parent and per address; every upload request counts. */
async function throttleUploads(
  ctx: UploadsContext,
  limits: RateLimits,
  address: string,
  userId: number,
): Promise<void> {
  await consumeAttempts(ctx.db, ctx.clock, [
    [`upload:user:${userId}`, limits.uploadsPerUser],
    [`upload:address:${address}`, limits.uploadsPerAddress],
  ]);
}

/**
 * Yields the non-empty files sent in the field, one at a time as they arrive, so at most one
 * photo sits in memory. Files in other fields are read and ignored. Throws 415 for a body that
 * is not multipart, 413 for a file over the limit or too many files, 400 when none came.
 */
async function* readPhotos(request: FastifyRequest, field: PhotoField): AsyncGenerator<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, `Send photos as multipart/form-data in the field "${field.name}"`);
  }
  // @fastify/multipart learns of a hang-up from the request's close event: a client already gone
  // (say, during the throttle queries) would leave this upload, and shutdown, waiting for ever.
  if (request.raw.destroyed) throw badRequest('The upload was cancelled');
  let received = 0;
  try {
    const parts = request.parts({ limits: { fileSize: field.maxBytes, files: field.maxFiles } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname !== field.name || bytes.length === 0) continue;
      received += 1;
      yield bytes;
    }
  } catch (error) {
    throw asUploadError(error, field);
  }
  if (received === 0) throw missingPhoto(field);
}

function missingPhoto(field: PhotoField): AppError {
  const message = `Choose a photo to upload in the field "${field.name}"`;
  return badRequest(message, [{ path: field.name, message }]);
}

/** @fastify/multipart's limit errors, in the words the screens show (PRODUCT §5 for profiles). */
function asUploadError(error: unknown, field: PhotoField): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, field.tooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError(413, field.tooMany);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'This upload has too many form fields');
    default:
      // Anything else came from reading the body itself (a wrong or missing boundary, a body
      // cut short): the client's fault, so a 400 rather than a 500 (docs/OPERATIONS.md).
      return error instanceof AppError ? error : badRequest(MALFORMED_UPLOAD);
  }
}

/**
 * The file a missing later rendition (LATER_RENDITIONS) is made from, or undefined when the key
 * is not one. Hashes hold no "-", so the detail's key is what comes before the first one.
 */
function parentRendition(key: string): string | undefined {
  const detail = key.replace(/-.*\.webp$/, '.webp');
  return LATER_RENDITIONS.find((rendition) => rendition.url(detail) === key)?.madeFrom(detail);
}

/**
 * Serves the local storage folder at /uploads/<key>. File names are content hashes, so a file
 * never changes and browsers may keep it for a year without asking again. A smaller rendition
 * that a photo stored before it existed does not have yet (uploads.backfill.ts makes it soon
 * after start-up) is answered with the larger one it is made from, marked no-cache so the real
 * file replaces it: a srcset never shows a broken photo. Anything else under /uploads/,
 * including a missing photo, is a JSON 404 rather than the client's index.html.
 */
export const uploadedFilesPlugin: FastifyPluginAsync<{ directory: string }> = async (app, { directory }) => {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const key = path.slice(path.lastIndexOf('/') + 1);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const parent = isRead && isStorageKey(key) ? parentRendition(key) : undefined;
    const bytes = parent ? await readFile(join(directory, parent)).catch(() => undefined) : undefined;
    if (bytes) return reply.type('image/webp').header('cache-control', 'no-cache').send(bytes);
    return reply.code(404).send({ message: `Not found: ${request.method} ${path}` });
  });
  await app.register(fastifyStatic, {
    root: directory,
    prefix: '/',
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
    allowedPath: (pathName) => isStorageKey(pathName.replace(/^\//, '')),
    // The folder appears with the first upload; until then every path is simply a 404.
    suppressWarning: true,
  });
};

const photoFile = { type: 'string', format: 'binary' } as const;
const UPLOAD_BODIES: Record<string, object> = {
  '/api/upload': {
    type: 'object',
    required: ['images'],
    properties: { images: { type: 'array', items: photoFile, maxItems: LIMITS.photosPerUpload } },
  },
  '/api/upload/profile': {
    type: 'object',
    required: ['profileImage'],
    properties: { profileImage: photoFile },
  },
};

/**
 * A zod body schema would validate the multipart body (which Fastify leaves unparsed), so the
 * upload routes declare none; this adds their file fields to the OpenAPI document only.
 */
export function documentUploadBodies(transform: SwaggerTransform): SwaggerTransform {
  return (input) => {
    const result = transform(input);
    const body = UPLOAD_BODIES[result.url];
    return body ? { ...result, schema: { ...result.schema, body } } : result;
  };
}
