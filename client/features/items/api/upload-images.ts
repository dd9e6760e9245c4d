import { useMutation } from '@tanstack/react-query';
import { LIMITS } from '../../../../common/limits.js';
import { api } from '../../../lib/api-client.js';
import { resizeImage } from '../../../lib/image-resize.js';
import type { UploadResult } from '../../../../common/schemas/items.js';

/** PRODUCT §8 text for any failed photo upload. */
export const UPLOAD_FAILED_MESSAGE = 'Failed to upload images. Please try again.';

/**
 * POST /api/upload (multipart, field `images` repeated): each photo is scaled down in the
 * browser first, and at most LIMITS.photosPerUpload go in one request. Returns the photos'
 * URLs in the order given. Throws the ApiError of the first request that fails.
 */
export async function uploadImages(files: readonly File[]): Promise<string[]> {
  const resized = await Promise.all(files.map((file) => resizeImage(file)));
  const urls: string[] = [];
  for (let start = 0; start < resized.length; start += LIMITS.photosPerUpload) {
    const body = new FormData();
    for (const file of resized.slice(start, start + LIMITS.photosPerUpload)) {
      body.append('images', file, file.name);
    }
    const result = await api.post<UploadResult>('/api/upload', body);
    urls.push(...result.imageUrls);
  }
  return urls;
}

/** Uploads item photos; callers say what a failure means for their form. */
export function useUploadImages() {
  return useMutation({ mutationKey: ['upload-images'], mutationFn: uploadImages });
}
