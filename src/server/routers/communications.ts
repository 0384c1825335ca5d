import { TRPCError } from '@trpc/server';
import { and, desc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import { communicationMessages, documentRequests, enrolledChildren, parentChildRelationships } from '../../../db/schema';
import { centre } from '../../shared/centre';
import { adminMessageSchema, documentRequestSchema, documentResponseSchema, messageSchema } from '../../shared/schemas/communication';
import { idSchema } from '../../shared/schemas/content';
import type { ParentIdentity } from '../auth/session';
import { centreToday } from '../clock';
import type { Context } from '../context';
import type { Db } from '../db';
import { downloadUrl, issueUploadUrl, ownerOf, renameDocument, uploadedFileFor } from '../documents/uploads';
import { logger } from '../logger';
import { documentRequestNoticeEmail, newMessageNoticeEmail, urgentParentMessageEmail } from '../services/communication-mail';
import { cachedRead } from '../services/read-cache';
import { sendToParent } from '../services/parent-mail';
import { adminProcedure, parentProcedure, router, signedInProcedure } from '../trpc';

const messageColumns = getTableColumns(communicationMessages);
const requestColumns = getTableColumns(documentRequests);

/** Newest first; rowid breaks ties between messages of the same millisecond. */
const newestMessagesFirst = [desc(communicationMessages.createdAt), desc(sql`${communicationMessages}.rowid`)];

/** A parent's messages: the ones they sent, and the ones the centre sent to their e-mail. */
function parentMessages(parent: ParentIdentity) {
  return or(
    and(eq(communicationMessages.senderType, 'parent'), eq(communicationMessages.senderId, parent.id)),
    and(eq(communicationMessages.recipientType, 'parent'), eq(communicationMessages.recipientId, parent.email)),
  );
}

function findChild(db: Db, childId: string) {
  return db
    .select({ id: enrolledChildren.id, childName: enrolledChildren.childName, parentName: enrolledChildren.parentName, parentEmail: enrolledChildren.parentEmail })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, childId))
    .get();
}

/** The child the admin picked, or the 400 the form shows next to the child picker. */
function pickedChild(db: Db, childId: string) {
  const child = findChild(db, childId);
  if (!child) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Please select a child' });
  return child;
}

/** One of the parent's own children (linked through parent_child_relationships); any other id is a 404. */
function ownChild(db: Db, parentId: string, childId: string) {
  const child = db
    .select({ id: enrolledChildren.id, childName: enrolledChildren.childName })
    .from(parentChildRelationships)
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, parentChildRelationships.childId))
    .where(and(eq(parentChildRelationships.parentId, parentId), eq(enrolledChildren.id, childId)))
    .get();
  if (!child) throw new TRPCError({ code: 'NOT_FOUND', message: 'Child not found' });
  return child;
}

type RequestRow = typeof documentRequests.$inferSelect;

/**
 * Overdue is decided when the list is read (the centre's today against the due date), never stored: a stored
 * flag would need a job to keep it true. A fulfilled request is never overdue; an overdue one can still be answered.
 */
function withOverdue(today: string) {
  return (r: RequestRow) => ({ ...r, status: r.status === 'pending' && r.dueDate !== null && r.dueDate < today ? ('overdue' as const) : r.status });
}

async function noticeToParent(ctx: Context, to: string, content: Parameters<typeof sendToParent>[2], sentBy: string) {
  const outcome = await sendToParent(ctx, to, content, sentBy);
  return { emailSent: outcome.emailSent, emailError: outcome.emailError };
}

