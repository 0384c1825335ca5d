/**
 * The app on node's HTTP server, for `npm start` and the tests alike: every request goes to Hono through
 * @hono/node-server (ADR 017: one pipeline; nothing answers before it), with timeouts and a cap of open
 * connections per address (connection-limits.ts, ADR 019).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { App } from './app';
import { type ConnectionLimits, connectionServerOptions, DEFAULT_CONNECTION_LIMITS, limitConnectionsPerAddress } from './connection-limits';

export function listen(
  app: App,
  options: { port: number; hostname?: string; limits?: ConnectionLimits },
  onListening?: (info: AddressInfo) => void,
): ServerType {
  const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
  const server = serve(
    { fetch: app.fetch, port: options.port, hostname: options.hostname, serverOptions: connectionServerOptions(limits) },
    onListening,
  );
  limitConnectionsPerAddress(server as Server, limits);
  return server;
}
