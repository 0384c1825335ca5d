import { type PictureSources, pictureSources, type StoredPicture } from '../gallery/picture-sources';

/**
 * Built-in photos (illustrations made for this project, served from /gallery/) that fill the grid until enough
 * pictures are uploaded. They are SVG: about 1 KB each compressed, sharp at every width, so no srcset (ADR 012).
 * Their caption and alt text are the site catalogue's `home.gallery.<id>.*`, in the page's language.
 */
export const FALLBACK_PHOTOS = [
  { src: '/gallery/classroom-learning-space.svg', id: 'classroom' },
  { src: '/gallery/outdoor-learning-activities.svg', id: 'outdoor' },
  { src: '/gallery/science-discovery.svg', id: 'science' },
  { src: '/gallery/fine-motor-skills.svg', id: 'fineMotor' },
  { src: '/gallery/cognitive-development.svg', id: 'cognitive' },
] as const;

/** A built-in photo's name in the catalogue. */
export type BuiltInPhoto = (typeof FALLBACK_PHOTOS)[number]['id'];

/** A built-in photo's words in the page's language (GallerySection reads them from the catalogue). */
export type BuiltInWords = (id: BuiltInPhoto) => { alt: string; caption: string };

export interface Photo {
  key: string;
  /** Address of the image; `image` adds its size and srcset lists. */
  src: string;
  image: PictureSources;
  alt: string;
  caption: string | null;
}

/** The built-in illustrations are drawn on a 400×300 canvas. */
const FALLBACK_SIZE = { width: 400, height: 300 } as const;

/** The grid is never smaller than the set of built-in photos. */
export const GALLERY_MIN_TILES = FALLBACK_PHOTOS.length;

/**
 * The tiles of the gallery: every uploaded picture (newest first), then built-in photos until the grid holds
 * `GALLERY_MIN_TILES`. The first upload therefore joins the built-in photos instead of replacing all of them
 * with a lone picture; they step aside one by one as real pictures arrive.
 */
export function galleryTiles(
  uploaded: readonly (StoredPicture & { id: string; alt: string; caption: string | null })[],
  builtIn: BuiltInWords,
): Photo[] {
  const real: Photo[] = uploaded.map((p) => {
    const image = pictureSources(p);
    return { key: p.id, src: image.src, image, alt: p.alt, caption: p.caption };
  });
  const fill = FALLBACK_PHOTOS.slice(0, Math.max(0, GALLERY_MIN_TILES - real.length)).map((p) => ({
    key: p.src,
    src: p.src,
    image: { src: p.src, ...FALLBACK_SIZE },
    ...builtIn(p.id),
  }));
  return [...real, ...fill];
}

/**
 * The image's alt text, unless it would only repeat the caption shown under it: then the image is named by
 * its figcaption alone (alt=""), so a screen reader does not read the same words twice.
 */
export function tileAlt(p: Pick<Photo, 'alt' | 'caption'>): string {
  return p.caption && p.alt.trim().toLowerCase() === p.caption.trim().toLowerCase() ? '' : p.alt;
}
