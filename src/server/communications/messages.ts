/**
 * Messages between the centre and the families, and document requests: the queries and writes behind routers/communications.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { ParentContext, SignedInContext, StaffContext } from '../context';
import { and, count, eq, getTableColumns, isNull, or, type SQL, sql } from 'drizzle-orm';
import { communicationMessages, documentRequests, enrolledChildren, parentChildRelationships } from '~/db/schema';
import { centre } from '../centre/profile';
import {
  type adminMessageSchema,
  documentDueSchema,
  type documentRequestSchema,
  documentResponseSchema,
  type messageSchema,
} from '../../shared/schemas/communication';
import { idSchema } from '../../shared/schemas/content';
import { type pageInput } from '../../shared/schemas/page';
import type { ParentIdentity } from '../auth/session';
import { centreToday } from '../clock';
import { checkDayRules } from '../field-errors';
import type { Context } from '../context';
import type { Db } from '../db';
import { downloadUrl, issueUploadUrl, ownerOf, renameDocument, uploadedFileFor } from '../documents/uploads';
import { keysetPage, type SortKey } from '../pagination';
import { documentRequestNoticeEmail, newMessageNoticeEmail } from './mail';
import { firstPageRead } from '../cache/store';
import { consumeForAccount } from '../services/rate-limit';
import { documentUploadedNotice, noticeToCentre, parentMessageNotice } from './centre-notices';
import { emailsAtOnce } from './digest';
import { sendToParent } from '../parents/mail';
import { preferencesOfAddress } from '../parents/preferences';
import { audited } from '../audit/record';
import { refuse } from '../refusal';

const messageColumns = getTableColumns(communicationMessages);
const requestColumns = getTableColumns(documentRequests);

type MessageRow = typeof communicationMessages.$inferSelect;
type RequestRow = typeof documentRequests.$inferSelect;

/** Newest first; the id breaks ties between messages of the same millisecond (keyset pages, pagination.ts). */
const messageOrder: SortKey<MessageRow>[] = [
  { column: communicationMessages.createdAt, kind: 'time', of: (m) => m.createdAt },
  { column: communicationMessages.id, kind: 'text', of: (m) => m.id },
];
const requestOrder: SortKey<RequestRow>[] = [
  { column: documentRequests.createdAt, kind: 'time', of: (r) => r.createdAt },
  { column: documentRequests.id, kind: 'text', of: (r) => r.id },
];

/** Messages addressed to the caller and not read yet: the badge counts the whole list, not the page shown. */
function unreadCount(db: Db, addressedToCaller: SQL | undefined): number {
  return db
    .select({ n: count() })
    .from(communicationMessages)
    .where(and(addressedToCaller, eq(communicationMessages.isRead, false)))
    .get()!.n;
}

/** Requests not answered yet (pending or overdue): the whole list's figure, as the badge shows it. */
function pendingCount(db: Db, forParent: SQL | undefined): number {
  return db
    .select({ n: count() })
    .from(documentRequests)
    .where(and(forParent, eq(documentRequests.status, 'pending')))
    .get()!.n;
}

function messagesPage(db: Db, where: SQL | undefined, page: { limit: number; cursor?: string | null }) {
  return keysetPage(messageOrder, page, (after, orderBy, n) =>
    db
      .select(messageColumns)
      .from(communicationMessages)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(n)
      .all(),
  );
}

function requestsPage(db: Db, today: string, where: SQL | undefined, page: { limit: number; cursor?: string | null }) {
  const { items, nextCursor } = keysetPage(requestOrder, page, (after, orderBy, n) =>
    db
      .select(requestColumns)
      .from(documentRequests)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(n)
      .all(),
  );
  return { items: items.map(withOverdue(today)), nextCursor };
}

/** Addressed to the centre (what staff mark read). */
const toCentre = eq(communicationMessages.recipientType, 'admin');

/** Answers to document requests that staff have not had on screen yet: the "new uploads" of the badges. */
function newUploadsCount(db: Db): number {
  return db
    .select({ n: count() })
    .from(documentRequests)
    .where(and(eq(documentRequests.status, 'fulfilled'), isNull(documentRequests.responseSeenAt)))
    .get()!.n;
}

