import { useLocation } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-aria-components';
import { centre } from '../../shared/centre';
import { LinkButton } from './ui/Button';
import { BrandMark } from './BrandMark';

/** Pages that show only a Back to Home button (SPEC.md §2 Navigation bar). */
const BACK_ONLY = new Set(['/enrollment', '/events', '/milestones']);

export function NavBar() {
  const { pathname } = useLocation();
  const backOnly = BACK_ONLY.has(pathname.replace(/\/+$/, '') || '/');
  return (
    <header className="z-40 border-b border-stone-200 bg-white/95 backdrop-blur md:sticky md:top-0">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <Link href="/" className="flex min-h-11 items-center gap-2 rounded-lg font-bold text-brand-800 outline-none focus-visible:ring-3 focus-visible:ring-brand-500/50">
          <BrandMark className="size-8" />
          <span className="text-base sm:text-lg">{centre.name}</span>
        </Link>
        {backOnly ? (
          <LinkButton href="/" variant="outline" size="sm">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Home
          </LinkButton>
        ) : (
          <div className="flex flex-wrap items-center gap-1">
            <LinkButton href="/events" variant="ghost" size="sm">
              Events
            </LinkButton>
            <LinkButton href="/milestones" variant="ghost" size="sm">
              Milestones
            </LinkButton>
            <LinkButton href="/parent-login" variant="ghost" size="sm">
              Parent Portal
            </LinkButton>
            <LinkButton href="/enrollment" variant="primary" size="sm">
              Online Enrollment
            </LinkButton>
          </div>
        )}
      </nav>
    </header>
  );
}
