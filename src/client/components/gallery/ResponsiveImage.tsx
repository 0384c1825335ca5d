import type { PictureSources } from './picture-sources';

interface ResponsiveImageProps {
  image: PictureSources;
  alt: string;
  /** How wide the image is rendered, for the browser's choice in `srcset` (the `sizes` attribute). */
  sizes: string;
  /** 'lazy' below the fold; the one image that is the page's largest paint gets 'eager' and `priority`. */
  loading?: 'lazy' | 'eager';
  priority?: boolean;
  className?: string;
}

/**
 * A picture in the formats the browser reads best: AVIF when it can, else WebP, each at the width `sizes`
 * asks for; width and height always set, so nothing moves when it arrives.
 */
export function ResponsiveImage({ image, alt, sizes, loading = 'lazy', priority = false, className }: ResponsiveImageProps) {
  return (
    <picture className="block">
      {image.avifSrcSet && <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />}
      <img
        src={image.src}
        srcSet={image.webpSrcSet}
        sizes={image.webpSrcSet ? sizes : undefined}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
        className={className}
      />
    </picture>
  );
}
