/** Phones take 12–50 MP photos; nothing on LittleLoop shows more than this on the long side. */
export const MAX_IMAGE_DIMENSION = 2048;
export const IMAGE_QUALITY = 0.85;

type ResizeOptions = { maxDimension?: number; quality?: number };

/** The size that fits inside a maxDimension square, keeping the aspect ratio; never upscales. */
export function fitWithin(
  width: number,
  height: number,
  maxDimension: number = MAX_IMAGE_DIMENSION,
): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxDimension) return { width, height };
  const scale = maxDimension / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function renamed(name: string, type: string): string {
  const extension = type === 'image/webp' ? 'webp' : 'jpg';
  const base = name.replace(/\.[^./]+$/, '') || 'photo';
  return `${base}.${extension}`;
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

async function encode(bitmap: ImageBitmap, width: number, height: number, quality: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  // WebP where the browser can encode it; a browser that cannot quietly hands back PNG, so
  // anything but WebP falls back to JPEG.
  const webp = await canvasToBlob(canvas, 'image/webp', quality);
  if (webp?.type === 'image/webp') return webp;
  const jpeg = await canvasToBlob(canvas, 'image/jpeg', quality);
  return jpeg?.type === 'image/jpeg' ? jpeg : null;
}

/**
 * Scales a photo down in the browser before it is uploaded: the EXIF orientation is applied,
 * the longest side is at most 2048 px, and it is re-encoded as WebP (or JPEG) at ~0.85 quality,
 * which also drops the camera's metadata. When the browser cannot decode the file (HEIC in
 * most browsers, say) the original goes up unchanged and the server converts it.
 */
export async function resizeImage(file: File, options: ResizeOptions = {}): Promise<File> {
  const { maxDimension = MAX_IMAGE_DIMENSION, quality = IMAGE_QUALITY } = options;
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const target = fitWithin(bitmap.width, bitmap.height, maxDimension);
    const blob = await encode(bitmap, target.width, target.height, quality);
    if (!blob) return file;
    const scaled = target.width !== bitmap.width || target.height !== bitmap.height;
    // A small photo that only got bigger by re-encoding goes up as it was.
    if (!scaled && blob.size >= file.size) return file;
    return new File([blob], renamed(file.name, blob.type), {
      type: blob.type,
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
