import { join } from 'node:path';
import type { Config } from '../config.js';

/**
 * Where photos live. One interface, two adapters: files under DATA_DIR/uploads served by the
 * app at /uploads/, or an S3-compatible bucket (behind a CDN) when S3_* is configured.
 * Keys are content-hashed file names such as "3f9a…c1.webp", so a stored file never changes.
 */
export type Storage = {
  /** Stores the bytes under the key and returns the public URL of the file. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** The stored bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** The public URL a key is served at. */
  urlFor(key: string): string;
  /** The key behind one of our public URLs, or undefined when the URL is not ours. */
  keyFor(url: string): string | undefined;
  /** Set for the local adapter: the folder the app serves at /uploads/. */
  localDir?: string;
};

/** A flat, content-hashed file name: no folders, no dots but the extension's. */
const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{1,120}\.[a-z0-9]{1,8}$/;

/** Whether a string is a key a storage adapter will accept (and so can never escape its folder). */
export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}

/** Throws when a key is not a flat file name; every adapter calls it before touching storage. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * The storage docs/OPERATIONS.md configures: an S3-compatible bucket when S3_BUCKET is set, otherwise
 * DATA_DIR/uploads. The S3 client is loaded only when it is used.
 */
export async function createStorage(config: Pick<Config, 's3' | 'dataDir'>): Promise<Storage> {
  if (config.s3) {
    const { createS3Storage } = await import('./storage-s3.js');
    return createS3Storage(config.s3);
  }
  const { createLocalStorage } = await import('./storage-local.js');
  return createLocalStorage(join(config.dataDir, 'uploads'));
}
