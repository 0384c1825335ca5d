import { CalendarPlus } from 'lucide-react';
import { useId } from 'react';
import { feedLinks } from '~/shared/events-feed';
import { usePageLanguage, useT } from '../../lib/i18n';
import { usePublicOrigin } from '../../lib/public-origin';
import { buttonClass } from '../ui/button-class';
import { inputClass } from '../ui/Field';

export { PublicOriginContext } from '../../lib/public-origin';

/**
 * "Subscribe to calendar" on /events and /es/events: a `webcal:` link, which a phone hands to its
 * calendar app, and the https address shown in a read-only field to copy into any other calendar. Plain markup:
 * nothing here needs a script.
 */
export function SubscribeToCalendar() {
  const t = useT();
  const language = usePageLanguage();
  const id = useId();
  const origin = usePublicOrigin();
  if (!origin) return null;
  const links = feedLinks(origin, language);
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
