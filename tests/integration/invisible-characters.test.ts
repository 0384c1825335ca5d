import { beforeAll, describe, expect, it } from 'vitest';
import { communicationMessages } from '../../db/schema';
import { INVISIBLE_CHARACTERS_MESSAGE } from '../../src/shared/schemas/fields';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { sampleChild } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { english } from '../helpers/english';

const s = sharedAdminServer();
let family: Family;
beforeAll(async () => {
  family = await enrolFamily(s, 'invisible@example.com', ['Ada Lovelace']);
});

/** What the review sent in one-line fields: each was stored before. */
const INVISIBLE = {
  'a line separator': 'Pick\u2028up',
  'an Arabic letter mark': 'Pick\u061Cup',
  'a tag character': 'Pick\u{E0041}up',
  'the Hangul filler': '\u3164',
  'a private-use character': 'Pick\uE000up',
};

describe('invisible characters in one-line fields are refused over REST and tRPC, and nothing is stored', () => {
  it.each(Object.entries(INVISIBLE))('a message subject with %s', async (_label, subject) => {
    const before = s.count(communicationMessages);
    const rest = await s.request('/api/parent/communications', {
      method: 'POST',
      json: { subject, content: 'Hello' },
      ...bearer(family.token),
    });
    expect(rest.status).toBe(400);
    expect(((await rest.json()) as { errors?: Record<string, string> }).errors?.subject).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
    const trpc = await s.request('/api/trpc/communications.parentSend', {
      method: 'POST',
      json: { json: { subject, content: 'Hello' } },
      ...bearer(family.token),
    });
    expect(trpc.status).toBe(400);
    expect(JSON.stringify(await trpc.json())).toContain(english(INVISIBLE_CHARACTERS_MESSAGE));
    expect(s.count(communicationMessages)).toBe(before);
  });

  it('a child name and a parent e-mail with a format character', async () => {
    for (const body of [{ childName: 'Ada\u2028Lovelace' }, { childName: '\u3164' }, { parentEmail: 'a\u00AD@example.com' }]) {
      const res = await s.request('/api/admin/enrolled-children', {
        method: 'POST',
        json: { ...sampleChild, parentEmail: 'x@example.com', ...body },
        ...as(s.admin),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(english(INVISIBLE_CHARACTERS_MESSAGE));
    }
  });

  it('multi-line content keeps what a language needs, and refuses a line separator', async () => {
    const persian = '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645';
    const ok = await s.request('/api/parent/communications', {
      method: 'POST',
      json: { subject: 'Persian', content: `Line one\n${persian}` },
      ...bearer(family.token),
    });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { content: string }).content).toBe(`Line one\n${persian}`);
    const bad = await s.request('/api/parent/communications', {
      method: 'POST',
      json: { subject: 'Bad', content: 'Line one\u2028two' },
      ...bearer(family.token),
    });
    expect(bad.status).toBe(400);
  });
});
