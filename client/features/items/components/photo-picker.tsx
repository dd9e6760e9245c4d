import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, CircleAlert, ImageOff, ImagePlus, Info, Trash2 } from 'lucide-react';
import { LIMITS } from '../../../../common/limits.js';
import { cardImageUrl, TOO_MANY_IMAGES } from '../../../../common/items.js';
import { paths } from '../../../app/paths.js';
import { buttonVariants } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';

/** A photo already on the server (its URL) or one picked on this device, not uploaded yet. */
export type PickedPhoto =
  | { kind: 'existing'; key: string; url: string }
  | { kind: 'new'; key: string; file: File; previewUrl: string };

let lastKey = 0;
const nextKey = () => `photo-${++lastKey}`;
const existing = (url: string): PickedPhoto => ({ kind: 'existing', key: nextKey(), url });
const plural = (count: number) => (count === 1 ? 'photo' : 'photos');

/** Said when a photo is picked twice; it is kept once. */
export const PHOTO_ALREADY_ADDED = 'That photo is already added';

/** The same file chosen twice has the same name, size, type and modification time. */
const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.type === b.type && a.lastModified === b.lastModified;

/** Later entries with the URL of an earlier one: the same photo, uploaded from two picks. */
function withoutRepeatedUrls(photos: PickedPhoto[]): { kept: PickedPhoto[]; dropped: PickedPhoto[] } {
  const seen = new Set<string>();
  const kept: PickedPhoto[] = [];
  const dropped: PickedPhoto[] = [];
  for (const photo of photos) {
    if (photo.kind === 'existing' && seen.has(photo.url)) {
      dropped.push(photo);
      continue;
    }
    if (photo.kind === 'existing') seen.add(photo.url);
    kept.push(photo);
  }
  return { kept, dropped };
}

/**
 * The photos of one form, in display order (the first is the cover). Picked files get a
 * preview URL that is released when they are removed, uploaded, or the form goes away.
 */
export function usePhotoList(initialUrls: readonly string[] = []) {
  const [photos, setPhotos] = useState<PickedPhoto[]>(() => initialUrls.map(existing));
  // Set when the last pick did not fit under the limit; cleared by the next change.
  const [overflow, setOverflow] = useState(false);
  // Set when the last pick or upload held a photo that is already in the list.
  const [duplicate, setDuplicate] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const release = (photo: PickedPhoto) => {
    if (photo.kind !== 'new') return;
    URL.revokeObjectURL(photo.previewUrl);
    previews.current.delete(photo.previewUrl);
  };

  return {
    photos,
    overflow,
    duplicate,
    announcement,
    /** Adds files up to the limit, each file once; returns how many did not fit. */
    add(files: readonly File[], limit: number): number {
      const picked: File[] = [];
      for (const file of files) {
        const known = photos.some((photo) => photo.kind === 'new' && sameFile(photo.file, file));
        if (!known && !picked.some((other) => sameFile(other, file))) picked.push(file);
      }
      const room = Math.max(0, limit - photos.length);
      const fresh: PickedPhoto[] = picked.slice(0, room).map((file) => {
        const previewUrl = URL.createObjectURL(file);
        previews.current.add(previewUrl);
        return { kind: 'new', key: nextKey(), file, previewUrl };
      });
      setPhotos([...photos, ...fresh]);
      setOverflow(picked.length > room);
      setDuplicate(picked.length < files.length);
      const said = [
        fresh.length > 0 ? `${fresh.length} ${plural(fresh.length)} added.` : '',
        picked.length < files.length ? `${PHOTO_ALREADY_ADDED}.` : '',
      ];
      setAnnouncement(said.filter(Boolean).join(' '));
      return picked.length - fresh.length;
    },
    remove(key: string): void {
      const index = photos.findIndex((photo) => photo.key === key);
      const photo = photos[index];
      if (!photo) return;
      release(photo);
      setPhotos(photos.filter((entry) => entry.key !== key));
      setOverflow(false);
      setDuplicate(false);
      setAnnouncement(`Photo ${index + 1} removed.`);
    },
    move(key: string, by: -1 | 1): void {
      const from = photos.findIndex((photo) => photo.key === key);
      const to = from + by;
      const photo = photos[from];
      if (!photo || to < 0 || to >= photos.length) return;
      const next = photos.filter((entry) => entry.key !== key);
      next.splice(to, 0, photo);
      setPhotos(next);
      setAnnouncement(`Photo moved to position ${to + 1} of ${photos.length}.`);
    },
    /**
     * After an upload: the picked files become server photos, so a retry does not send them
     * again. Two picks that turn out to be the same photo (the same URL) are kept once. Returns
     * the photos' URLs in order.
     */
    markUploaded(urls: ReadonlyMap<string, string>): string[] {
      const uploaded = photos.map((photo): PickedPhoto => {
        const url = urls.get(photo.key);
        if (photo.kind !== 'new' || url === undefined) return photo;
        release(photo);
        return { kind: 'existing', key: photo.key, url };
      });
      const { kept, dropped } = withoutRepeatedUrls(uploaded);
      setPhotos(kept);
      if (dropped.length > 0) {
        setDuplicate(true);
        setAnnouncement(`${PHOTO_ALREADY_ADDED}.`);
      }
      return kept.flatMap((photo) => (photo.kind === 'existing' ? [photo.url] : []));
    },
    reset(urls: readonly string[] = []): void {
      photos.forEach(release);
      setPhotos(urls.map(existing));
      setOverflow(false);
      setDuplicate(false);
      setAnnouncement('');
    },
  };
}

