/**
 * Kept answers are sent at the server's door (http-server.ts, services/kept-answers.ts), before Hono: a
 * repeated public list or parent read is written from memory, and says so in its access log line. What it
 * sends is the full path's answer (public-cache.test.ts and parent-answers.test.ts compare every header and
 * byte through this same door); these tests check that the door is the one answering, that it logs what it
 * answered, and that a request it cannot read exactly as the app would goes down the full path.
 */
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { sharedAdminServer } from '../helpers/admin-server';
import { enrolFamily } from '../helpers/parent-fixtures';
import { capturedLines } from '../helpers/log-capture';

vi.mock('../../src/server/logger', async (original) => (await import('../helpers/log-capture')).capturingLogger(original, 'info'));

const s = sharedAdminServer();

interface AccessLine {
  msg: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  kept?: boolean;
}

/** The access lines logged while `run` ran. */
async function accessLines(run: () => Promise<void>): Promise<AccessLine[]> {
  const from = capturedLines.length;
  await run();
  return capturedLines
    .slice(from)
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.msg === 'request');
}

/**
 * Sends a request exactly as written (a header twice, which fetch would join into one; a bad Host or none) and
 * reads the status. `host: null` sends no Host header, as HTTP/1.0 allows.
 */
function rawStatus(path: string, headerLines: string[], { host = `127.0.0.1:${new URL(s.url).port}`, version = '1.1' }: { host?: string | null; version?: string } = {}): Promise<number> {
  const { port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      const lines = [...(host === null ? [] : [`Host: ${host}`]), ...headerLines, 'Connection: close'];
      socket.write(`GET ${path} HTTP/${version}\r\n${lines.map((h) => `${h}\r\n`).join('')}\r\n`);
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1])));
    socket.on('error', reject);
  });
}

describe("kept answers at the server's door", () => {
  it('a repeated public list is sent from memory, logged as kept, with the full answer', async () => {
    const lines = await accessLines(async () => {
      for (let i = 0; i < 3; i++) {
        const res = await s.request('/api/events', { headers: { 'accept-encoding': 'gzip' } });
        expect(res.status).toBe(200);
        expect(JSON.parse(await res.text())).toBeInstanceOf(Array);
      }
    });
    expect(lines.map(({ method, path, status, kept }) => ({ method, path, status, kept }))).toEqual([
      { method: 'GET', path: '/api/events', status: 200, kept: undefined },
      { method: 'GET', path: '/api/events', status: 200, kept: true },
      { method: 'GET', path: '/api/events', status: 200, kept: true },
    ]);
    for (const line of lines) expect(line.ms).toBeGreaterThanOrEqual(0);
  });

  it('a 304 is kept and sent at the door too, without a body', async () => {
    const etag = (await s.request('/api/milestones')).headers.get('etag')!;
    const lines = await accessLines(async () => {
      for (let i = 0; i < 2; i++) {
        const res = await s.request('/api/milestones', { headers: { 'if-none-match': etag } });
        expect(res.status).toBe(304);
        expect(await res.text()).toBe('');
      }
    });
    expect(lines.map((l) => [l.status, l.kept])).toEqual([
      [304, undefined],
      [304, true],
    ]);
  });

  it("a parent's repeated read is sent at the door; a write sends the next one down the full path", async () => {
    const fam = await enrolFamily(s, 'door.parent@example.com', ['Dora Door']);
    const headers = { authorization: `Bearer ${fam.token}` };
    const lines = await accessLines(async () => {
      await s.request('/api/parent/children', { headers });
      await s.request('/api/parent/children', { headers });
      await s.request('/api/events', { method: 'POST', json: { title: 'Door test', description: 'x', eventDate: '2026-12-01', category: 'general', isPublic: true }, headers: { cookie: s.admin } });
      await s.request('/api/parent/children', { headers });
    });
    expect(lines.filter((l) => l.path === '/api/parent/children').map((l) => [l.status, l.kept])).toEqual([
      [200, undefined],
      [200, true],
      [200, undefined],
    ]);
  });

  it('a request that sends a key header twice is never answered from memory: it gets what the app says', async () => {
    const fam = await enrolFamily(s, 'door.twice@example.com', ['Tess Twice']);
    const auth = `Authorization: Bearer ${fam.token}`;
    expect(await rawStatus('/api/parent/children', [auth])).toBe(200);
    expect(await rawStatus('/api/parent/children', [auth])).toBe(200);
    // The app reads the two as one header ("Bearer x, Bearer x"), which is no token: 401, as the full path says.
    const lines = await accessLines(async () => {
      expect(await rawStatus('/api/parent/children', [auth, auth])).toBe(401);
    });
    expect(lines.map((l) => [l.status, l.kept])).toEqual([[401, undefined]]);
  });

  it('other methods, other paths and an encoded path always take the full path', async () => {
    await s.request('/api/gallery');
    const lines = await accessLines(async () => {
      expect((await s.request('/api/gallery', { method: 'HEAD' })).status).toBe(200);
      expect((await s.request('/api/%67allery')).status).toBe(200);
      expect((await s.request('/api/gallery?x=1')).status).toBe(200);
    });
    expect(lines.every((l) => l.kept === undefined)).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('a request the app refuses for its Host header (malformed, or none) is refused the same when its answer is kept', async () => {
    const fam = await enrolFamily(s, 'door.host@example.com', ['Hal Host']);
    const auth = `Authorization: Bearer ${fam.token}`;
    for (const path of ['/api/events', '/api/parent/children']) {
      const headers = path === '/api/events' ? [] : [auth];
      expect(await rawStatus(path, headers)).toBe(200);
      expect(await rawStatus(path, headers)).toBe(200);
      const lines = await accessLines(async () => {
        expect(await rawStatus(path, headers, { host: 'bad host' }), path).toBe(400);
        expect(await rawStatus(path, headers, { host: 'a/b?c' }), path).toBe(400);
        // No Host at all: the full path decides (this test server names a default host name; npm start's does
        // not, and refuses it): either way it is not the door's to answer.
        await rawStatus(path, headers, { host: null, version: '1.0' });
      });
      expect(lines.some((l) => l.kept)).toBe(false);
      // A Host the full path takes as it is, spelled otherwise (capitals): not answered at the door, but answered.
      expect(await rawStatus(path, headers, { host: `LOCALHOST:${new URL(s.url).port}` })).toBe(200);
    }
  });
});
