import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
import type { announcements, events } from '~/db/schema';
import { type AuditContext, audited } from '../audit/record';
import type { AuditEntity } from '~/shared/audit';
import type { Clock } from '../clock';
import type { Db } from '../db';
import type { ErrorKey } from '../../shared/i18n/errors-en';
import { refuse } from '../refusal';

/** The dashboard's content tables that are edited and deleted by id: an update replaces every field. */
type ContentTable = typeof events | typeof announcements;
type WriteContext = AuditContext & { db: Db; clock: Clock };

/**
 * Replaces the fields of the row `id` of `table` and records it in the audit log, in one transaction; the row
 * as `columns` selects it. An unknown id writes nothing and answers 404 with `notFound` as its message.
 */
export function updateOr404<C extends SelectedFields>(
  ctx: WriteContext,
  { table, columns, entity, notFound }: { table: ContentTable; columns: C; entity: AuditEntity; notFound: ErrorKey },
  id: string,
  fields: Record<string, unknown>,
) {
  const written = audited(
    ctx,
    (db) => {
      // Read in the write's transaction: the row keeps each changed public field's value before (a title, a date).
      const before = db.select().from(table).where(eq(table.id, id)).get() as Record<string, unknown> | undefined;
      if (!before) return undefined;
      const row = db
        .update(table)
        .set({ ...fields, updatedAt: ctx.clock.now() })
        .where(eq(table.id, id))
        .returning(columns)
        .get();
      return row && { row, before };
    },
    ({ before }) => ({ action: 'update', entity, entityId: id, fields, before }),
  );
  if (!written) throw refuse('NOT_FOUND', notFound);
  return written.row;
}

/** Deletes the row `id` of `table` and records it in the audit log; an unknown id answers 404 with `notFound`. */
export function deleteOr404(
  ctx: WriteContext,
  { table, entity, notFound }: { table: ContentTable; entity: AuditEntity; notFound: ErrorKey },
  id: string,
) {
  const gone = audited(
    ctx,
    (db) => db.delete(table).where(eq(table.id, id)).returning({ id: table.id }).get(),
    () => ({ action: 'delete', entity, entityId: id }),
  );
  if (!gone) throw refuse('NOT_FOUND', notFound);
  return { success: true as const, id: gone.id };
}
