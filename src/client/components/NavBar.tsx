import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, Languages, LogOut, Menu, X } from '~/client/components/icons/first-view-icons';
import { useEffect, useId, useRef } from 'react';
import { logoBox, type LogoSize } from '../../shared/centre-profile';
import { pageCentre } from '../../shared/page-centre';
import { siteText } from '../../shared/i18n/registry';
import { hasTwin, languageOfPath, type PageLanguage, pathIn } from '../../shared/i18n/paths';
import { useHeaderSignOut } from '../lib/header-sign-out';
import { useSiteWords } from '../lib/site-words';
import { usePortalLanguage } from './parent/queries';
import { buttonClass } from './ui/button-class';
import { cn } from './ui/cn';
import { LinkButton } from './ui/LinkButton';
import { PlainButton } from './ui/PlainButton';
import { BrandMark } from './BrandMark';
import { closePhoneMenu } from './phone-menu';

/** Pages that show only a Back to Home button (docs/product.md §2 Navigation bar), and their Spanish twins. */
const BACK_ONLY = new Set(['/enrollment', '/events', '/milestones', '/es/enrollment', '/es/events', '/es/milestones']);

/**
 * The staff dashboard's addresses: their header is the staff's own, the centre's name with no public-site buttons
 * (at 768 px those broke into "Even ts"); on a phone its menu holds only the dashboard's Logout.
 */
const STAFF_PAGES = new Set(['/admin', '/admin-dashboard']);

/** The four buttons of docs/product.md §2, in order; the last is the call to action. The parent portal has no twin. */
const NAV_LINKS = [
  { href: '/events', label: 'nav.events' },
  { href: '/milestones', label: 'nav.milestones' },
  { href: '/parent-login', label: 'nav.parentPortal' },
  { href: '/enrollment', label: 'nav.enrollment' },
] as const;

function navLinks(language: PageLanguage) {
  return NAV_LINKS.map(({ href, label }) => ({ href: hasTwin(href) ? pathIn(language, href) : href, label: siteText(language, label) }));
}

/**
 * The language switch: a plain link to the same page in the other language, named in that language
 * (`lang`, `hreflang`). Rendered only on a page that has a twin.
 */
function LanguageSwitch({ pathname, className, iconClass }: { pathname: string; className?: string; iconClass?: string }) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!hasTwin(path)) return null;
  const language = languageOfPath(path);
  const other = language === 'es' ? 'en' : 'es';
  return (
    <a
      href={pathIn(other, path)}
      hrefLang={other}
      lang={other}
      data-language-switch=""
      title={siteText(language, 'nav.otherLanguageLabel')}
      className={cn(buttonClass('ghost', 'sm'), 'shrink-0', className)}
    >
      <Languages aria-hidden="true" className={cn('size-4', iconClass)} />
      {siteText(language, 'nav.otherLanguage')}
    </a>
  );
}

/**
 * The centre's logo where the header draws its mark, once the director has uploaded one (server/centre/logo.ts):
 * 32 px high, its width and height set from the size the server encoded, so nothing moves when it arrives. Its
 * address is new with every upload, so it is cached for long (app.ts) and a new logo is a new request.
 */
function CentreLogo({ src, size, alt }: { src: string; size: LogoSize | null; alt: string }) {
  const box = logoBox(size, 32);
  return (
    <img src={src} alt={alt} width={box.width} height={box.height} data-centre-logo="" className="h-8 w-auto shrink-0 object-contain" />
  );
}

/**
 * The skip link and the site header, in the page's language: its address's (ADR 045), or on the parent's portal
 * the portal's (ADR 047), so a parent who reads Spanish meets no English above their dashboard.
 */
export function NavBar() {
  const { pathname, search } = useLocation();
  return pathname === '/parent-dashboard' ? (
    <PortalNavBar child={search.child ?? null} />
  ) : (
    <Header pathname={pathname} language={languageOfPath(pathname)} />
  );
}

function PortalNavBar({ child }: { child: string | null }) {
  return <Header pathname="/parent-dashboard" language={usePortalLanguage(child)} />;
}

