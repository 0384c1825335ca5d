/**
 * One phone format wherever a person reads a number (ADR 073): "(614) 555-0123", whatever was typed. The public
 * pages as the server renders them (both languages), the e-mail an application gets, and what an application
 * carries into the enrolled child's record (the emergency contact and the pediatrician) are scanned for any
 * number written another way. The number a `tel:` link dials and the search engines' structured data are not
 * text anyone reads, and are left out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { insertApplication, json, requiredApplicationFields } from '../helpers/enrollment-fixtures';
import { parseHtml, textOf } from '../helpers/html';
import { standInManifest } from '../helpers/stand-in-build';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'phone-format-'));
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(
    join(dir, 'client', 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <!--app-head-->\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>',
  );
  writeFileSync(join(dir, 'client', '.vite', 'manifest.json'), JSON.stringify(standInManifest()));
  writeFileSync(join(dir, 'ssr', 'entry-server.js'), `export * from ${JSON.stringify(resolve('src/client/entry-server.tsx'))};`);
  s = await startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') });
});
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Anything that reads as a North American number: ten digits, with or without a 1, brackets, dots, dashes or spaces. */
const NUMBER = /(?<![\d(])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)/g;
const THE_FORMAT = /^\(\d{3}\) \d{3}-\d{4}$/;
/** The numbers in `text` written any other way than "(614) 555-0123"; and how many there are in all. */
function numbersIn(text: string) {
  const all = [...text.matchAll(NUMBER)].map((m) => m[0]);
  return { all, otherwise: all.filter((n) => !THE_FORMAT.test(n)) };
}

describe('one phone format', () => {
  it('the scan finds a number written another way', () => {
    expect(numbersIn('call 614-555-0100 or 614.555.0101, or +1 614 555 0102, or (614) 555-0103').otherwise).toEqual([
      '614-555-0100',
      '614.555.0101',
      '+1 614 555 0102',
    ]);
  });

  it.each(['/', '/es', '/enrollment', '/es/enrollment', '/parent-login', '/es/parent-login', '/events', '/es/events', '/milestones'])(
    '%s shows every number as (614) 555-0123',
    async (path) => {
      const res = await s.request(path, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status).toBe(200);
      const { all, otherwise } = numbersIn(textOf(parseHtml(await res.text())));
      expect(otherwise).toEqual([]);
      if (path !== '/events' && path !== '/es/events' && path !== '/milestones') expect(all.length).toBeGreaterThan(0);
    },
  );

  it('the e-mail an application gets writes the centre’s numbers so', async () => {
    const res = await s.request('/api/enrollment', {
      method: 'POST',
      json: { ...requiredApplicationFields, parentEmail: 'phones@example.com' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await drainMailQueue(s.db);
    const mail = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'phones@example.com')).all().at(-1)!;
    const text = numbersIn(mail.textBody);
    expect(text.all.length).toBeGreaterThan(0);
    expect(text.otherwise).toEqual([]);
  });

  it('an enrolled child’s record carries the emergency contact’s and the pediatrician’s numbers so, however typed', async () => {
    const id = insertApplication(s, {
      status: 'approved',
      parentEmail: 'typed.phones@example.com',
      emergencyContactPhone: '614.555.0100',
      pediatricianPhone: '+1 614 555 0111',
    });
    const res = await s.request(`/api/enrollment-applications/${id}/enroll`, {
      method: 'POST',
      headers: { cookie: await s.adminCookie() },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const notes = (await json<{ child: { notes: string } }>(res)).child.notes;
    expect(notes).toContain('Pediatrician: Dr. Shah, (614) 555-0111');
    expect(notes).toContain('Emergency contact: Rosa Lopez (Grandparent), (614) 555-0100');
    expect(numbersIn(notes).otherwise).toEqual([]);
  });
});
