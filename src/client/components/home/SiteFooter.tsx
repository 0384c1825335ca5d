import type { SiteKey } from '~/shared/i18n/en';
import { siteText } from '~/shared/i18n/registry';
import { usePageLanguage } from '../../lib/page-language';
import { Lock } from 'lucide-react';
import { pageCentre } from '~/shared/page-centre';
import { centrePlace } from '~/shared/public-pages';
import { BrandMark } from '../BrandMark';
import { LinkButton } from '../ui/LinkButton';
import { PlainButton } from '../ui/PlainButton';

const PROGRAM_LINKS = ['home.programs.infant.name', 'home.programs.preschool.name', 'home.programs.kindergarten.name'] as const;

const footerLink =
  'inline-flex min-h-11 items-center rounded text-stone-300 underline-offset-2 outline-none hover:text-white hover:underline focus-visible:ring-3 focus-visible:ring-sun-300/70';

/** An Instagram-style glyph (lucide no longer ships brand logos). */
/** The site's social link and the year its copyright line starts. */
const SOCIAL_URL = 'https://www.facebook.com/';
const COPYRIGHT_YEAR = 2024;

function InstagramGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}

/** A Facebook-style "f" glyph for the social page link. */
function FacebookGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="currentColor">
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21z" />
    </svg>
  );
}

/** `home`: on a page other than the home page (the not-found page), the address of the home page its program links lead to. */
export function SiteFooter({ home }: { home?: string } = {}) {
  const centre = pageCentre();
  // Through the small formatter, as the navigation bar (ADR 070): the not-found page, drawn by the app, is not to
  // bring FormatJS's parser into the app's first load.
  const language = usePageLanguage();
  const t = (key: SiteKey, values?: Record<string, string>) => siteText(language, key, values);
  return (
    <footer className="bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <BrandMark className="size-8" />
            {centre.name}
          </p>
          <p className="mt-3 text-sm">{t('footer.tagline', centrePlace(language))}</p>
        </div>
        <nav aria-labelledby="footer-programs">
          <h2 id="footer-programs" className="font-semibold text-white">
            {t('footer.programs')}
          </h2>
          {/* Real links (they work without any script); with one, a smooth scroll that keeps the address (scrollToSection.ts). */}
          <ul className="mt-1 flex flex-col text-sm">
            {PROGRAM_LINKS.map((name) => (
              <li key={name}>
                <a href={home ? `${home}#programs` : '#programs'} data-scroll-to={home ? undefined : 'programs'} className={footerLink}>
                  {t(name)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{t('footer.follow')}</h2>
          <div className="mt-3 flex items-center gap-2">
            <a
              href={SOCIAL_URL}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('footer.facebook')}
              className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white outline-none hover:bg-white/20 focus-visible:ring-3 focus-visible:ring-sun-300/70"
            >
              <FacebookGlyph />
            </a>
            <PlainButton
              aria-label={t('footer.instagram')}
              variant="ghost"
              className="size-11 rounded-full! bg-white/10! px-0! text-white! hover:bg-white/20!"
            >
              <InstagramGlyph />
            </PlainButton>
          </div>
          <LinkButton
            href="/admin/login"
            variant="ghost"
            size="sm"
            className="mt-6 -ml-3 text-stone-300! hover:bg-white/10! hover:text-white!"
          >
            <Lock aria-hidden="true" className="size-4" />
            {t('footer.admin')}
          </LinkButton>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-4 text-center text-sm text-stone-400">
          {t('footer.rights', { year: String(COPYRIGHT_YEAR), name: centre.name })}
        </p>
      </div>
    </footer>
  );
}
