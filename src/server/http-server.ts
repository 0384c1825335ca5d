/**
 * The app on node's HTTP server, for `npm start` and the tests alike: every request goes to Hono through
 * @hono/node-server (ADR 017: one pipeline; nothing answers before it).
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { App } from './app';

export function listen(app: App, options: { port: number; hostname?: string }, onListening?: (info: AddressInfo) => void): ServerType {
  return serve({ fetch: app.fetch, port: options.port, hostname: options.hostname }, onListening);
}
