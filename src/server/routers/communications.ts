import { adminMessageSchema, documentRequestSchema, messageSchema } from '../../shared/schemas/communication';
import { idSchema } from '../../shared/schemas/content';
import { pageInput } from '../../shared/schemas/page';
import { parentProcedure, router, signedInProcedure, staffProcedure } from '../trpc';
import {
  staffMessagesPage,
  parentMessagesPage,
  sendToFamily,
  sendToCentre,
  markMessageRead,
  markResponseSeen,
  staffDocumentRequestsPage,
  parentDocumentRequestsPage,
  requestDocument,
  respondToRequestInput,
  respondToRequest,
  createUpload,
} from '../communications/messages';

export const communicationsRouter = router({
  /** A page of the messages between the centre and the families, newest first, and the centre's unread count. */
  adminMessages: staffProcedure.input(pageInput).query(({ ctx, input }) => staffMessagesPage(ctx, input)),

  /** A page of the messages between the centre and this parent only, and how many of all of them are unread. */
  parentMessages: parentProcedure.input(pageInput).query(({ ctx, input }) => parentMessagesPage(ctx, input)),

  /** A message to the parent of the chosen child (the child decides the recipient, not the client), with an e-mail notice. */
  adminSend: staffProcedure.input(adminMessageSchema).mutation(({ ctx, input }) => sendToFamily(ctx, input)),

  /** A message to the centre; an urgent one also e-mails staff. A child, when named, must be the parent's own. */
  parentSend: parentProcedure.input(messageSchema).mutation(({ ctx, input }) => sendToCentre(ctx, input)),

  /** Marks read a message addressed to the caller (staff: to the centre; a parent: to their e-mail). Anything else is a 404. */
  markRead: signedInProcedure.input(idSchema).mutation(({ ctx, input }) => markMessageRead(ctx, input)),

  /** Staff have had a parent's answer to a request on screen: it no longer counts as a new upload. 404 for anything else. */
  markResponseSeen: staffProcedure.input(idSchema).mutation(({ ctx, input }) => markResponseSeen(ctx, input)),

  /** A page of every document request, newest first, and how many of all of them are still unanswered. */
  adminDocumentRequests: staffProcedure.input(pageInput).query(({ ctx, input }) => staffDocumentRequestsPage(ctx, input)),

  /** A page of this parent's document requests, newest first, and how many of all of them are still unanswered. */
  parentDocumentRequests: parentProcedure.input(pageInput).query(({ ctx, input }) => parentDocumentRequestsPage(ctx, input)),

  /** Asks the parent of the chosen child for a document, with an e-mail notice. */
  requestDocument: staffProcedure.input(documentRequestSchema).mutation(({ ctx, input }) => requestDocument(ctx, input)),

  /**
   * The parent's answer to one of their own requests: the file they uploaded (by its upload URL), a name and a
   * note. Only once: the update only matches a request still pending, so two answers at the same time cannot both win.
   */
  parentRespond: parentProcedure.input(respondToRequestInput).mutation(({ ctx, input }) => respondToRequest(ctx, input)),

  /** `POST /api/objects/upload`: a signed, single-use, short-lived URL for one plain PUT of a file. */
  createUpload: signedInProcedure.mutation(({ ctx }) => createUpload(ctx)),
});
