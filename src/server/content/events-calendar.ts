import type { getVtimezoneComponent } from '@touch4it/ical-timezones';
import type { ICalCalendar } from 'ical-generator';
import { addressLine } from '../../shared/centre-profile';
import { centreProfile } from '../centre/profile';
import { type Language, t } from '../../shared/i18n';

/** What the feed needs of an event (public ones only: the caller reads `is_public = 1`). */
export interface CalendarEvent {
  id: string;
  title: string;
  description: string | null;
  eventDate: string;
  startTime: string | null;
  endTime: string | null;
  category: string;
  location: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The public events as an iCalendar feed (RFC 5545, GET /api/events.ics), made by `ical-generator`.
 *
 * - An event with a start time is at that wall-clock time in the centre's zone (`DTSTART;TZID=` the profile's zone),
 *   with the zone's VTIMEZONE from the files `@touch4it/ical-timezones` ships (no network). No calendar-wide
 *   zone is set, so DTSTAMP and LAST-MODIFIED stay in UTC as RFC 5545 wants them.
 * - An event without a start time is all-day (`DTSTART;VALUE=DATE`).
 * - The UID is the event's id at the site's host: the same event keeps it through edits, so a subscribed phone
 *   updates its copy instead of adding a second one. SEQUENCE (whole seconds of the last edit since 2024, so it
 *   fits the 32-bit integer calendar apps keep for decades) and LAST-MODIFIED grow with each edit; DTSTAMP is the last edit too, so the same events give the same bytes
 *   (the response cache and an ETag-less client see no change when nothing changed).
 */
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);
const sequenceOf = (updatedAt: Date) => Math.max(0, Math.floor((updatedAt.getTime() - SEQUENCE_EPOCH) / 1000));

let ical: { ICalCalendar: typeof ICalCalendar; getVtimezoneComponent: typeof getVtimezoneComponent } | null = null;

/** ical-generator and the zone files, loaded on the first feed and never at start (ADR 091); the feed's read awaits it. */
export async function loadCalendarLibrary(): Promise<void> {
  if (ical) return;
  const [generator, zones] = await Promise.all([import('ical-generator'), import('@touch4it/ical-timezones')]);
  ical = { ICalCalendar: generator.ICalCalendar, getVtimezoneComponent: zones.getVtimezoneComponent };
}

/** The feed's own words come from the catalogue (calendar.*), in `language`: `/api/events.ics` English, `?lang=es` Spanish. */
export function eventsCalendar(rows: readonly CalendarEvent[], publicUrl: string, language: Language = 'en'): string {
  if (!ical) throw new Error('loadCalendarLibrary() must resolve before eventsCalendar()');
  const host = new URL(publicUrl).hostname;
  const centre = centreProfile();
  const cal = new ical.ICalCalendar({
    prodId: { company: centre.name, product: t(language, 'calendar.product'), language: language.toUpperCase() },
    name: t(language, 'calendar.name', { centre: centre.name }),
    description: t(language, 'calendar.description', { centre: centre.name, city: centre.address.city, state: centre.address.state }),
    url: `${publicUrl}/events`,
    // Phones that honour it ask again every few hours; the answer is the same bytes until an event changes.
    ttl: 60 * 60 * 6,
  });
  cal.timezone({ name: null, generator: ical.getVtimezoneComponent });
  for (const e of rows) {
    const timed = e.startTime !== null && e.startTime !== '';
    // An end before its start (the admin form allows it) would make an invalid event: the start alone, then.
    const end = timed && e.endTime && e.endTime > e.startTime! ? `${e.eventDate}T${e.endTime}:00` : null;
    cal.createEvent({
      id: `${e.id}@${host}`,
      summary: e.title,
      description: e.description || null,
      location: e.location || addressLine(centre),
      categories: [{ name: e.category }],
      ...(timed ? { start: `${e.eventDate}T${e.startTime}:00`, end, timezone: centre.timeZone } : { start: e.eventDate, allDay: true }),
      stamp: e.updatedAt,
      created: e.createdAt,
      lastModified: e.updatedAt,
      sequence: sequenceOf(e.updatedAt),
      url: `${publicUrl}/events`,
    });
  }
  return cal.toString();
}
