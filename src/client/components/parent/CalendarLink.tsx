import { CalendarPlus } from 'lucide-react';
import { feedLinks } from '~/shared/events-feed';
import { usePortalIntl } from '../../i18n';
import { usePublicOrigin } from '../../lib/public-origin';

/**
 * The centre's events in the parent's own calendar: the public feed (`webcal:`, which a phone hands to its calendar
 * app) in the portal's language, so the calendar is named in it. The same feed as /events links.
 */
export function CalendarLink() {
  const intl = usePortalIntl();
  const origin = usePublicOrigin();
  if (!origin) return null;
  return (
    <p className="mt-6 text-sm">
      <a
        href={feedLinks(origin, intl.language).webcal}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-2"
      >
        <CalendarPlus aria-hidden="true" className="size-4 shrink-0" />
        {intl.t('portal.calendar.subscribe')}
      </a>
    </p>
  );
}