/** What families did that staff have not seen: the Communication tab's and the Overview's figures. */
export function communicationAttention(db: Db): { unreadMessages: number; newUploads: number } {
  return { unreadMessages: unreadCount(db, toCentre), newUploads: newUploadsCount(db) };
}
/** Addressed to this parent's e-mail (what the parent marks read). */
const toParent = (email: string) => and(eq(communicationMessages.recipientType, 'parent'), eq(communicationMessages.recipientId, email));

/** A parent's messages: the ones they sent, and the ones the centre sent to their e-mail. */
function parentMessages(parent: ParentIdentity) {
  return or(
    and(eq(communicationMessages.senderType, 'parent'), eq(communicationMessages.senderId, parent.id)),
    and(eq(communicationMessages.recipientType, 'parent'), eq(communicationMessages.recipientId, parent.email)),
  );
}

function findChild(db: Db, childId: string) {
  return db
    .select({
      id: enrolledChildren.id,
      childName: enrolledChildren.childName,
      parentName: enrolledChildren.parentName,
      parentEmail: enrolledChildren.parentEmail,
    })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, childId))
    .get();
}

/** The child the admin picked, or the 400 the form shows next to the child picker. */
function pickedChild(db: Db, childId: string) {
  const child = findChild(db, childId);
  if (!child) throw refuse('BAD_REQUEST', 'error.selectChild');
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
  if (!child) throw refuse('NOT_FOUND', 'error.childNotFound');
  return child;
}

/**
 * Overdue is decided when the list is read (the centre's today against the due date), never stored: a stored
 * flag would need a job to keep it true. A fulfilled request is never overdue; an overdue one can still be answered.
 */
function withOverdue(today: string) {
  return (r: RequestRow) => ({
    ...r,
    status: r.status === 'pending' && r.dueDate !== null && r.dueDate < today ? ('overdue' as const) : r.status,
  });
}

async function noticeToParent(ctx: Context, to: string, content: Parameters<typeof sendToParent>[2], sentBy: string) {
  const outcome = await sendToParent(ctx, to, content, sentBy);
  return { emailSent: outcome.emailSent, emailError: outcome.emailError };
}

/** Who wrote a message, to whom, about which child (if any), and what it says: the row a send inserts. */
interface NewMessage {
  senderType: 'admin' | 'parent';
  senderId: string;
  senderName: string;
  recipientType: 'admin' | 'parent';
  recipientId: string;
  recipientName: string;
  child: { id: string; childName: string } | null;
  text: { subject: string; content: string; isUrgent: boolean };
}

/** Inserts a general message, created and updated now; the row as the lists show it. */
function insertMessage(db: Db, now: Date, { child, text, ...parties }: NewMessage): MessageRow {
  return db
    .insert(communicationMessages)
    .values({
      type: 'general_message',
      ...parties,
      childId: child?.id ?? null,
      childName: child?.childName ?? null,
      subject: text.subject,
      content: text.content,
      isUrgent: text.isUrgent,
      createdAt: now,
      updatedAt: now,
    })
    .returning(messageColumns)
    .get();
}
export const respondToRequestInput = documentResponseSchema.extend({ id: idSchema });

export function staffMessagesPage(ctx: StaffContext, input: z.output<typeof pageInput>) {
  return firstPageRead(ctx.db, `staff-messages:${input.limit}`, input.cursor, () => ({
    ...messagesPage(ctx.db, undefined, input),
    unreadCount: unreadCount(ctx.db, toCentre),
  }));
}

export function parentMessagesPage(ctx: ParentContext, input: z.output<typeof pageInput>) {
  return firstPageRead(ctx.db, `parent-messages:${ctx.parent.id}:${ctx.parent.email}:${input.limit}`, input.cursor, () => ({
    ...messagesPage(ctx.db, parentMessages(ctx.parent), input),
    unreadCount: unreadCount(ctx.db, toParent(ctx.parent.email)),
  }));
}

