import { z } from 'zod';
import { DOCUMENT_TYPES } from '../constants';
import { isoDate, looseBoolean, optionalText, requiredText } from './fields';

/** Limits of the Communication Center (docs/product.md §5 Message compose, Document request, Submit document). */
export const SUBJECT_MAX = 200;
export const CONTENT_MAX = 5000;
export const DOCUMENT_NAME_MAX = 200;

const idText = (message: string) => requiredText(message, 100);

/** An optional id: blank means none. */
const optionalId = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * The compose dialog. The server decides the recipient: an admin's message goes to the parent of the chosen
 * child, a parent's message goes to the centre. Fields of docs/product.md §7 the server derives (type, recipientType,
 * recipientId, recipientName, childName) are accepted and ignored so a client posting them is understood.
 */
export const messageSchema = z.object({
  childId: optionalId,
  subject: requiredText('error.subjectRequired', SUBJECT_MAX),
  content: requiredText('error.messageRequired', CONTENT_MAX, { multiline: true }),
  isUrgent: looseBoolean.default(false),
});
export type MessageInput = z.input<typeof messageSchema>;

/** The admin must pick a child: that fills the recipient (docs/product.md §5 Message compose). */
export const adminMessageSchema = messageSchema.extend({ childId: idText('error.selectChild') });

export const DUE_DATE_IN_PAST = 'error.dueInPast';

/** The due date, blank meaning none; with `today` (the centre's), not before it: it would start out overdue. */
function dueDateField(today?: string) {
  const date = isoDate('error.dueDate');
  return z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.union([z.null(), today === undefined ? date : date.refine((v) => v >= today, DUE_DATE_IN_PAST)]));
}

const documentRequestObject = (today?: string) =>
  z.object({
    childId: idText('error.selectChild'),
    documentType: z.enum(DOCUMENT_TYPES, { error: 'error.documentType' }).default('other'),
    title: requiredText('error.titleRequired', SUBJECT_MAX),
    description: requiredText('error.descriptionRequired', CONTENT_MAX, { multiline: true }),
    dueDate: dueDateField(today),
    isUrgent: looseBoolean.default(false),
  });

/** Document request (admin): title and description required; choosing a child fills the parent; type default other. */
export const documentRequestSchema = documentRequestObject();
/** The form's schema with the browser's centre date; the server checks `documentDueSchema` with its clock. */
export const documentRequestSchemaOn = (today: string) => documentRequestObject(today);
export const documentDueSchema = (today: string) => z.object({ dueDate: dueDateField(today) });
export type DocumentRequestInput = z.input<typeof documentRequestSchema>;

/** Submit document (parent): the upload URL as `POST /api/objects/upload` returned it, a name and a note. */
export const documentResponseSchema = z.object({
  documentUrl: requiredText('error.uploadFirst', 1000),
  documentName: requiredText('error.documentNameRequired', DOCUMENT_NAME_MAX),
  message: optionalText(CONTENT_MAX, { multiline: true }),
});
export type DocumentResponseInput = z.input<typeof documentResponseSchema>;