export type PhotoList = ReturnType<typeof usePhotoList>;

const THUMB_WIDTH = 240;
const THUMB_HEIGHT = 180;

function PhotoThumb({ photo, position }: { photo: PickedPhoto; position: number }) {
  const [broken, setBroken] = useState(false);
  const src = photo.kind === 'new' ? photo.previewUrl : cardImageUrl(photo.url);
  if (broken) {
    // HEIC and friends often cannot be previewed in the browser; the server converts them.
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-ink-100 p-2 text-center text-ink-600">
        <ImageOff className="size-6" aria-hidden="true" />
        <span className="line-clamp-2 text-xs font-semibold break-all">
          {photo.kind === 'new' ? photo.file.name : `Photo ${position}`}
        </span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={photo.kind === 'new' ? `Photo ${position} (new): ${photo.file.name}` : `Photo ${position}`}
      width={THUMB_WIDTH}
      height={THUMB_HEIGHT}
      className="aspect-[4/3] w-full bg-ink-100 object-cover"
      onError={() => setBroken(true)}
    />
  );
}

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-control text-ink-700 hover:bg-ink-100 hover:text-ink-900 disabled:pointer-events-none disabled:opacity-35 [&_svg]:size-5';

type PhotoPickerProps = {
  list: PhotoList;
  /** PRODUCT §5: 3 for free accounts, 10 for Premium, counting existing and new photos. */
  maxPhotos: number;
  isPremium: boolean;
  /** A form-level message such as 'Photo required', or what the server said about the photos. */
  error?: string | undefined;
  hint?: ReactNode;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Called after any change, so the form can clear its photo error. */
  onChange?: () => void;
  disabled?: boolean;
};

/**
 * docs/DESIGN.md photo picker: take or choose photos, see them at once, put them in order with
 * buttons (no drag needed), remove them, and always see how many more fit. Nothing is
 * uploaded here: the form uploads the picked files when it is submitted.
 */
