import type { MiddlewareHandler } from 'hono';
import { englishOf } from '../refusal';
import { messageIdsHeader } from '../rest/shim';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths whose body may be a multipart form (the gallery upload, photos of the day). */
const MULTIPART = /^\/api\/admin\/(pictures|child-photos)$/;
/** The centre's logo, PUT as a multipart form (a PUT is never sent cross-site without a preflight). */
const MULTIPART_PUT = /^\/api\/admin\/centre\/logo$/;
/** Signed upload URLs: the browser PUTs the file's raw bytes, whatever their type. */
const RAW_UPLOAD = /^\/api\/objects\/upload\/[^/]+$/;

export const JSON_ONLY_MESSAGE = 'error.jsonOnly';

/**
 * Answers 415 to an unsafe /api request whose body is not `application/json`: a form or `text/plain` body
 * is what another site can send without a CORS preflight, so the app never reads one as JSON (login CSRF,
 * ADR 006). Exceptions: `multipart/form-data` on POST /api/admin/pictures, and any type on PUT to a signed
 * upload URL under /api/objects/upload/. A request without a body passes (logout, delete).
 */
export function contentTypeGuard(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (SAFE.has(method) || !hasBody(c.req.header('content-length'), c.req.header('transfer-encoding'))) return next();
    const path = c.req.path;
    if (method === 'PUT' && RAW_UPLOAD.test(path)) return next();
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === 'application/json') return next();
    if (type === 'multipart/form-data' && method === 'POST' && MULTIPART.test(path)) return next();
    if (type === 'multipart/form-data' && method === 'PUT' && MULTIPART_PUT.test(path)) return next();
    return c.json(
      { message: englishOf(JSON_ONLY_MESSAGE) },
      415,
      messageIdsHeader({ messageId: JSON_ONLY_MESSAGE, values: {}, fieldErrorIds: null }),
    );
  };
}

function hasBody(length: string | undefined, transferEncoding: string | undefined): boolean {
  if (transferEncoding !== undefined) return true;
  return length !== undefined && length.trim() !== '0';
}
