/**
 * The ceiling for `npm run bench:api`: a bare Hono route answering a fixed answer, in a process of its own like the
 * app. What this machine can serve at best over HTTP with the same server library; the app's figures are read as
 * a share of it. No middleware, no database, no log.
 *
 * Why it sends the target's whole answer (this was ADR 061): the load generator's own cost depends on what it
 * reads. autocannon goes through random-looking brotli bytes several times slower than through repeated letters,
 * and parses every header, on the same two cores as both servers; the app sends about 1.1 KB of headers with every
 * answer (security headers, `Cache-Control`, `Vary`, `ETag`). A ceiling that sent less would count part of the
 * load generator's work as the app's shortfall. So the benchmark gives it each target's answer exactly as the app
 * sent it (`PUT /<id>` with the body, compressed if the target's was, and the app's headers as JSON in
 * `X-Answer-Headers`, less the framing headers node writes itself), and `GET /<id>` answers the same status line,
 * headers and body. A share is then the app's rate against the fastest this machine serves the same bytes.
 *
 * Without `X-Answer-Headers` it sends the body with Content-Type only (the bench's `--body-only-ceiling`, the
 * ceiling before 28 November 2026): shares measured with it are not comparable with later ones, and
 * docs/performance-log.md says which ceiling each table used.
 *   tsx scripts/bench-ceiling.ts <port>
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2]);
const answers = new Map<string, { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> }>();
const app = new Hono()
  .put('/:id', async (c) => {
    const sent = c.req.header('x-answer-headers');
    const headers = sent ? (JSON.parse(sent) as Record<string, string>) : { 'Content-Type': 'application/json' };
    answers.set(c.req.param('id'), { body: new Uint8Array(await c.req.arrayBuffer()), headers });
    return c.body(null, 204);
  })
  .get('/:id', (c) => {
    const answer = answers.get(c.req.param('id'));
    return answer ? c.body(answer.body, 200, answer.headers) : c.body(null, 404);
  });
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
