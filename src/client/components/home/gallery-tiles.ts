import { type PictureSources, pictureSources, type StoredPicture } from '../gallery/picture-sources';

/**
 * Built-in photos (illustrations made for this project, served from /gallery/) that fill the grid until enough
 * pictures are uploaded. They are SVG: about 1 KB each compressed, sharp at every width, so no srcset (ADR 012).
 */
export const FALLBACK_PHOTOS = [
  {
    src: '/gallery/classroom-learning-space.svg',
    caption: 'Classroom learning space',
    alt: 'Illustration of a bright classroom with low tables, a bookshelf and an alphabet banner',
  },
  {
    src: '/gallery/outdoor-learning-activities.svg',
    caption: 'Outdoor learning activities',
    alt: 'Illustration of children playing outdoors with a slide, a tree and a ball',
  },
  {
    src: '/gallery/science-discovery.svg',
    caption: 'Science discovery',
    alt: 'Illustration of a child looking at a leaf through a magnifying glass beside a plant',
  },
  {
    src: '/gallery/fine-motor-skills.svg',
    caption: 'Fine motor skills',
    alt: 'Illustration of small hands threading beads, with a pegboard and crayons',
  },
  {
    src: '/gallery/cognitive-development.svg',
    caption: 'Cognitive development',
    alt: 'Illustration of a child solving a puzzle beside counting blocks and a shape sorter',
  },
] as const;

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
export function galleryTiles(uploaded: readonly (StoredPicture & { id: string; alt: string; caption: string | null })[]): Photo[] {
  const real: Photo[] = uploaded.map((p) => {
    const image = pictureSources(p);
    return { key: p.id, src: image.src, image, alt: p.alt, caption: p.caption };
  });
  const fill = FALLBACK_PHOTOS.slice(0, Math.max(0, GALLERY_MIN_TILES - real.length)).map((p) => ({
    key: p.src,
    src: p.src,
    image: { src: p.src, ...FALLBACK_SIZE },
    alt: p.alt,
    caption: p.caption,
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
