import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/server/http-server';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let server: Server;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  // The same app on a server of its own, with short limits so the test does not wait for the real ones.
  server = listen(s.app, {
    port: 0,
    hostname: '127.0.0.1',
    limits: { headersTimeoutMs: 500, requestTimeoutMs: 1500, perAddress: 3 },
  }) as Server;
  await new Promise<void>((r) => server.once('listening', () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await s.close();
});

/** A socket and what it received by the time it closed, with how long it stayed open. */
function open(): Promise<{ socket: Socket; closed: Promise<{ data: string; ms: number }> }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1').on('data', (d: string) => (data += d));
    socket.on('error', () => undefined);
    const closed = new Promise<{ data: string; ms: number }>((r) =>
      socket.once('close', () => r({ data, ms: performance.now() - started })),
    );
    socket.once('connect', () => resolve({ socket, closed }));
  });
}

describe('slow clients are cut off', () => {
  it('the real server has 20 s for headers and 60 s for a request', async () => {
    const real = listen(s.app, { port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((r) => real.once('listening', () => r()));
    expect([real.headersTimeout, real.requestTimeout]).toEqual([20_000, 60_000]);
    await new Promise<void>((r) => real.close(() => r()));
  });

  it('headers sent slowly: the connection is closed after the headers timeout', async () => {
    const { socket, closed } = await open();
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const { data, ms } = await closed;
    expect(ms).toBeLessThan(5000);
    expect(data === '' || data.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('a body sent slowly: the connection is closed after the request timeout', async () => {
    const { socket, closed } = await open();
    // Same-origin, so the app reads the body (a refused request would be answered before any wait).
    socket.write(
      `POST /api/enrollment HTTP/1.1\r\nHost: x\r\nOrigin: ${s.config.publicUrl}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`,
    );
    const { data, ms } = await closed;
    expect(ms).toBeGreaterThan(1000);
    expect(ms).toBeLessThan(6000);
    expect(data === '' || data.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('one address keeps at most its number of open connections', async () => {
    const held = await Promise.all([open(), open(), open()]);
    const extra = await open();
    const { ms } = await extra.closed;
    expect(ms).toBeLessThan(400);
    for (const h of held) h.socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    const again = await open();
    again.socket.write('GET /api/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await again.closed).data).toMatch(/^HTTP\/1\.1 200/);
  });
});