function Header({ pathname, language: wanted }: { pathname: string; language: PageLanguage }) {
  const centre = pageCentre();
  const backOnly = BACK_ONLY.has(pathname.replace(/\/+$/, '') || '/');
  const staff = STAFF_PAGES.has(pathname.replace(/\/+$/, ''));
  const language = useSiteWords(wanted);
  const links = staff ? [] : navLinks(language);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 items-center rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:flex focus:min-h-11"
      >
        {siteText(language, 'nav.skip')}
      </a>
      <header className="relative z-40 border-b border-stone-200 bg-white/95 backdrop-blur md:sticky md:top-0">
        {/* One row on a 375 px phone: the short name is shown there, on two lines where the row is narrow (a page with
            Back to Home), never cut; the full name is what the link says to everyone. */}
        <nav
          aria-label={siteText(language, 'nav.main')}
          className="mx-auto flex max-w-6xl flex-nowrap items-center justify-between gap-2 px-4 py-2"
        >
          <Link
            to={pathIn(language, '/')}
            className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg font-bold text-brand-800 outline-none focus-visible:ring-3 focus-visible:ring-brand-500/50"
          >
            {centre.logo ? (
              <CentreLogo src={centre.logo} size={centre.logoSize} alt={siteText(language, 'nav.logoAlt', { name: centre.name })} />
            ) : (
              <BrandMark className="size-8 shrink-0" />
            )}
            <span aria-hidden="true" className="text-sm leading-tight break-normal sm:hidden">
              {centre.shortName}
            </span>
            <span className="sr-only text-base sm:not-sr-only sm:text-lg">{centre.name}</span>
          </Link>
          {backOnly ? (
            // On a phone without their icons and with less padding: room for the centre's name beside them.
            <div className="flex shrink-0 items-center gap-1">
              <LanguageSwitch pathname={pathname} className="max-sm:px-2" iconClass="max-sm:hidden" />
              <LinkButton href={pathIn(language, '/')} variant="outline" size="sm" className="shrink-0 max-sm:px-2">
                <ArrowLeft aria-hidden="true" className="size-4 max-sm:hidden" />
                {siteText(language, 'nav.back')}
              </LinkButton>
            </div>
          ) : staff ? (
            <>
              <p data-staff-header="" className="hidden shrink-0 text-sm font-medium text-stone-600 md:block">
                {siteText(language, 'nav.staffArea')}
              </p>
              <PhoneMenu pathname={pathname} language={language} links={links} />
            </>
          ) : (
            <>
              <div className="hidden items-center gap-1 md:flex">
                <LanguageSwitch pathname={pathname} />
                {links.map(({ href, label }, i) => (
                  <LinkButton key={href} href={href} variant={i === links.length - 1 ? 'primary' : 'ghost'} size="sm">
                    {label}
                  </LinkButton>
                ))}
              </div>
              {/* On a phone the other language is in the row itself, not behind Menu: a reader of Spanish sees
                  "Español" as the page opens (a link, never a redirect: a page's language is its address, ADR 045). */}
              <div className="ml-auto flex shrink-0 items-center gap-1 md:hidden">
                <LanguageSwitch pathname={pathname} className="max-sm:px-2" iconClass="max-sm:hidden" />
                <PhoneMenu pathname={pathname} language={language} links={links} />
              </div>
            </>
          )}
        </nav>
      </header>
    </>
  );
}

/**
 * The same four buttons on a phone, behind a Menu button (a disclosure: the button says whether the list is open
 * and which list it controls). A native button, not React Aria's: this is on every public page, loaded first.
 * What it does is plain DOM, in phone-menu.ts, so that it works alike on the home page, which React does not
 * hydrate (ADR 016): React renders it closed and never sets its state again, and closes it when the page changes.
 */
function PhoneMenu({ pathname, language, links }: { pathname: string; language: PageLanguage; links: ReturnType<typeof navLinks> }) {
  // The signed-in area's own Sign Out (the parent's dashboard, the staff's), where someone is signed in.
  const signOut = useHeaderSignOut();
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    if (wrapper.current) closePhoneMenu(wrapper.current);
  }, [pathname]);

  return (
    <div ref={wrapper} className="shrink-0 md:hidden" data-phone-menu="">
      <PlainButton variant="outline" size="md" className="group" aria-expanded={false} aria-controls={panelId}>
        <Menu aria-hidden="true" className="size-5 group-aria-expanded:hidden" />
        <X aria-hidden="true" className="hidden size-5 group-aria-expanded:block" />
        {siteText(language, 'nav.menu')}
      </PlainButton>
      <div id={panelId} hidden className="absolute inset-x-0 top-full border-b border-stone-200 bg-white shadow-lg">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {links.map(({ href, label }, i) => (
            <li key={href}>
              <LinkButton href={href} variant={i === links.length - 1 ? 'primary' : 'ghost'} className="w-full justify-start">
                {label}
              </LinkButton>
            </li>
          ))}
          {signOut && (
            <li>
              <PlainButton variant="outline" className="w-full justify-start" onClick={signOut.run}>
                <LogOut aria-hidden="true" className="size-4" />
                {signOut.label}
              </PlainButton>
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}
