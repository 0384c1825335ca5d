import { ClipboardPen, Phone } from '~/client/components/icons/first-view-icons';
import { pageCentre } from '../../shared/page-centre';
import { telHref } from '../../shared/centre-profile';
import { buttonClass } from './ui/button-class';
import { LinkButton } from './ui/LinkButton';
import { useLocation } from '@tanstack/react-router';
import { siteText } from '../../shared/i18n/registry';
import { languageOfPath, pathIn } from '../../shared/i18n/paths';

/**
 * Pages without the bar: the enrollment form (Apply is where the parent already is, and a fixed bar would sit
 * over the Submit button and, with the keyboard open, over the fields) and the staff and parent screens.
 */
const WITHOUT_BAR = [
  /^(?:\/es)?\/enrollment\/?$/,
  /^\/admin(?:\/|$)/,
  /^\/admin-dashboard\/?$/,
  /^(?:\/es)?\/parent-(?:login|dashboard)\/?$/,
];

export function showsPhoneActionBar(pathname: string): boolean {
  return !WITHOUT_BAR.some((re) => re.test(pathname));
}

/** Bottom padding the page takes where the bar is shown, so the bar never hides the end of the page. */
export const PHONE_ACTION_BAR_CLEARANCE = 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0';

/** On a phone, Call and Apply stay at hand at the bottom of the screen, as parents expect of a centre's site. */
export function PhoneActionBar() {
  const centre = pageCentre();
  const language = languageOfPath(useLocation({ select: (l) => l.pathname }));
  return (
    <nav
      aria-label={siteText(language, 'nav.actionBar')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] backdrop-blur md:hidden"
    >
      <div className="grid grid-cols-2 gap-2">
        <a href={telHref(centre.phone)} className={buttonClass('outline', 'md')}>
          <Phone aria-hidden="true" className="size-4" />
          {siteText(language, 'nav.call')}
          <span className="sr-only"> {centre.phone}</span>
        </a>
        <LinkButton href={pathIn(language, '/enrollment')} variant="primary" size="md">
          <ClipboardPen aria-hidden="true" className="size-4" />
          {siteText(language, 'nav.apply')}
        </LinkButton>
      </div>
    </nav>
  );
}
