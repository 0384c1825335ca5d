import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { centreTimeZone } from '~/shared/centre-time';
import { type Language, LOCALES } from '~/shared/i18n/languages';
import { formatLite } from '~/shared/i18n/lite';
import type { PortalKey } from '~/shared/i18n/portal-en';
import { formatAmount, formatCents } from '~/shared/money';
import { centreTime } from '~/shared/timeline-text';
import { formatDate, formatDateTime } from './lib/format';
import { errorMessage } from './lib/trpc';
import { FieldMessageLanguage, refusalOf } from './lib/field-message-language';
import { loadPortalCatalogue, portalCatalogue, portalError, refusalsAtHand } from './lib/portal-catalogue';

type Values = Record<string, string | number>;

/**
 * The parent portal's words, dates and money in the parent's saved language (ADR 047), through
 * FormatJS (ADR 040). English dates and money stay exactly as the portal has always rendered them (the product's
 * 'MMM dd, yyyy'); Spanish ones come from the formatter in es-US.
 */
export interface PortalIntl {
  language: Language;
  locale: string;
  t(key: PortalKey, values?: Values): string;
  /** Whether `key` is a word of the portal at hand (a category or program the catalogue names). */
  has(key: string): key is PortalKey;
  /** A refusal in this language: a shared schema's id, or the id the server answered (ADR 069). */
  error(message: string): string;
  /**
   * What a toast says of a failed call (`lib/trpc.ts` errorMessage, as before, in English). In Spanish, what the
   * server said (already in the parent's language) as it came, and the catalogue's `fallback` for what the browser
   * or the network said instead ('Failed to fetch', a bare HTTP status): never the browser's English.
   */
  callError(error: unknown, fallback: string): string;
  /** The day of a calendar date (`YYYY-MM-DD`) or of a moment. */
  date(value: string | Date | null | undefined): string;
  /** A moment, to the minute. */
  dateTime(value: string | Date | null | undefined): string;
  /** A moment's time of day on the centre's wall clock ('7:42 AM'; '7:42 a. m.'), as the Today tab shows it. */
  time(value: string | Date): string;
  /** Dollars as the API writes them ('1234.50'). */
  amount(value: string): string;
  cents(value: number): string;
}

