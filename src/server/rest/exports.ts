import { and, eq } from 'drizzle-orm';
import { Hono, type Context as HonoContext } from 'hono';
import { parentChildRelationships, parentUsers } from '~/db/schema';
import { exportRangeSchema } from '../../shared/schemas/exports';
import type { AuditEntity } from '../../shared/audit';
import { assertDirector } from '../auth/guards';
import { recordAudit } from '../audit/record';
import { withWriteRights } from '../auth/write-rights';
import { centreToday } from '../clock';
import { csvResponse, inChunks } from '../exports/csv';
import { applicationsExport, childrenExport, type CsvExport, EXPORT_CHUNK_ROWS, paymentsExport } from '../exports/admin-exports';
import { type Archive, archiveResponse, type ArchiveScope, familyArchive, loadArchiveLibraries } from '../exports/family-archive';
import { verifyArchiveLink } from '../exports/archive-links';
import { parentChildOr404 } from '../parents/access';
import { preferencesOf } from '../parents/preferences';
import { BuildCancelled, consume, consumeForAccount, SLOW_DOWN_MESSAGE } from '../services/rate-limit';
import { readJson, type RestEnv } from './shim';
import { refuse } from '../refusal';
import { errorRef } from '../../shared/i18n/error-ids';

/**
 * A director's CSV download: director only (401 / 403 with a sentence), a rate per account, one audit row
 * saying what was exported (an export is no write, but it is personal data leaving the system), then the rows
 * streamed a chunk at a time (ADR 049).
 */
function download<T>(c: HonoContext<RestEnv>, entity: AuditEntity, make: () => CsvExport<T>, fields: Record<string, unknown> = {}) {
  const { ctx } = c.var;
  assertDirector(ctx.auth);
  consumeForAccount(ctx, ctx.limits.exports);
  const csv = make();
  withWriteRights(ctx, 'director').db.transaction((tx) =>
    recordAudit(tx, ctx, { action: 'export', entity, fields: { file: csv.filename, ...fields } }),
  );
  return csvResponse(csv.filename, csv.header, inChunks(csv.readAfter, EXPORT_CHUNK_ROWS), csv.toRow);
}

const LINK_NOT_VALID = 'error.archiveLinkInvalid';

/**
 * A child's archive as a streamed ZIP, built in a place of the build gate (ADR 068): `account`'s place is taken
 * first (beyond the gate a 429 with Retry-After that changes nothing), then `check` runs (the rate point, who may
 * have which child: a refusal gives the place back), then the archive waits for a slot. The slot is given back
 * when the download ends, fails or is cancelled. A child that is not there (deleted since the check) is a 404;
 * `made` records a staff download.
 */
async function archive(
  c: HonoContext<RestEnv>,
  account: string,
  check: () => { childId: string; scope: ArchiveScope },
  made?: (archive: Archive) => void,
) {
  const { ctx } = c.var;
  const ticket = ctx.limits.builds.admit(ctx, account);
  // A download given up while it waits gives its place in the queue back, and nothing is built for it.
  const signal = c.req.raw.signal;
  signal.addEventListener('abort', ticket.release);
  try {
    const { childId, scope } = check();
    await ticket.ready;
    signal.removeEventListener('abort', ticket.release);
    await loadArchiveLibraries();
    const built = familyArchive(ctx, childId, scope, ticket.release);
    if (!built) throw refuse('NOT_FOUND', 'error.childNotFound');
    made?.(built);
    return archiveResponse(built);
  } catch (err) {
    signal.removeEventListener('abort', ticket.release);
    ticket.release();
    // Nobody is there to read an answer.
    if (err instanceof BuildCancelled) return new Response(null, { status: 499 });
    throw err;
  }
}

