/**
 * E-mailing a family the link to their child's archive: behind routers/archives.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { StaffContext } from '../context';
import { and, asc, eq } from 'drizzle-orm';
import { enrolledChildren, parentChildRelationships, parentUsers } from '~/db/schema';
import { type idSchema } from '../../shared/schemas/content';
import { centre } from '../centre/profile';
import { recordAudit } from '../audit/record';
import { staffNotice } from '../notice';
import { ARCHIVE_LINK_DAYS, ARCHIVE_LINK_PATH, archiveLinkToken } from './archive-links';
import { headerSafe, letter, link, plain } from '../services/mail-layout';
import { sendToParent } from '../parents/mail';
import { consumeForAccount } from '../services/rate-limit';
import { refuse } from '../refusal';

export const NO_PARENT_LOGIN = 'error.noParentLogin';

export async function sendArchiveLink(ctx: StaffContext, input: z.output<typeof idSchema>) {
  consumeForAccount(ctx, ctx.limits.archiveLinks);
  const child = ctx.db
    .select({ id: enrolledChildren.id, childName: enrolledChildren.childName })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, input))
    .get();
  if (!child) throw refuse('NOT_FOUND', 'error.childNotFound');
  const parents = ctx.db
    .select({ id: parentUsers.id, email: parentUsers.email, firstName: parentUsers.firstName, isActive: parentUsers.isActive })
    .from(parentChildRelationships)
    .innerJoin(parentUsers, eq(parentUsers.id, parentChildRelationships.parentId))
    .where(and(eq(parentChildRelationships.childId, child.id)))
    .orderBy(asc(parentUsers.email))
    .all();
  if (parents.length === 0) throw refuse('BAD_REQUEST', NO_PARENT_LOGIN);
  recordAudit(ctx.db, ctx, {
    action: 'send',
    entity: 'child',
    entityId: child.id,
    fields: { archiveLinkTo: parents.map((p) => p.email) },
  });

  const expiresAt = ctx.clock.now().getTime() + ARCHIVE_LINK_DAYS * 24 * 60 * 60 * 1000;
  const outcomes = [];
  for (const parent of parents) {
    const url = `${ctx.config.publicUrl}${ARCHIVE_LINK_PATH}${archiveLinkToken(ctx.config, { childId: child.id, parentId: parent.id, expiresAt })}`;
    const signIn = parent.isActive
      ? 'Sign in to the Parent Portal on this device first, then open the link.'
      : 'The link works without signing in.';
    const content = {
      subject: headerSafe(`${child.childName}'s records from ${centre.name}`),
      ...letter(
        parent.firstName.trim() || 'Parent',
        [
          plain(
            `We have put ${child.childName}'s records together for you: activities, development notes, milestones, your documents and receipts, in one ZIP file.`,
          ),
          { text: `Download it here: ${url}`, html: `Download it here: ${link(url, `Download ${child.childName}'s archive`)}` },
          plain(
            `${signIn} The link works for ${ARCHIVE_LINK_DAYS} days. Please do not forward this e-mail: the link opens your child's records.`,
          ),
        ],
        ctx.config,
      ),
    };
    // The log keeps the message without its link: the link opens a child's records.
    const outcome = await sendToParent(ctx, parent.email, content, ctx.admin.name, content.text.replace(url, '[archive link]'));
    outcomes.push({ email: parent.email, emailSent: outcome.emailSent, emailError: outcome.emailError });
  }
  const sent = outcomes.filter((o) => o.emailSent).map((o) => o.email);
  return {
    success: sent.length > 0,
    outcomes,
    ...(sent.length
      ? staffNotice('staff.notice.archiveSent', {
          child: child.childName,
          recipients: sent.join(' and '),
          days: String(ARCHIVE_LINK_DAYS),
        })
      : outcomes[0]?.emailError
        ? staffNotice('staff.notice.archiveNotSentWhy', { error: outcomes[0].emailError })
        : staffNotice('staff.notice.archiveNotSent')),
  };
}
