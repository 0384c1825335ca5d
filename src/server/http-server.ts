/**
 * The app on node's HTTP server, for `npm start` and the tests alike. A request first meets the kept answers'
 * door (app.sendKept, services/kept-answers.ts): a visitor's public list or a parent's repeated read that is
 * kept is written straight from memory, with the headers it was made with and its access log line. Any other
 * request, and any the door cannot answer, goes to Hono through @hono/node-server as usual.
 */
import { createServer, type IncomingMessage, type Server, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { App } from './app';
import { logAccess } from './access-log';
import { logger } from './logger';
import { type ConnectionLimits, connectionServerOptions, DEFAULT_CONNECTION_LIMITS, limitConnectionsPerAddress } from './connection-limits';

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Sends a kept answer if there is one; true when the request has been answered (or, failing midway, ended). */
function answeredAtTheDoor(app: App, req: IncomingMessage, res: ServerResponse): boolean {
  const started = performance.now();
  try {
    if (!app.sendKept(req, res)) return false;
  } catch (err) {
    logger.error({ err, path: pathOf(req) }, 'sending a kept answer failed');
    // Nothing written yet: the full path answers instead. Part of an answer written: the connection is cut,
    // so the client sees a failed request rather than a broken one.
    if (!res.headersSent) return false;
    res.destroy();
    return true;
  }
  logAccess(req.method ?? 'GET', pathOf(req), res.statusCode, started, true);
  return true;
}

export function listen(app: App, options: { port: number; hostname?: string; limits?: ConnectionLimits }, onListening?: (info: AddressInfo) => void): ServerType {
  const withDoor = (serverOptions: ServerOptions, honoListener: RequestListener) =>
    createServer(serverOptions, (req, res) => {
      if (!answeredAtTheDoor(app, req, res)) void honoListener(req, res);
    });
  // Timeouts and a cap of open connections per address (connection-limits.ts).
  const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname, createServer: withDoor as typeof createServer, serverOptions: connectionServerOptions(limits) }, onListening);
  limitConnectionsPerAddress(server as Server, limits);
  return server;
}