export async function sendToFamily(ctx: StaffContext, input: z.output<typeof adminMessageSchema>) {
  consumeForAccount(ctx, ctx.limits.messages);
  const child = pickedChild(ctx.db, input.childId);
  const now = ctx.clock.now();
  const message = audited(
    ctx,
    (db) =>
      insertMessage(db, now, {
        senderType: 'admin',
        senderId: ctx.admin.id,
        senderName: ctx.admin.name,
        recipientType: 'parent',
        recipientId: child.parentEmail.toLowerCase(),
        recipientName: child.parentName,
        child,
        text: input,
      }),
    (m) => ({ action: 'send', entity: 'message', entityId: m.id, fields: input }),
  );
  // The parent's choice, read now: a change takes effect for the next message.
  const prefs = preferencesOfAddress(ctx.db, message.recipientId);
  if (!emailsAtOnce(prefs.messageEmails, input.isUrgent)) return { ...message, emailSent: false, emailError: null };
  const notice = newMessageNoticeEmail(
    { parentName: child.parentName, childName: child.childName, isUrgent: input.isUrgent },
    ctx.config,
    prefs.language,
  );
  const outcome = await noticeToParent(ctx, message.recipientId, notice, ctx.admin.email);
  if (outcome.emailSent)
    ctx.db.update(communicationMessages).set({ emailedAt: ctx.clock.now() }).where(eq(communicationMessages.id, message.id)).run();
  return { ...message, ...outcome };
}

export async function sendToCentre(ctx: ParentContext, input: z.output<typeof messageSchema>) {
  consumeForAccount(ctx, ctx.limits.messages);
  const child = input.childId ? ownChild(ctx.db, ctx.parent.id, input.childId) : null;
  const now = ctx.clock.now();
  const senderName = `${ctx.parent.firstName} ${ctx.parent.lastName}`.trim();
  const message = insertMessage(ctx.db, now, {
    senderType: 'parent',
    senderId: ctx.parent.id,
    senderName,
    recipientType: 'admin',
    recipientId: centre.email,
    recipientName: centre.name,
    child,
    text: input,
  });
  await noticeToCentre(
    ctx,
    parentMessageNotice({ parentName: senderName, childName: child?.childName ?? null, isUrgent: input.isUrgent }, ctx.config),
  );
  return message;
}

export function markMessageRead(ctx: SignedInContext, input: z.output<typeof idSchema>) {
  const addressedToCaller = ctx.auth.kind === 'admin' ? toCentre : toParent(ctx.auth.parent.email);
  const mark = (db: Db) =>
    db
      .update(communicationMessages)
      .set({
        isRead: true,
        readAt: sql`coalesce(${communicationMessages.readAt}, ${ctx.clock.now().getTime()})`,
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(communicationMessages.id, input), addressedToCaller))
      .returning({ id: communicationMessages.id })
      .get();
  // A staff write is audited; a parent's reading of their own messages is not staff's doing.
  const updated =
    ctx.auth.kind === 'admin'
      ? audited(ctx, mark, () => ({ action: 'update', entity: 'message', entityId: input, fields: { isRead: true } }))
      : mark(ctx.db);
  if (!updated) throw refuse('NOT_FOUND', 'error.messageNotFound');
  return { success: true as const, id: updated.id };
}

export function markResponseSeen(ctx: StaffContext, input: z.output<typeof idSchema>) {
  const request = ctx.db
    .select({ id: documentRequests.id, status: documentRequests.status })
    .from(documentRequests)
    .where(eq(documentRequests.id, input))
    .get();
  if (!request || request.status !== 'fulfilled') throw refuse('NOT_FOUND', 'error.documentNotFound');
  audited(
    ctx,
    (db) =>
      db
        .update(documentRequests)
        .set({ responseSeenAt: ctx.clock.now() })
        .where(and(eq(documentRequests.id, input), isNull(documentRequests.responseSeenAt)))
        .returning({ id: documentRequests.id })
        .get(),
    () => ({ action: 'update', entity: 'document-request', entityId: input, fields: { responseSeen: true } }),
  );
  return { success: true as const, id: request.id };
}