const made = new Map<Language, PortalIntl>();
const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function build(language: Language): PortalIntl {
  // Read when said, not when made: a tab's words arrive with its code (ADR 089). One the first view lacks is a
  // mistake tests/e2e/size-budget.spec.ts refuses; should it happen, English, else the key.
  const word = (key: PortalKey) => portalCatalogue(language)?.[key] ?? portalCatalogue('en')?.[key] ?? key;
  const locale = LOCALES[language];
  // In the browser the phone's own zone (as format.ts, and no time-zone formatter to make during hydration);
  // on the server the centre's, whose families these are. A mismatch is kept as the server rendered it (MomentDay).
  const zone = typeof window === 'undefined' ? { timeZone: centreTimeZone() } : {};
  // The messages through the small formatter, held to FormatJS's answer for every portal message
  // (tests/unit/i18n-lite.test.ts): FormatJS's parser stays out of the dashboard's first load (ADR 070, ADR 089).
  // Dates and money through the platform's Intl, as FormatJS formats them; each formatter made once, when first used.
  const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
  const once = <F extends Intl.DateTimeFormat | Intl.NumberFormat>(name: string, make: () => F): F => {
    let f = formatters.get(name);
    if (!f) formatters.set(name, (f = make()));
    return f as F;
  };
  const day = (options: Intl.DateTimeFormatOptions) =>
    once(
      `day${options.timeZone ?? ''}`,
      () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', ...options }),
    );
  const money = () => once('money', () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }));
  const moment = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);
  return {
    language,
    locale,
    t: (key, values) => formatLite(locale, word(key), values),
    has: (key): key is PortalKey => key in (portalCatalogue(language) ?? {}),
    error: (message) => portalError(language, message),
    callError(error, fallback) {
      // The server's refusal by its id, in this language; else (its words not loaded yet, or no id) what it said,
      // already in the parent's language.
      const refusal = refusalOf(error);
      if (refusal && refusalsAtHand(language)) return portalError(language, refusal);
      const message = errorMessage(error, fallback);
      return language === 'en' ? message : saidByServer(error, message) ? portalError(language, message) : fallback;
    },
    date(value) {
      if (language === 'en' || !value) return formatDate(value);
      // A calendar date is that day wherever the reader is: formatted at noon UTC, in UTC.
      if (typeof value === 'string' && isCalendarDate(value)) return day({ timeZone: 'UTC' }).format(new Date(`${value}T12:00:00Z`));
      const d = moment(value);
      return Number.isNaN(d.getTime()) ? '' : day(zone).format(d);
    },
    dateTime(value) {
      if (language === 'en' || !value) return formatDateTime(value);
      const d = moment(value);
      return Number.isNaN(d.getTime())
        ? ''
        : once(
            'dateTime',
            () =>
              new Intl.DateTimeFormat(locale, {
                day: 'numeric',
                month: 'short',
                year: 'numeric',
                hour: 'numeric',
                minute: '2-digit',
                ...zone,
              }),
          ).format(d);
    },
    time(value) {
      if (language === 'en') return centreTime(value);
      const d = moment(value);
      return Number.isNaN(d.getTime())
        ? ''
        : once('time', () => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: centreTimeZone() })).format(d);
    },
    amount: (value) => (language === 'en' ? formatAmount(value) : money().format(Number(value))),
    cents: (value) => (language === 'en' ? formatCents(value) : money().format(value / 100)),
  };
}

/**
 * Whether a failed call's message is the server's: a tRPC error that has an HTTP status, or a fetch's Error that
 * carries the server's `message` (lib/download.ts, the upload), not a network TypeError nor a bare 'HTTP …' status.
 */
function saidByServer(error: unknown, message: string): boolean {
  if (!(error instanceof Error) || error.name === 'TypeError') return false;
  const data = (error as { data?: { httpStatus?: unknown } | null }).data;
  if (error.name === 'TRPCClientError') return typeof data?.httpStatus === 'number';
  return !/^HTTP\b/.test(message);
}

/** The formatter of a language whose catalogue is loaded (English otherwise). */
export function portalIntl(language: Language): PortalIntl {
  const ready = portalCatalogue(language) ? language : 'en';
  let intl = made.get(ready);
  if (!intl) {
    intl = build(ready);
    made.set(ready, intl);
  }
  return intl;
}

const PortalIntlContext = createContext<PortalIntl | null>(null);

/**
 * The portal's language for what it renders. React Aria's words (its hidden buttons, its typing) are set where its
 * components are, in the parts loaded later (components/parent/aria-locale.tsx, ADR 108).
 */
export function PortalIntlProvider({ language, children }: { language: Language; children: ReactNode }) {
  const value = useMemo(() => portalIntl(language), [language]);
  useEffect(() => {
    document.documentElement.lang = value.language;
  }, [value.language]);
  return (
    <PortalIntlContext value={value}>
      <FieldMessageLanguage value={value.error}>{children}</FieldMessageLanguage>
    </PortalIntlContext>
  );
}

/** The portal's formatter; English outside the portal (the staff dashboard shares the Communication Center). */
export function usePortalIntl(): PortalIntl {
  return useContext(PortalIntlContext) ?? portalIntl('en');
}

/** Whether the catalogue of `language` is at hand; loads it when not (the portal shows 'Loading...' meanwhile). */
export function useCatalogueReady(language: Language): boolean {
  const [, setLoaded] = useState(0);
  const ready = !!portalCatalogue(language);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadPortalCatalogue(language).then(() => live && setLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, [language, ready]);
  return ready;
}
