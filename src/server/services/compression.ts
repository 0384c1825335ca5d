import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/**
 * Hono's compress(), told the length of the app's refusals so that it leaves them as they are.
 *
 * compress() skips an answer under 1 KB only when the answer says its length, and `c.json()` and tRPC's answers do
 * not: every refusal (a 4xx or 5xx of JSON, a sentence id and its values, a few hundred bytes) went through a gzip
 * stream of its own. That cost more CPU than the refusal itself, and gzip makes so few bytes smaller still. A flood
 * of refused requests (docs/performance.md, "Abuse") and the tests that send every path every wrong request both
 * paid it. Refusals are built in memory, so reading one to measure it holds nothing a stream would not.
 */
export function compression(): MiddlewareHandler {
  const gzip = compress();
  return (c, next) =>
    gzip(c, async () => {
      await next();
      const res = c.res;
      if (res.status < 400 || res.headers.has('Content-Length') || !res.body) return;
      if (!res.headers.get('Content-Type')?.startsWith('application/json')) return;
      const text = await res.text();
      const headers = new Headers(res.headers);
      headers.set('Content-Length', String(Buffer.byteLength(text)));
      // Unset first: assigning over an answer wraps the new one's body in a stream (Hono's Context), and the
      // server writes a string in one call.
      c.res = undefined;
      c.res = new Response(text, { status: res.status, statusText: res.statusText, headers });
    });
}
