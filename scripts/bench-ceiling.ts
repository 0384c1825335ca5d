/**
 * The ceiling for `npm run bench:api`: a bare Hono route answering a fixed JSON string, in a process of its own
 * like the app. What this machine can serve at best over HTTP with the same server library; the app's
 * figures are read as a share of it. `GET /<bytes>` answers a JSON string exactly that long (at least `[]`),
 * made once: each target is compared with the ceiling for a body of its own size.
 *   tsx scripts/bench-ceiling.ts <port>
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2]);
const bodies = new Map<string, string>();
/** A JSON array of one string, exactly `bytes` long: [" + x... + "] (or [] below 4 bytes). */
const bodyOf = (bytes: string) => {
  let body = bodies.get(bytes);
  if (body === undefined) {
    const n = Number(bytes);
    body = n < 4 ? '[]' : `["${'x'.repeat(n - 4)}"]`;
    bodies.set(bytes, body);
  }
  return body;
};
const app = new Hono().get('/:bytes{[0-9]+}', (c) => c.body(bodyOf(c.req.param('bytes')), 200, { 'Content-Type': 'application/json' }));
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