/** GET /api/admin/export/*.csv: applications, enrolled children, and payments between two dates. */
export const exportsRest = new Hono<RestEnv>()
  .get('/admin/export/applications.csv', (c) =>
    download(c, 'application', () => applicationsExport(c.var.ctx.db, centreToday(c.var.ctx.clock))),
  )
  .get('/admin/export/children.csv', (c) => download(c, 'child', () => childrenExport(c.var.ctx.db, centreToday(c.var.ctx.clock))))
  .get('/admin/export/payments.csv', (c) => {
    // Who may ask comes first: a parent or a visitor learns nothing about the parameters from the answer.
    assertDirector(c.var.ctx.auth);
    const parsed = exportRangeSchema.safeParse({ from: c.req.query('from'), to: c.req.query('to') });
    if (!parsed.success) {
      // The first rule broken, as a plain refusal (the documented `{ message }`), its id beside it.
      const ref = errorRef(parsed.error.issues[0]!.message) ?? { id: 'error.other' as const, values: {} };
      throw refuse('BAD_REQUEST', ref.id, ref.values);
    }
    return download(c, 'receipt', () => paymentsExport(c.var.ctx.db, parsed.data), parsed.data);
  })
  /** A parent's own child's archive: another family's child, or an inactive one, is the portal's 404. */
  .get('/parent/children/:id/archive.zip', (c) => {
    const { ctx } = c.var;
    if (!ctx.auth) throw refuse('UNAUTHORIZED', 'error.signIn');
    if (ctx.auth.kind !== 'parent') throw refuse('FORBIDDEN', 'error.parentsOnly');
    const { parent } = ctx.auth;
    return archive(c, `parent:${parent.id}`, () => {
      consumeForAccount(ctx, ctx.limits.archives);
      const child = parentChildOr404(ctx.db, parent.id, c.req.param('id'));
      const { language } = preferencesOf(ctx.db, parent.id);
      return { childId: child.id, scope: { kind: 'parent', email: parent.email, language } };
    });
  })
  /**
   * The link staff e-mailed (routers/archives.ts). While the parent's account is open, only that parent signed in
   * may use it (a forwarded e-mail opens nothing); once the account is closed (the child left, ADR 049), the
   * signed, expiring link is all there is, as the family can no longer sign in.
   */
  .get('/parent/archives/:token', (c) => {
    const { ctx } = c.var;
    const link = verifyArchiveLink(ctx.config, c.req.param('token'), ctx.clock.now().getTime());
    if (!link) throw refuse('NOT_FOUND', LINK_NOT_VALID);
    const parent = ctx.db
      .select({ id: parentUsers.id, email: parentUsers.email, isActive: parentUsers.isActive })
      .from(parentUsers)
      .innerJoin(parentChildRelationships, eq(parentChildRelationships.parentId, parentUsers.id))
      .where(and(eq(parentUsers.id, link.parentId), eq(parentChildRelationships.childId, link.childId)))
      .get();
    if (!parent) throw refuse('NOT_FOUND', LINK_NOT_VALID);
    if (parent.isActive) {
      if (!ctx.auth) throw refuse('UNAUTHORIZED', 'error.archiveSignIn');
      if (ctx.auth.kind !== 'parent') throw refuse('FORBIDDEN', 'error.parentsOnly');
      if (ctx.auth.parent.id !== parent.id) throw refuse('NOT_FOUND', LINK_NOT_VALID);
    }
    return archive(c, `parent:${parent.id}`, () => {
      consume(ctx, ctx.limits.archives.parent, `parent:${parent.id}`, SLOW_DOWN_MESSAGE);
      return { childId: link.childId, scope: { kind: 'parent', email: parent.email, language: preferencesOf(ctx.db, parent.id).language } };
    });
  })
  /** The director's copy of a child's archive (everything of the child), recorded in the audit log. */
  .get('/admin/enrolled-children/:id/archive.zip', (c) => {
    const { ctx } = c.var;
    assertDirector(ctx.auth);
    return archive(
      c,
      `admin:${ctx.auth.admin.id}`,
      () => {
        consumeForAccount(ctx, ctx.limits.archives);
        return { childId: c.req.param('id'), scope: { kind: 'staff' } };
      },
      (made) =>
        withWriteRights(ctx, 'director').db.transaction((tx) =>
          recordAudit(tx, ctx, { action: 'export', entity: 'child', entityId: c.req.param('id'), fields: { file: made.fileName } }),
        ),
    );
  })
  .post('/admin/enrolled-children/:id/archive-link', async (c) => {
    await readJson(c);
    return c.json(await c.var.caller.archives.sendLink(c.req.param('id')));
  });
