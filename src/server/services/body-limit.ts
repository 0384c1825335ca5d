import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's bodyLimit(), without building a fetch Request for a body that says its length.
 *
 * bodyLimit() first asks for the request's body (`c.req.raw.body`), and only then reads Content-Length. Asking made
 * @hono/node-server build the full Request it otherwise never builds: an AbortController, and a web stream over the
 * socket that every later read of the body went through. A request that says its length (fetch sends one for a
 * string, a file or a form) is judged here by that header alone, exactly as bodyLimit() judges it; a body without
 * one (chunked) still goes to bodyLimit(), which counts it as it streams.
 */
export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    return parseInt(length || '0', 10) > maxSize ? Promise.resolve(onError(c)) : next();
  };
}
