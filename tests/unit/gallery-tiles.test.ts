import { describe, expect, it } from 'vitest';
import { pictureSources } from '../../src/client/components/gallery/picture-sources';
import { FALLBACK_PHOTOS, GALLERY_MIN_TILES, galleryTiles as tilesOf, tileAlt } from '../../src/client/components/home/gallery-tiles';

const upload = (n: number) => ({
  id: `p${n}`,
  fileName: `p${n}.webp`,
  alt: `Picture ${n}`,
  caption: `Caption ${n}`,
  width: null,
  height: null,
  variants: [],
});

/** The built-in photos' words as a page gives them (GallerySection: the site catalogue's `home.gallery.<id>.*`). */
const builtIn = (id: string) => ({ alt: `alt of ${id}`, caption: `caption of ${id}` });
const galleryTiles = (uploaded: Parameters<typeof tilesOf>[0]) => tilesOf(uploaded, builtIn);

describe('galleryTiles', () => {
  it('shows the built-in photos when nothing is uploaded', () => {
    expect(galleryTiles([]).map((t) => t.src)).toEqual(FALLBACK_PHOTOS.map((p) => p.src));
  });

  it("names the built-in photos in the page's words, by their catalogue id", () => {
    expect(galleryTiles([])[0]).toMatchObject({ alt: 'alt of classroom', caption: 'caption of classroom' });
  });

  it('puts the first upload in front of the built-in photos instead of replacing them all', () => {
    const tiles = galleryTiles([upload(1)]);
    expect(tiles).toHaveLength(GALLERY_MIN_TILES);
    expect(tiles[0]!.src).toBe('/uploads/p1.webp');
    expect(tiles.slice(1).map((t) => t.src)).toEqual(FALLBACK_PHOTOS.slice(0, GALLERY_MIN_TILES - 1).map((p) => p.src));
  });

  it('drops the built-in photos once real pictures fill the grid, and then shows every upload', () => {
    const full = galleryTiles(Array.from({ length: GALLERY_MIN_TILES }, (_, i) => upload(i)));
    expect(full.every((t) => t.src.startsWith('/uploads/'))).toBe(true);
    expect(galleryTiles(Array.from({ length: 9 }, (_, i) => upload(i)))).toHaveLength(9);
  });

  it('escapes the file name in the address', () => {
    expect(galleryTiles([{ ...upload(1), fileName: 'a b#.webp' }])[0]!.src).toBe('/uploads/a%20b%23.webp');
  });
});

describe('tileAlt', () => {
  it('leaves the alt empty when it would only repeat the caption beside the image', () => {
    expect(tileAlt({ alt: 'Block tower', caption: ' block tower ' })).toBe('');
  });
  it('keeps an alt that says more than the caption, or any alt when there is no caption', () => {
    expect(tileAlt({ alt: 'Two children stacking blocks', caption: 'Block tower' })).toBe('Two children stacking blocks');
    expect(tileAlt({ alt: 'Children learning and playing at the centre', caption: null })).toBe(
      'Children learning and playing at the centre',
    );
  });
});

describe('pictureSources', () => {
  const v = (w: number, type: 'avif' | 'webp') => ({
    fileName: `p-${w}w.${type}`,
    mimeType: `image/${type}`,
    width: w,
    height: (w * 3) / 4,
  });

  it('lists the AVIF copies, and the WebP copies with the stored picture as the widest, by width', () => {
    const sources = pictureSources({
      fileName: 'p.webp',
      width: 2000,
      height: 1500,
      variants: [v(640, 'avif'), v(640, 'webp'), v(320, 'avif'), v(320, 'webp')],
    });
    expect(sources).toEqual({
      src: '/uploads/p.webp',
      width: 2000,
      height: 1500,
      avifSrcSet: '/uploads/p-320w.avif 320w, /uploads/p-640w.avif 640w',
      webpSrcSet: '/uploads/p-320w.webp 320w, /uploads/p-640w.webp 640w, /uploads/p.webp 2000w',
    });
  });

  it('shows a picture without variants (uploaded before them) alone, in a 4:3 box', () => {
    expect(pictureSources({ fileName: 'old.webp', width: null, height: null, variants: [] })).toEqual({
      src: '/uploads/old.webp',
      width: 400,
      height: 300,
      avifSrcSet: undefined,
      webpSrcSet: undefined,
    });
  });
});
