import type { DailyEntryBody } from './schemas/daily-entries';

/**
 * One item of a child's day as the parent's Today tab and the end-of-day e-mail show it. One type with a
 * `kind` discriminator: the daily sheet's kinds, a photo of the day, and the attendance's check-in and check-out.
 */
export interface PhotoDetails {
  caption: string | null;
  /** The copy for the timeline, and the whole picture to download: both served only to staff and the child's parents. */
  url: string;
  originalUrl: string;
  width: number;
  height: number;
}

/** A check-in or check-out of the day (attendance_events): the adult who dropped off or picked up, and whether the
 * check-out was recorded as an override (someone neither a parent nor on the pickup list). */
export interface AttendanceDetails {
  by: string;
  override: boolean;
}

export type TimelineBody =
  | DailyEntryBody
  | { kind: 'photo'; details: PhotoDetails }
  | { kind: 'check_in'; details: AttendanceDetails }
  | { kind: 'check_out'; details: AttendanceDetails };
export type TimelineKind = TimelineBody['kind'];

export type TimelineItem = TimelineBody & {
  id: string;
  /** The moment it happened (a nap: when it started). */
  at: Date;
  /** The staff member who recorded it. */
  by: string | null;
};

export const childPhotoUrl = (id: string) => `/api/child-photos/${id}`;
export const childPhotoOriginalUrl = (id: string) => `/api/child-photos/${id}/original`;