export function staffDocumentRequestsPage(ctx: StaffContext, input: z.output<typeof pageInput>) {
  const today = centreToday(ctx.clock);
  return firstPageRead(ctx.db, `staff-requests:${today}:${input.limit}`, input.cursor, () => ({
    ...requestsPage(ctx.db, today, undefined, input),
    pendingCount: pendingCount(ctx.db, undefined),
  }));
}

export function parentDocumentRequestsPage(ctx: ParentContext, input: z.output<typeof pageInput>) {
  const today = centreToday(ctx.clock);
  const mine = eq(documentRequests.parentId, ctx.parent.email);
  return firstPageRead(ctx.db, `parent-requests:${ctx.parent.email}:${today}:${input.limit}`, input.cursor, () => ({
    ...requestsPage(ctx.db, today, mine, input),
    pendingCount: pendingCount(ctx.db, mine),
  }));
}

export async function requestDocument(ctx: StaffContext, input: z.output<typeof documentRequestSchema>) {
  checkDayRules(documentDueSchema(centreToday(ctx.clock)), input);
  const child = pickedChild(ctx.db, input.childId);
  const request = audited(
    ctx,
    (db) =>
      db
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
        .get(),
    (r) => ({ action: 'send', entity: 'document-request', entityId: r.id, fields: input }),
  );
  const notice = documentRequestNoticeEmail(
    { ...request, parentName: child.parentName },
    ctx.config,
    preferencesOfAddress(ctx.db, request.parentId).language,
  );
  return { ...withOverdue(centreToday(ctx.clock))(request), ...(await noticeToParent(ctx, request.parentId, notice, ctx.admin.email)) };
}

export async function respondToRequest(ctx: ParentContext, input: z.output<typeof respondToRequestInput>) {
  const request = ctx.db
    .select({ id: documentRequests.id, status: documentRequests.status })
    .from(documentRequests)
    .where(and(eq(documentRequests.id, input.id), eq(documentRequests.parentId, ctx.parent.email)))
    .get();
  if (!request) throw refuse('NOT_FOUND', 'error.requestNotFound');
  if (request.status !== 'pending') throw refuse('CONFLICT', 'error.alreadyAnswered');
  const file = uploadedFileFor(ctx, input.documentUrl, ownerOf(ctx.auth));
  if (!file) throw refuse('BAD_REQUEST', 'error.uploadBeforeSubmit');
  const url = downloadUrl(file.id);
  const answered = ctx.db.transaction((tx) => {
    const used = tx.select({ id: documentRequests.id }).from(documentRequests).where(eq(documentRequests.responseDocumentUrl, url)).get();
    if (used) throw refuse('BAD_REQUEST', 'error.alreadySubmitted');
    const updated = tx
      .update(documentRequests)
      .set({
        status: 'fulfilled',
        responseDocumentUrl: url,
        responseDocumentName: input.documentName,
        responseMessage: input.message,
        respondedAt: ctx.clock.now(),
      })
      .where(and(eq(documentRequests.id, input.id), eq(documentRequests.status, 'pending')))
      .returning(requestColumns)
      .get();
    if (!updated) throw refuse('CONFLICT', 'error.alreadyAnswered');
    renameDocument({ ...ctx, db: tx as unknown as Db }, file.id, input.documentName, file.mimeType);
    return updated;
  });
  // After the commit: the centre hears of it, the file itself stays behind the sign-in.
  await noticeToCentre(
    ctx,
    documentUploadedNotice(
      {
        parentName: `${ctx.parent.firstName} ${ctx.parent.lastName}`.trim() || ctx.parent.email,
        childName: answered.childName,
        title: answered.title,
      },
      ctx.config,
    ),
  );
  return answered;
}

export function createUpload(ctx: SignedInContext) {
  consumeForAccount(ctx, ctx.limits.uploadUrls);
  return ctx.auth.kind === 'admin'
    ? audited(
        ctx,
        (db) => issueUploadUrl({ ...ctx, db }, ownerOf(ctx.auth)),
        () => ({ action: 'create', entity: 'upload' }),
      )
    : issueUploadUrl(ctx, ownerOf(ctx.auth));
}
