import { useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { cardImageSrcSet, cardImageUrl, detailImageSrcSet } from '../../../../common/items.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/dialog.js';
import { ITEM_PAGE_IMAGE_SIZES, ITEM_THUMB_IMAGE_SIZES } from '../image-sizes.js';

/**
 * The detail rendition fits inside 1600×1600 (and its medium one inside 800×800, which phones
 * pick by srcset); pages show it in a 4:3 frame.
 */
const LARGE_IMAGE = { width: 1600, height: 1200 } as const;
const THUMB_IMAGE = { width: 600, height: 450 } as const;

type ItemGalleryProps = { title: string; imageUrls: string[] };

/**
 * PRODUCT §2 item photos: the first large, the rest small; any of them opens a full-size viewer
 * with previous / next (buttons and arrow keys) that closes on Escape. Without photos:
 * 'No images available'.
 */
export function ItemGallery({ title, imageUrls }: ItemGalleryProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [first, ...rest] = imageUrls;

  if (!first) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 self-start rounded-card border border-ink-200 bg-ink-100 text-ink-500">
        <ImageOff className="size-10" aria-hidden="true" />
        <p className="font-bold">No images available</p>
      </div>
    );
  }

  const count = imageUrls.length;
  return (
    <div className="grid content-start gap-2 self-start sm:gap-3 lg:sticky lg:top-20">
      <button
        type="button"
        onClick={() => setOpenIndex(0)}
        aria-label={`Open photo 1 of ${count} full size`}
        className="overflow-hidden rounded-card border border-ink-200 bg-ink-100"
      >
        <img
          sizes={ITEM_PAGE_IMAGE_SIZES}
          srcSet={detailImageSrcSet(first)}
          src={first}
          alt={title}
          width={LARGE_IMAGE.width}
          height={LARGE_IMAGE.height}
          fetchPriority="high"
          className="block aspect-[4/3] w-full object-cover transition-transform hover:scale-[1.02]"
        />
      </button>
      {rest.length > 0 ? (
        <ul className="grid grid-cols-4 gap-2 sm:gap-3">
          {rest.map((url, offset) => {
            const index = offset + 1;
            return (
              <li key={url}>
                <button
                  type="button"
                  onClick={() => setOpenIndex(index)}
                  aria-label={`Open photo ${index + 1} of ${count} full size`}
                  className="block w-full overflow-hidden rounded-control border border-ink-200 bg-ink-100"
                >
                  <img
                    sizes={ITEM_THUMB_IMAGE_SIZES}
                    srcSet={cardImageSrcSet(url)}
                    src={cardImageUrl(url)}
                    alt=""
                    width={THUMB_IMAGE.width}
                    height={THUMB_IMAGE.height}
                    loading="lazy"
                    decoding="async"
                    className="block aspect-[4/3] w-full object-cover transition-transform hover:scale-105"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <PhotoViewer title={title} imageUrls={imageUrls} index={openIndex} onIndexChange={setOpenIndex} />
    </div>
  );
}

function PhotoViewer({
  title,
  imageUrls,
  index,
  onIndexChange,
}: {
  title: string;
  imageUrls: string[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
}) {
  const count = imageUrls.length;
  const url = index === null ? undefined : imageUrls[index];
  const go = (step: number) => {
    if (index === null) return;
    onIndexChange((index + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    if (event.key === 'ArrowRight') go(1);
  };

  return (
    <Dialog open={index !== null} onOpenChange={(open) => (open ? undefined : onIndexChange(null))}>
      <DialogContent
        onKeyDown={onKeyDown}
        aria-describedby={undefined}
        className="max-w-5xl gap-3 bg-ink-950 p-3 text-white sm:p-4 [&>button:last-child]:text-white [&>button:last-child]:hover:bg-white/10 [&>button:last-child]:hover:text-white"
      >
        <DialogTitle className="pr-12 text-base text-white">
          {title}
          <span className="ml-2 font-semibold text-ink-300">
            Photo {(index ?? 0) + 1} of {count}
          </span>
        </DialogTitle>
        {url ? (
          <img
            key={url}
            src={url}
            alt={`${title}, photo ${(index ?? 0) + 1} of ${count}`}
            className="mx-auto max-h-[calc(100dvh-12rem)] w-auto max-w-full rounded-control object-contain"
          />
        ) : null}
        {count > 1 ? (
          <div className="flex items-center justify-center gap-3">
            <Button variant="outline" size="icon" aria-label="Previous photo" onClick={() => go(-1)}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="icon" aria-label="Next photo" onClick={() => go(1)}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
