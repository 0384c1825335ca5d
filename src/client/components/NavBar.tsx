import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, Menu, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { centre } from '../../shared/centre';
import { LinkButton } from './ui/LinkButton';
import { PlainButton } from './ui/PlainButton';
import { BrandMark } from './BrandMark';

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
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <Link to="/" className="flex min-h-11 items-center gap-2 rounded-lg font-bold text-brand-800 outline-none focus-visible:ring-3 focus-visible:ring-brand-500/50">
          <BrandMark className="size-8" />
          <span className="text-base sm:text-lg">{centre.name}</span>
        </Link>
        {backOnly ? (
          <LinkButton href="/" variant="outline" size="sm">
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
 * and which list it controls). The list closes when the page changes, and on Escape, which returns focus to the
 * button. A native button, not React Aria's: this is on every public page, loaded first.
 */
function PhoneMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => setOpen(false), [pathname]);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    setOpen(false);
    trigger.current?.focus();
  }

  return (
    // Escape from anywhere inside (the button or a link) bubbles up to this wrapper.
    <div className="md:hidden" onKeyDown={onKeyDown}>
      <PlainButton ref={trigger} variant="outline" size="md" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        Menu
      </PlainButton>
      <div id={panelId} hidden={!open} className="absolute inset-x-0 top-full border-b border-stone-200 bg-white shadow-lg">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {NAV_LINKS.map(({ href, label }, i) => (
            <li key={href}>
              <LinkButton href={href} variant={i === NAV_LINKS.length - 1 ? 'primary' : 'ghost'} className="w-full justify-start" onClick={() => setOpen(false)}>
                {label}
              </LinkButton>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
