import type { CalendarKey } from './calendar-en';

/** The iCalendar feed's words in Spanish, as calendar-en.ts. */
export const calendarEs = {
  'calendar.name': 'Eventos de {centre}',
  'calendar.description': 'Eventos públicos de {centre}, {city}, {state}',
  'calendar.product': 'Eventos',
} as const satisfies Record<CalendarKey, string>;
