import { useLocalHref, useT } from '../../lib/i18n';
import { Award, ShieldCheck, Star } from 'lucide-react';
import { pageCentre } from '~/shared/page-centre';
import { centrePlace } from '~/shared/public-pages';
import { usePageLanguage } from '../../lib/page-language';
import { LinkButton } from '../ui/LinkButton';
import { PlainButton } from '../ui/PlainButton';

/** The claims of docs/product.md §1, written as an Ohio centre states them. */
const CLAIMS = [
  { icon: ShieldCheck, text: 'site.licence' },
  { icon: Star, text: 'home.claims.sutq' },
  { icon: Award, text: 'home.claims.bronze' },
] as const;

export function HeroSection() {
  const centre = pageCentre();
  const t = useT();
  const language = usePageLanguage();
  const href = useLocalHref();
  return (
    <section id="home" tabIndex={-1} aria-labelledby="home-heading" className="outline-none">
      <div role="note" aria-label={t('home.status.label')} className="bg-sun-400 px-4 py-2 text-center text-sm text-stone-900 sm:text-base">
        <strong className="font-extrabold tracking-wide">{t('home.status.now')}</strong>
        <span aria-hidden="true"> · </span>
        <span>{t('home.status.contact')}</span>
      </div>
      {/* Solid colours, not a gradient: every line keeps AA contrast, and axe can measure it (it cannot over a gradient). */}
      <div className="bg-brand-800 text-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{t('home.hero.kicker', centrePlace(language))}</p>
            <h1 id="home-heading" className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              {centre.name}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-brand-50">{t('home.hero.lead')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <LinkButton href={href('/enrollment')} variant="sun" size="lg">
                {t('home.hero.apply')}
              </LinkButton>
              <PlainButton
                variant="outline"
                size="lg"
                className="border-white/80! bg-transparent! text-white! hover:bg-white/15!"
                data-scroll-to="programs"
              >
                {t('home.hero.programs')}
              </PlainButton>
            </div>
          </div>
          <ul aria-label={t('home.claims.label')} className="flex flex-col gap-3">
            {CLAIMS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 rounded-xl bg-brand-900 p-4 ring-1 ring-white/20">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sun-400 text-stone-900">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="font-semibold">{t(text)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
