import { Hono } from 'hono';
import { openPrivateDocument, receiveUpload } from '../documents/uploads';
import { withWriteRights } from '../auth/write-rights';
import { callerLanguage } from '../parents/preferences';
import { errorResponse, readJson, restPage, type RestEnv, sendPage, urlInput } from './shim';
import { refuse } from '../refusal';

/** The Communication paths of docs/product.md §7, for staff and parents, and the private document upload and download. */
export const communicationsRest = new Hono<RestEnv>()
  .get('/admin/communications', async (c) => sendPage(c, await c.var.caller.communications.adminMessages(restPage(c))))
  .post('/admin/communications', async (c) =>
    c.json(await c.var.caller.communications.adminSend(await readJson(c, c.var.caller.communications.adminSend)), 201),
  )
  .get('/parent/communications', async (c) => sendPage(c, await c.var.caller.communications.parentMessages(restPage(c))))
  .post('/parent/communications', async (c) =>
    c.json(await c.var.caller.communications.parentSend(await readJson(c, c.var.caller.communications.parentSend)), 201),
  )
  .post('/communications/:id/mark-read', async (c) => c.json(await c.var.caller.communications.markRead(c.req.param('id'))))
  .get('/admin/document-requests', async (c) => sendPage(c, await c.var.caller.communications.adminDocumentRequests(restPage(c))))
  .post('/admin/document-requests', async (c) =>
    c.json(await c.var.caller.communications.requestDocument(await readJson(c, c.var.caller.communications.requestDocument)), 201),
  )
  .get('/parent/document-requests', async (c) => sendPage(c, await c.var.caller.communications.parentDocumentRequests(restPage(c))))
  .post('/parent/document-requests/:id/respond', async (c) => {
    const respond = c.var.caller.communications.parentRespond;
    const body: unknown = await readJson(c);
    return c.json(await respond(urlInput(respond, { ...(typeof body === 'object' && body ? body : {}), id: c.req.param('id') })));
  })
  .post('/objects/upload', async (c) => c.json(await c.var.caller.communications.createUpload()))
  // The plain PUT of docs/product.md §7: the raw body is the file. Who may send it is decided before a byte is read.
  .put('/objects/upload/:token', async (c) => {
    const { ctx } = c.var;
    const auth = ctx.auth;
    try {
      // The file is recorded only if the account may still write once the last byte is in (ADR 063).
      const deps = auth ? withWriteRights(ctx, 'signed-in') : ctx;
      const result = await receiveUpload(deps, auth, c.req.param('token'), c.req.raw.body, c.req.header('content-length'));
      return c.json({ success: true, ...result }, 201);
    } catch (err) {
      // A refused upload may leave unread bytes on the connection: close it rather than let the next request read them.
      const { status, body, headers } = errorResponse(err, callerLanguage(ctx));
      return c.json(body, status as 400, { ...headers, Connection: 'close' });
    }
  })
  .get('/documents/:id', async (c) => {
    const { ctx } = c.var;
    // Signed in first (401); then staff read any document and a parent only their own (404 for the rest).
    const auth = ctx.auth;
    if (!auth) throw refuse('UNAUTHORIZED', 'error.signIn');
    return openPrivateDocument(
      ctx,
      c.req.param('id'),
      (file) => auth.kind === 'admin' || (file.ownerType === 'parent' && file.ownerId === auth.parent.id),
    );
  });
