import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertStorageKey, isStorageKey, type Storage } from './storage.js';

/** The path the app serves the local folder at (see uploadedFilesPlugin). */
export const LOCAL_UPLOADS_PREFIX = '/uploads/';

/**
 * Files in a folder on this machine (DATA_DIR/uploads), served by the app at /uploads/<key>.
 * The folder is created at the first write, so an app that never stores a photo leaves no trace.
 * Writes go to a hidden temporary file renamed into place: a reader never sees half a photo.
 */
export function createLocalStorage(directory: string): Storage {
  const root = resolve(directory);
  let folderReady: Promise<unknown> | undefined;

  return {
    localDir: root,
    async put(key, body) {
      assertStorageKey(key);
      folderReady ??= mkdir(root, { recursive: true });
      await folderReady;
      const temporary = join(root, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, body);
      await rename(temporary, join(root, key));
      return this.urlFor(key);
    },
    async get(key) {
      assertStorageKey(key);
      try {
        return await readFile(join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await rm(join(root, key), { force: true });
    },
    urlFor(key) {
      return `${LOCAL_UPLOADS_PREFIX}${key}`;
    },
    keyFor(url) {
      if (!url.startsWith(LOCAL_UPLOADS_PREFIX)) return undefined;
      const key = url.slice(LOCAL_UPLOADS_PREFIX.length);
      return isStorageKey(key) ? key : undefined;
    },
  };
}
