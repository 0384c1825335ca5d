/**
 * What node's HTTP server allows one connection and one address (ADR 019): a client that sends its
 * headers or body slowly is cut off after 20 s / 60 s (node's defaults, 60 s / 300 s, let slow bodies hold
 * connections for minutes), and one address keeps at most PER_ADDRESS_MAX connections open. Kept apart from
 * the server's creation (http-server.ts) so it applies to however the server is made.
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { normalizeAddress } from './config';
import { addressKey } from './services/window-counter';

export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** Open connections one address (an IPv6 /64) may hold; the proxies of TRUST_PROXY are not counted. */
  perAddress: number;
  trustedProxies?: readonly string[];
}

/** Many tabs of a family or an office behind one address, far below what a flood of slow bodies needs. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { headersTimeoutMs: 20_000, requestTimeoutMs: 60_000, perAddress: 64 };

/** The options for node's createServer: timeouts, and a check of them every second (node's default is 30 s). */
export function connectionServerOptions(limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
  };
}

/** Closes, at once, a connection from an address that already holds `perAddress` open connections. */
export function limitConnectionsPerAddress(server: Server, limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const peer = normalizeAddress(socket.remoteAddress ?? 'unknown');
    if (limits.trustedProxies?.includes(peer)) return;
    const key = addressKey(peer);
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
