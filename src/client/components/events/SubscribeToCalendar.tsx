import { CalendarPlus } from 'lucide-react';
import { createContext, useContext, useId } from 'react';
import { useT } from '../../lib/i18n';
import { buttonClass } from '../ui/button-class';
import { inputClass } from '../ui/Field';

/** The public feed of the centre's events (RFC 5545), served by GET /api/events.ics. */
export const EVENTS_FEED_PATH = '/api/events.ics';

/**
 * The site's public origin as the server knows it (config.publicUrl): given by the server render
 * (entry-server.tsx); in the browser, the page's own origin.
 */
export const PublicOriginContext = createContext<string | null>(null);

/** The feed's two addresses: `webcal://` (a phone's calendar subscribes to it) and the `https://` one to copy. */
export function feedLinks(origin: string): { webcal: string; https: string } {
  const url = new URL(EVENTS_FEED_PATH, origin);
  return { https: url.href, webcal: `webcal://${url.host}${url.pathname}` };
}

/**
 * "Subscribe to calendar" on /events and /es/events: a `webcal:` link, which a phone hands to its
 * calendar app, and the https address shown in a read-only field to copy into any other calendar. Plain markup:
 * nothing here needs a script.
 */
export function SubscribeToCalendar() {
  const t = useT();
  const id = useId();
  const origin = useContext(PublicOriginContext) ?? (typeof window === 'undefined' ? null : window.location.origin);
  if (!origin) return null;
  const links = feedLinks(origin);
  return (
    <section aria-labelledby={`${id}-heading`} className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-2">
      <h2 id={`${id}-heading`} className="sr-only">
        {t('events.subscribe.heading')}
      </h2>
      <a href={links.webcal} data-subscribe="" className={buttonClass('outline', 'md')}>
        <CalendarPlus aria-hidden="true" className="size-5" />
        {t('events.subscribe.button')}
      </a>
      <label htmlFor={`${id}-feed`} className="text-sm text-stone-600">
        {t('events.subscribe.copy')}
      </label>
      <input id={`${id}-feed`} type="url" readOnly value={links.https} className={`${inputClass} w-full text-center text-sm`} />
    </section>
  );
}
