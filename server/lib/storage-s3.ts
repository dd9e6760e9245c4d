import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { assertStorageKey, isStorageKey, type Storage } from './storage.js';

/** What the adapter needs of an S3 client; tests hand in a recorder instead of the network. */
export type S3Sender = Pick<S3Client, 'send'>;

/**
 * Files in an S3-compatible bucket, read by browsers straight from S3_PUBLIC_URL (a CDN or the
 * bucket's public endpoint). Keys are content hashes, so every object is cached as immutable.
 */
export function createS3Storage(config: S3Config, client: S3Sender = makeS3Client(config)): Storage {
  const publicBase = publicBaseUrl(config);
  return {
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return this.urlFor(key);
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    urlFor(key) {
      return `${publicBase}/${key}`;
    },
    keyFor(url) {
      if (!url.startsWith(`${publicBase}/`)) return undefined;
      const key = url.slice(publicBase.length + 1);
      return isStorageKey(key) ? key : undefined;
    },
  };
}

/** AWS answers NoSuchKey; some S3-compatible services only a bare 404. */
function isMissingObject(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return status === 404;
}

function makeS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Other S3-compatible services (MinIO and friends) rarely have per-bucket host names.
    forcePathStyle: config.endpoint !== undefined,
  });
}

function publicBaseUrl(config: S3Config): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.endpoint) return `${config.endpoint}/${config.bucket}`;
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}
