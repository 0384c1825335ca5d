import { describe, expect, it } from 'vitest';
import { FALLBACK_PHOTOS, GALLERY_MIN_TILES, galleryTiles, tileAlt } from '../../src/client/components/home/gallery-tiles';

const upload = (n: number) => ({ id: `p${n}`, fileName: `p${n}.webp`, alt: `Picture ${n}`, caption: `Caption ${n}` });

describe('galleryTiles', () => {
  it('shows the built-in photos when nothing is uploaded', () => {
    expect(galleryTiles([]).map((t) => t.src)).toEqual(FALLBACK_PHOTOS.map((p) => p.src));
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
    expect(tileAlt({ alt: 'Children learning and playing at the centre', caption: null })).toBe('Children learning and playing at the centre');
  });
});
