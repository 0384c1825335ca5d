/**
 * Where the browser finds a gallery picture: the stored WebP (`/uploads/{fileName}`, docs/product.md §7) and, when the
 * server has made them (ADR 012), `srcset` lists of its AVIF and WebP copies so a phone downloads a small one.
 */
export interface StoredPicture {
  fileName: string;
  width: number | null;
  height: number | null;
  variants: readonly { fileName: string; mimeType: string; width: number }[];
}

export interface PictureSources {
  src: string;
  /** The picture's own size when known, else the 4:3 of the tile it fills: the space is kept before it loads. */
  width: number;
  height: number;
  avifSrcSet?: string;
  webpSrcSet?: string;
}

export const uploadUrl = (fileName: string) => `/uploads/${encodeURIComponent(fileName)}`;

const TILE = { width: 400, height: 300 } as const;

function srcSet(candidates: { url: string; width: number }[]): string | undefined {
  if (candidates.length === 0) return undefined;
  return [...candidates]
    .sort((a, b) => a.width - b.width)
    .map((c) => `${c.url} ${c.width}w`)
    .join(', ');
}

export function pictureSources(p: StoredPicture): PictureSources {
  const src = uploadUrl(p.fileName);
  const of = (type: string) => p.variants.filter((v) => v.mimeType === type).map((v) => ({ url: uploadUrl(v.fileName), width: v.width }));
  const webp = of('image/webp');
  // The stored picture is the WebP at full width: the largest candidate.
  if (p.width && !webp.some((c) => c.width === p.width)) webp.push({ url: src, width: p.width });
  const known = p.width && p.height;
  return {
    src,
    width: known ? p.width! : TILE.width,
    height: known ? p.height! : TILE.height,
    avifSrcSet: srcSet(of('image/avif')),
    // Without variants (an upload the start-up backfill has not reached yet) the picture alone is shown.
    webpSrcSet: p.variants.length && p.width ? srcSet(webp) : undefined,
  };
}