export function PhotoPicker({
  list,
  maxPhotos,
  isPremium,
  error,
  hint,
  inputRef,
  onChange,
  disabled = false,
}: PhotoPickerProps) {
  const inputId = useId();
  const countId = `${inputId}-count`;
  const hintId = `${inputId}-hint`;
  const limitId = `${inputId}-limit`;
  const errorId = `${inputId}-error`;
  const { photos } = list;
  const localInput = useRef<HTMLInputElement | null>(null);
  const setInput = (element: HTMLInputElement | null) => {
    localInput.current = element;
    if (inputRef) inputRef.current = element;
  };
  const overLimit = list.overflow || photos.length > maxPhotos;
  const describedBy = [countId, hint ? hintId : null, overLimit ? limitId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Let the same file be chosen again after it was removed.
    event.target.value = '';
    if (files.length === 0) return;
    list.add(files, maxPhotos);
    onChange?.();
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <input
            ref={setInput}
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            className="peer sr-only"
            onChange={onPick}
            disabled={disabled}
            aria-invalid={Boolean(error) || overLimit}
            aria-describedby={describedBy}
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: 'secondary' }),
              'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600 peer-disabled:pointer-events-none peer-disabled:opacity-50',
            )}
          >
            <ImagePlus aria-hidden="true" />
            Add photos
          </label>
        </div>
        {/* Full is not an error: only a list past the limit is red. */}
        <p
          id={countId}
          className={cn('text-sm font-bold', photos.length > maxPhotos ? 'text-danger-700' : 'text-ink-700')}
        >
          {photos.length} / {maxPhotos} photos
        </p>
      </div>

      {hint ? (
        <p id={hintId} className="-mt-2 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}

      {overLimit ? (
        <div
          id={limitId}
          role="alert"
          className="flex items-start gap-3 rounded-card border border-danger-200 bg-danger-50 p-3 text-danger-900"
        >
          <CircleAlert className="mt-0.5 size-5 shrink-0 text-danger-700" aria-hidden="true" />
          <div className="grid gap-0.5 text-sm">
            <p className="font-extrabold">{TOO_MANY_IMAGES}</p>
            {isPremium ? (
              <p>You can add up to {maxPhotos} photos per item.</p>
            ) : (
              <>
                <p>Free accounts can add up to {maxPhotos} photos per item.</p>
                <Link
                  to={paths.subscribe}
                  className="inline-flex min-h-11 items-center justify-self-start font-extrabold text-primary-800 underline underline-offset-4"
                >
                  Upgrade to Premium for up to {LIMITS.photosPremium}.
                </Link>
              </>
            )}
          </div>
        </div>
      ) : null}

      {list.duplicate ? (
        <p role="status" className="flex items-start gap-1.5 text-sm font-semibold text-ink-700">
          <Info className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
          <span>{PHOTO_ALREADY_ADDED}. It is kept once.</span>
        </p>
      ) : null}

      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-semibold text-danger-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}

      {photos.length > 0 ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Chosen photos">
          {photos.map((photo, index) => {
            const position = index + 1;
            return (
              <li
                key={photo.key}
                className="relative overflow-hidden rounded-card border border-ink-200 bg-white shadow-soft"
              >
                <PhotoThumb photo={photo} position={position} />
                {index === 0 ? (
                  <span className="absolute top-2 left-2 rounded-full bg-ink-900/80 px-2 py-0.5 text-xs font-extrabold text-white">
                    Cover
                  </span>
                ) : null}
                <div className="flex items-center justify-between gap-1 px-1 py-0.5">
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move photo ${position} left`}
                    disabled={disabled || index === 0}
                    onClick={() => list.move(photo.key, -1)}
                  >
                    <ChevronLeft aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={cn(iconButton, 'text-danger-700 hover:bg-danger-50 hover:text-danger-800')}
                    aria-label={`Remove photo ${position}`}
                    disabled={disabled}
                    onClick={() => {
                      list.remove(photo.key);
                      onChange?.();
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move photo ${position} right`}
                    disabled={disabled || index === photos.length - 1}
                    onClick={() => list.move(photo.key, 1)}
                  >
                    <ChevronRight aria-hidden="true" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        // A bigger target for fingers and mice; keyboards and screen readers use 'Add photos'.
        <div
          aria-hidden="true"
          onClick={() => localInput.current?.click()}
          className="flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed border-ink-300 bg-ink-50 px-4 py-6 text-center text-ink-600 hover:border-primary-400 hover:bg-primary-50"
        >
          <ImagePlus className="size-8 text-primary-700" aria-hidden="true" />
          <span className="font-bold text-ink-800">Take or choose photos</span>
          <span className="text-sm">The first photo is the cover families see first.</span>
        </div>
      )}

      <p className="sr-only" aria-live="polite">
        {list.announcement}
      </p>
    </div>
  );
}
