/** The iCalendar feed's words (GET /api/events.ics, server/services/events-calendar.ts). Server-only, as mail-en.ts. */
export const calendarEn = {
  'calendar.name': '{centre} Events',
  'calendar.description': 'Public events of {centre}, {city}, {state}',
  'calendar.product': 'Events',
} as const;

export type CalendarKey = keyof typeof calendarEn;
