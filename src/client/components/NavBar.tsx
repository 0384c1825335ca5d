import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { centre } from '../../shared/centre';
import { LinkButton } from './ui/LinkButton';
import { PlainButton } from './ui/PlainButton';
import { BrandMark } from './BrandMark';
import { closePhoneMenu } from './phone-menu';

/** Pages that show only a Back to Home button (SPEC.md §2 Navigation bar). */
const BACK_ONLY = new Set(['/enrollment', '/events', '/milestones']);

/** The four buttons of SPEC.md §2, in order; the last is the call to action. */
const NAV_LINKS = [
  { href: '/events', label: 'Events' },
  { href: '/milestones', label: 'Milestones' },
  { href: '/parent-login', label: 'Parent Portal' },
  { href: '/enrollment', label: 'Online Enrollment' },
] as const;

export function NavBar() {
  const { pathname } = useLocation();
  const backOnly = BACK_ONLY.has(pathname.replace(/\/+$/, '') || '/');
  return (
    <header className="relative z-40 border-b border-stone-200 bg-white/95 backdrop-blur md:sticky md:top-0">
      {/* One row on a 375 px phone: the short name is shown there, the full name is what the link says to everyone. */}
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-nowrap items-center justify-between gap-2 px-4 py-2">
        <Link
          to="/"
          className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg font-bold text-brand-800 outline-none focus-visible:ring-3 focus-visible:ring-brand-500/50"
        >
          <BrandMark className="size-8 shrink-0" />
          <span aria-hidden="true" className="truncate text-base sm:hidden">
            {centre.shortName}
          </span>
          <span className="sr-only text-base sm:not-sr-only sm:text-lg">{centre.name}</span>
        </Link>
        {backOnly ? (
          <LinkButton href="/" variant="outline" size="sm" className="shrink-0">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Home
          </LinkButton>
        ) : (
          <>
            <div className="hidden items-center gap-1 md:flex">
              {NAV_LINKS.map(({ href, label }, i) => (
                <LinkButton key={href} href={href} variant={i === NAV_LINKS.length - 1 ? 'primary' : 'ghost'} size="sm">
                  {label}
                </LinkButton>
              ))}
            </div>
            <PhoneMenu pathname={pathname} />
          </>
        )}
      </nav>
    </header>
  );
}

/**
 * The same four buttons on a phone, behind a Menu button (a disclosure: the button says whether the list is open
 * and which list it controls). A native button, not React Aria's: this is on every public page, loaded first.
 * What it does is plain DOM, in phone-menu.ts, so that it works alike on the home page, which React does not
 * adopt (ADR 016): React draws it closed and never sets its state again, and closes it when the page changes.
 */
function PhoneMenu({ pathname }: { pathname: string }) {
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
        Menu
      </PlainButton>
      <div id={panelId} hidden className="absolute inset-x-0 top-full border-b border-stone-200 bg-white shadow-lg">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {NAV_LINKS.map(({ href, label }, i) => (
            <li key={href}>
              <LinkButton href={href} variant={i === NAV_LINKS.length - 1 ? 'primary' : 'ghost'} className="w-full justify-start">
                {label}
              </LinkButton>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
