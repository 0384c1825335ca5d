import { centreDateOf } from '~/shared/centre-time';
import { parseIsoDate } from '../../lib/format';
import { formatDay, usePageLanguage } from '../../lib/i18n';

/**
 * The day of a moment (an announcement posted, a note written), as 'MMM dd, yyyy', in a `<time>`.
 *
 * The server renders the day the centre's calendar gives it (Columbus); the browser renders the day of its own time
 * zone, which is the centre's for the families it serves. Where the two differ (a reader in another time zone,
 * a moment late in the evening), React keeps the server's text as it hydrates a server-rendered page
 * (`suppressHydrationWarning`) instead of failing the hydration and rendering the whole page again. The browser
 * does not work out the centre's day itself: its first time-zone formatter costs about 130 ms on a phone, inside
 * hydration (ADR 011).
 */
export function MomentDay({ value }: { value: Date | string }) {
  const language = usePageLanguage();
  const moment = typeof value === 'string' ? parseIsoDate(value) : value;
  if (Number.isNaN(moment.getTime())) return null;
  const text = typeof window === 'undefined' ? formatDay(language, centreDateOf(moment)) : formatDay(language, moment);
  return (
    <time dateTime={moment.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}
