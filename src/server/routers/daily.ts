import { idSchema } from '../../shared/schemas/content';
import { pageSchema } from '../../shared/schemas/development';
import {
  childDaySchema,
  dailyEntryBatchSchema,
  dailyEntrySchema,
  dailyEntryUpdateSchema,
  roomDaySchema,
} from '../../shared/schemas/daily-entries';
import { parentProcedure, router, staffProcedure } from '../trpc';
import { roomOfDay, createEntry, createEntries, updateEntry, deleteEntry, parentDayOf, parentPhotosPage } from '../daily/entries';

export const dailyRouter = router({
  /** The Daily sheets tab: the rooms, and the chosen room's children with the day's entries and photos. */
  room: staffProcedure.input(roomDaySchema).query(({ ctx, input }) => roomOfDay(ctx, input)),

  /** POST /api/admin/daily-entries. */
  create: staffProcedure.input(dailyEntrySchema).mutation(({ ctx, input }) => createEntry(ctx, input)),

  /** POST /api/admin/daily-entries/batch: one entry for several children, one audit row naming them all. */
  batch: staffProcedure.input(dailyEntryBatchSchema).mutation(({ ctx, input }) => createEntries(ctx, input)),

  /**
   * PATCH /api/admin/daily-entries/{id}: a new time and/or details, checked against the entry's own kind; a nap's
   * time is its start. Who may change it and to when: daily/entry-rules.ts.
   */
  update: staffProcedure.input(dailyEntryUpdateSchema).mutation(({ ctx, input }) => updateEntry(ctx, input)),

  /** DELETE /api/admin/daily-entries/{id}: a teacher's own entries only (daily/entry-rules.ts). */
  delete: staffProcedure.input(idSchema).mutation(({ ctx, input }) => deleteEntry(ctx, input)),

  /** GET /api/parent/daily-entries/{childId}?date=: the day's timeline (today in Columbus by default), newest first. */
  parentDay: parentProcedure.input(childDaySchema).query(({ ctx, input }) => parentDayOf(ctx, input)),

  /** GET /api/parent/children/{id}/photos?cursor=: the child's photos of the day, newest first, a page at a time. */
  parentPhotos: parentProcedure.input(pageSchema).query(({ ctx, input }) => parentPhotosPage(ctx, input)),
});
