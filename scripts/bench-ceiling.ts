/**
 * The ceiling for `npm run bench:api`: a bare Hono route answering a fixed JSON string, in a process of its own
 * like the app. What this machine can serve at best over HTTP with the same server library; the app's
 * figures are read as a share of it.
 *   tsx scripts/bench-ceiling.ts <port> <bytes>
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2]);
const bytes = Number(process.argv[3]);
// A JSON array of strings, exactly `bytes` long: [" + x... + "].
const body = `["${'x'.repeat(Math.max(0, bytes - 4))}"]`;
const app = new Hono().get('/', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }));
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
