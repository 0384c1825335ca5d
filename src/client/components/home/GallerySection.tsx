import { useT } from '../../lib/i18n';
import { useQuery } from '@tanstack/react-query';
import { ResponsiveImage } from '../gallery/ResponsiveImage';
import { galleryTiles, tileAlt } from './gallery-tiles';
import { galleryQuery } from './queries';

const PLACEHOLDER_COUNT = 8;

/**
 * How wide a tile is rendered (the grid below: one column on a phone, two from 640 px, six tracks from 1024 px
 * inside the 72rem container with 1rem padding and gaps), for the browser's choice of file in `srcset`.
 */
const TILE_SIZES = {
  wide: '(min-width: 1024px) 552px, (min-width: 640px) calc(50vw - 1.5rem), calc(100vw - 2rem)',
  normal: '(min-width: 1024px) 363px, (min-width: 640px) calc(50vw - 1.5rem), calc(100vw - 2rem)',
} as const;

/**
 * On wide screens three tiles fill a row; when the count does not divide by three, the first row(s)
 * hold two wider tiles instead, so the grid never ends with a gap.
 */
function wideTiles(n: number): number {
  if (n % 3 === 2) return 2;
  if (n % 3 === 1 && n >= 4) return 4;
  return 0;
}

export function GallerySection() {
  const t = useT();
  const gallery = useQuery(galleryQuery());
  // What staff upload is shown as they wrote it; the built-in illustrations in the page's language.
  const photos = galleryTiles(gallery.data ?? [], (id) => ({ alt: t(`home.gallery.${id}.alt`), caption: t(`home.gallery.${id}.caption`) }));

  return (
    <section aria-labelledby="gallery-heading" className="bg-stone-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="gallery-heading" className="text-center text-3xl font-bold text-stone-900">
          {t('home.gallery.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-stone-600">{t('home.gallery.lead')}</p>
        {gallery.isPending ? (
          <ul aria-label={t('home.gallery.loading')} aria-busy="true" className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
            {Array.from({ length: PLACEHOLDER_COUNT }, (_, i) => (
              <li key={i} className="aspect-[4/3] animate-pulse rounded-xl bg-stone-200" />
            ))}
          </ul>
        ) : (
          <ul aria-label={t('home.gallery.label')} className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-6">
            {photos.map((p, i) => {
              const wide = i < wideTiles(photos.length);
              return (
                <li key={p.key} className={wide ? 'lg:col-span-3' : 'lg:col-span-2'}>
                  <figure className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
                    {/* Below the fold on every screen (after the hero, programs and about): always lazy. */}
                    <ResponsiveImage
                      image={p.image}
                      alt={tileAlt(p)}
                      sizes={wide ? TILE_SIZES.wide : TILE_SIZES.normal}
                      className="aspect-[4/3] h-auto w-full object-cover"
                    />
                    {p.caption && <figcaption className="px-4 py-3 text-sm font-medium text-stone-700">{p.caption}</figcaption>}
                  </figure>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
