import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import { announcements } from '~/db/schema';
import { centreDateOf } from '../../shared/centre-time';
import { announcementExpirySchema, announcementSchema, announcementUpdateSchema, idSchema } from '../../shared/schemas/content';
import { centreToday } from '../clock';
import { dailyRead } from '../cache/store';
import { audited } from '../audit/record';
import { directorProcedure, publicProcedure, router } from '../trpc';
import { deleteOr404, updateOr404 } from './content-writes';
import { checkDayRules } from '../field-errors';
import { refuse } from '../refusal';

const columns = {
  id: announcements.id,
  title: announcements.title,
  content: announcements.content,
  category: announcements.category,
  priority: announcements.priority,
  isPublic: announcements.isPublic,
  createdAt: announcements.createdAt,
  expiresAt: announcements.expiresAt,
};

export const announcementsRouter = router({
  /**
   * Current announcements, newest first: none whose expiry date (its last day) is before today in the
   * centre's time zone. Only public ones unless the caller is staff; the dashboard reads `all`.
   */
  list: publicProcedure.query(({ ctx }) => {
    const read = (isAdmin: boolean) => {
      const current = or(isNull(announcements.expiresAt), gte(announcements.expiresAt, centreToday(ctx.clock)));
      return ctx.db
        .select(columns)
        .from(announcements)
        .where(isAdmin ? current : and(current, eq(announcements.isPublic, true)))
        .orderBy(desc(announcements.createdAt))
        .all();
    };
    // Cached per calendar day in the centre (cache/store.ts): an announcement leaves at midnight.
    return ctx.auth?.kind === 'admin' ? read(true) : dailyRead(ctx, 'announcements.list', () => read(false));
  }),

  /** Every announcement, expired and private ones included: the dashboard's Announcements tab. */
  all: directorProcedure.query(({ ctx }) => ctx.db.select(columns).from(announcements).orderBy(desc(announcements.createdAt)).all()),

  create: directorProcedure.input(announcementSchema).mutation(({ ctx, input }) => {
    checkDayRules(announcementExpirySchema(centreToday(ctx.clock)), input);
    const now = ctx.clock.now();
    return audited(
      ctx,
      (db) =>
        db
          .insert(announcements)
          .values({ ...input, createdAt: now, updatedAt: now })
          .returning(columns)
          .get(),
      (row) => ({ action: 'create', entity: 'announcement', entityId: row.id, fields: input }),
    );
  }),

  /** Replaces every field of the announcement (the create form's rules); 404 for an unknown id. */
  update: directorProcedure.input(announcementUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    const posted = ctx.db.select({ createdAt: announcements.createdAt }).from(announcements).where(eq(announcements.id, id)).get();
    if (!posted) throw refuse('NOT_FOUND', 'error.announcementNotFound');
    // Ending an announcement early is fine; ending it before it was posted is not.
    checkDayRules(announcementExpirySchema(centreDateOf(posted.createdAt)), input);
    return updateOr404(ctx, { table: announcements, columns, entity: 'announcement', notFound: 'error.announcementNotFound' }, id, fields);
  }),

  delete: directorProcedure
    .input(idSchema)
    .mutation(({ ctx, input }) =>
      deleteOr404(ctx, { table: announcements, entity: 'announcement', notFound: 'error.announcementNotFound' }, input),
    ),
});