export const communicationsRouter = router({
  /** Every message between the centre and the families, newest first. */
  adminMessages: adminProcedure.query(({ ctx }) => ctx.db.select(messageColumns).from(communicationMessages).orderBy(...newestMessagesFirst).all()),

  /** Only the messages between the centre and this parent. */
  parentMessages: parentProcedure.query(({ ctx }) =>
    cachedRead(ctx.db, `parent-messages:${ctx.parent.id}:${ctx.parent.email}`, () =>
      ctx.db.select(messageColumns).from(communicationMessages).where(parentMessages(ctx.parent)).orderBy(...newestMessagesFirst).all(),
    ),
  ),

  /** A message to the parent of the chosen child (the child decides the recipient, not the client), with an e-mail notice. */
  adminSend: adminProcedure.input(adminMessageSchema).mutation(async ({ ctx, input }) => {
    const child = pickedChild(ctx.db, input.childId);
    const now = ctx.clock.now();
    const message = ctx.db
      .insert(communicationMessages)
      .values({
        type: 'general_message',
        senderType: 'admin',
        senderId: ctx.admin.id,
        senderName: ctx.admin.name,
        recipientType: 'parent',
        recipientId: child.parentEmail.toLowerCase(),
        recipientName: child.parentName,
        childId: child.id,
        childName: child.childName,
        subject: input.subject,
        content: input.content,
        isUrgent: input.isUrgent,
        createdAt: now,
        updatedAt: now,
      })
      .returning(messageColumns)
      .get();
    const notice = newMessageNoticeEmail({ parentName: child.parentName, childName: child.childName, isUrgent: input.isUrgent }, ctx.config);
    return { ...message, ...(await noticeToParent(ctx, message.recipientId, notice, ctx.admin.email)) };
  }),

  /** A message to the centre; an urgent one also e-mails staff. A child, when named, must be the parent's own. */
  parentSend: parentProcedure.input(messageSchema).mutation(async ({ ctx, input }) => {
    const child = input.childId ? ownChild(ctx.db, ctx.parent.id, input.childId) : null;
    const now = ctx.clock.now();
    const senderName = `${ctx.parent.firstName} ${ctx.parent.lastName}`.trim();
    const message = ctx.db
      .insert(communicationMessages)
      .values({
        type: 'general_message',
        senderType: 'parent',
        senderId: ctx.parent.id,
        senderName,
        recipientType: 'admin',
        recipientId: centre.email,
        recipientName: centre.name,
        childId: child?.id ?? null,
        childName: child?.childName ?? null,
        subject: input.subject,
        content: input.content,
        isUrgent: input.isUrgent,
        createdAt: now,
        updatedAt: now,
      })
      .returning(messageColumns)
      .get();
    if (input.isUrgent) {
      const notice = urgentParentMessageEmail({ parentName: senderName, parentEmail: ctx.parent.email, childName: child?.childName ?? null }, ctx.config);
      await ctx.mailer.send({ to: centre.email, ...notice }).catch((err: unknown) => logger.warn({ err }, 'urgent-message notice to staff could not be sent'));
    }
    return message;
  }),

  /** Marks read a message addressed to the caller (staff: to the centre; a parent: to their e-mail). Anything else is a 404. */
  markRead: signedInProcedure.input(idSchema).mutation(({ ctx, input }) => {
    const addressedToCaller =
      ctx.auth.kind === 'admin'
        ? eq(communicationMessages.recipientType, 'admin')
        : and(eq(communicationMessages.recipientType, 'parent'), eq(communicationMessages.recipientId, ctx.auth.parent.email));
    const updated = ctx.db
      .update(communicationMessages)
      .set({ isRead: true, updatedAt: ctx.clock.now() })
      .where(and(eq(communicationMessages.id, input), addressedToCaller))
      .returning({ id: communicationMessages.id })
      .get();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: 'Message not found' });
    return { success: true as const, id: updated.id };
  }),

  adminDocumentRequests: adminProcedure.query(({ ctx }) =>
    ctx.db.select(requestColumns).from(documentRequests).orderBy(desc(documentRequests.createdAt), desc(sql`${documentRequests}.rowid`)).all().map(withOverdue(centreToday(ctx.clock))),
  ),

  parentDocumentRequests: parentProcedure.query(({ ctx }) =>
    cachedRead(ctx.db, `parent-requests:${ctx.parent.email}:${centreToday(ctx.clock)}`, () =>
      ctx.db
        .select(requestColumns)
        .from(documentRequests)
        .where(eq(documentRequests.parentId, ctx.parent.email))
        .orderBy(desc(documentRequests.createdAt), desc(sql`${documentRequests}.rowid`))
        .all()
        .map(withOverdue(centreToday(ctx.clock))),
    ),
  ),

  /** Asks the parent of the chosen child for a document, with an e-mail notice. */
  requestDocument: adminProcedure.input(documentRequestSchema).mutation(async ({ ctx, input }) => {
    const child = pickedChild(ctx.db, input.childId);
    const request = ctx.db
      .insert(documentRequests)
      .values({
        adminId: ctx.admin.id,
        adminName: ctx.admin.name,
        parentId: child.parentEmail.toLowerCase(),
        parentName: child.parentName,
        childId: child.id,
        childName: child.childName,
        documentType: input.documentType,
        title: input.title,
        description: input.description,
        dueDate: input.dueDate,
        isUrgent: input.isUrgent,
        createdAt: ctx.clock.now(),
      })
      .returning(requestColumns)
      .get();
    const notice = documentRequestNoticeEmail({ ...request, parentName: child.parentName }, ctx.config);
    return { ...withOverdue(centreToday(ctx.clock))(request), ...(await noticeToParent(ctx, request.parentId, notice, ctx.admin.email)) };
  }),

  /**
   * The parent's answer to one of their own requests: the file they uploaded (by its upload URL), a name and a
   * note. Only once: the update only matches a request still pending, so two answers at the same time cannot both win.
   */
  parentRespond: parentProcedure.input(documentResponseSchema.extend({ id: idSchema })).mutation(({ ctx, input }) => {
    const request = ctx.db
      .select({ id: documentRequests.id, status: documentRequests.status })
      .from(documentRequests)
      .where(and(eq(documentRequests.id, input.id), eq(documentRequests.parentId, ctx.parent.email)))
      .get();
    if (!request) throw new TRPCError({ code: 'NOT_FOUND', message: 'Document request not found' });
    if (request.status !== 'pending') throw new TRPCError({ code: 'CONFLICT', message: 'This request has already been answered.' });
    const file = uploadedFileFor(ctx, input.documentUrl, ownerOf(ctx.auth));
    if (!file) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Please upload the file first, then submit it.' });
    const url = downloadUrl(file.id);
    return ctx.db.transaction((tx) => {
      const used = tx.select({ id: documentRequests.id }).from(documentRequests).where(eq(documentRequests.responseDocumentUrl, url)).get();
      if (used) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This file was already submitted. Please upload the file again.' });
      const updated = tx
        .update(documentRequests)
        .set({ status: 'fulfilled', responseDocumentUrl: url, responseDocumentName: input.documentName, responseMessage: input.message, respondedAt: ctx.clock.now() })
        .where(and(eq(documentRequests.id, input.id), eq(documentRequests.status, 'pending')))
        .returning(requestColumns)
        .get();
      if (!updated) throw new TRPCError({ code: 'CONFLICT', message: 'This request has already been answered.' });
      renameDocument({ ...ctx, db: tx as unknown as Db }, file.id, input.documentName, file.mimeType);
      return updated;
    });
  }),

  /** `POST /api/objects/upload`: a signed, single-use, short-lived URL for one plain PUT of a file. */
  createUpload: signedInProcedure.mutation(({ ctx }) => issueUploadUrl(ctx, ownerOf(ctx.auth))),
});
