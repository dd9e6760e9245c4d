/**
 * How wide item photos are drawn, for `sizes` beside a srcset (and the server's preload of the
 * first one): the browser picks the smallest rendition that is sharp at that width. Worked out
 * from the layout classes, with Tailwind's breakpoints (sm 640, md 768, lg 1024 px) and pages of
 * `max-w-6xl` (1152 px) with `px-4` (16 px a side) below sm and `px-6` (24 px) from sm. Change
 * these with those classes; a width that is too large only costs bytes, too small blurs.
 */

/** The content width of a page once it stops growing: max-w-6xl less px-6 on both sides. */
const PAGE_CONTENT_PX = 1152 - 48;

/**
 * A card of the item grid (itemGridClasses: 2 columns with a 12 px gap, 16 px from sm, 3 from
 * md, `wideColumns` from lg): (viewport − padding − gaps) ÷ columns, fixed once the page stops
 * growing (264 px for the usual 4). Home's Featured row has 3 to 5 columns from lg.
 */
export function itemGridImageSizes(wideColumns: 3 | 4 | 5 = 4): string {
  const gapsPx = 16 * (wideColumns - 1);
  const share = Math.floor(1000 / wideColumns) / 10;
  return [
    `(min-width: 1152px) ${Math.ceil((PAGE_CONTENT_PX - gapsPx) / wideColumns)}px`,
    `(min-width: 1024px) calc(${share}vw - ${Math.floor((48 + gapsPx) / wideColumns)}px)`,
    '(min-width: 768px) calc(33.3vw - 26px)',
    '(min-width: 640px) calc(50vw - 32px)',
    'calc(50vw - 22px)',
  ].join(', ');
}

export const ITEM_GRID_IMAGE_SIZES = itemGridImageSizes();

/** A card of a profile's items (1 column, 2 from sm, 3 from lg, 16 px gaps): 358 px at most. */
export const PROFILE_GRID_IMAGE_SIZES = [
  '(min-width: 1152px) 358px',
  '(min-width: 1024px) calc(33.3vw - 26px)',
  '(min-width: 640px) calc(50vw - 32px)',
  'calc(100vw - 32px)',
].join(', ');

/**
 * The item page's main photo: the page's whole width on phones and tablets; from lg the left
 * 3/5 of two columns 40 px apart, 639 px at most.
 */
export const ITEM_PAGE_IMAGE_SIZES = [
  '(min-width: 1152px) 639px',
  '(min-width: 1024px) calc(60vw - 53px)',
  '(min-width: 640px) calc(100vw - 48px)',
  'calc(100vw - 32px)',
].join(', ');

/** The item page's other photos, 4 to a row under the main one (8 px gaps, 12 px from sm). */
export const ITEM_THUMB_IMAGE_SIZES = [
  '(min-width: 1152px) 151px',
  '(min-width: 1024px) calc(15vw - 22px)',
  '(min-width: 640px) calc(25vw - 21px)',
  'calc(25vw - 14px)',
].join(', ');
