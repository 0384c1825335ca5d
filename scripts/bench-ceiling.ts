/**
 * The ceiling for `npm run bench:api`: a bare Hono route answering a fixed body, in a process of its own like the
 * app. What this machine can serve at best over HTTP with the same server library; the app's figures are read as
 * a share of it. The benchmark gives it each target's answer exactly as the app sent it (`PUT /<id>` with the
 * bytes, compressed if the target's were), and `GET /<id>` answers those bytes: the load generator's own cost
 * depends on what it reads (autocannon goes through random-looking brotli bytes several times slower than
 * through repeated letters), so the ceiling sends the very bytes the target does.
 *   tsx scripts/bench-ceiling.ts <port>
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2]);
const bodies = new Map<string, Uint8Array<ArrayBuffer>>();
const app = new Hono()
  .put('/:id', async (c) => {
    bodies.set(c.req.param('id'), new Uint8Array(await c.req.arrayBuffer()));
    return c.body(null, 204);
  })
  .get('/:id', (c) => {
    const body = bodies.get(c.req.param('id'));
    return body ? c.body(body, 200, { 'Content-Type': 'application/json' }) : c.body(null, 404);
  });
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
