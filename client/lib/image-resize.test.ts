import { describe, expect, it } from 'vitest';
import { fitWithin, resizeImage } from './image-resize.js';

describe('image resize', () => {
  it('fits the longest side within 2048 px and keeps the aspect ratio', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 6000)).toEqual({ width: 1024, height: 2048 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('sends the original file when the browser cannot decode it (HEIC, say)', async () => {
    const heic = new File(['not decodable here'], 'IMG_0001.HEIC', { type: 'image/heic' });
    await expect(resizeImage(heic)).resolves.toBe(heic);
  });
});
