/**
 * What a Spanish reader met in English or written twice: the events feed's calendar name (`?lang=es`), and a
 * sentence ending with a Spanish time ("5:18 p.m.") written with a second full stop.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { intlFor, t } from '../../src/shared/i18n';
import { formatLite } from '../../src/shared/i18n/lite';
import { portalEs } from '../../src/shared/i18n/portal-es';
import { centre } from '../../src/shared/centre';
import { sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer();

describe('the events feed in Spanish (GET /api/events.ics?lang=es)', () => {
  const calendar = async (query: string) => {
    const res = await s.request(`/api/events.ics${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    return new ICAL.Component(ICAL.parse(await res.text()));
  };

  it('is named and described in Spanish; without ?lang, and with lang=en, in English; each kept apart by the cache', async () => {
    for (let twice = 0; twice < 2; twice++) {
      const es = await calendar('?lang=es');
      expect(es.getFirstPropertyValue('x-wr-calname')).toBe(`Eventos de ${centre.name}`);
      expect(es.getFirstPropertyValue('x-wr-caldesc')).toBe(`Eventos públicos de ${centre.name}, Columbus, OH`);
      for (const query of ['', '?lang=en'])
        expect((await calendar(query)).getFirstPropertyValue('x-wr-calname')).toBe(`${centre.name} Events`);
    }
  });

  it('names a language it does not have with a 400 and a sentence, over REST and tRPC', async () => {
    const res = await s.request('/api/events.ics?lang=fr');
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toBe('Please choose a language: en or es');
    const trpc = await s.request(`/api/trpc/events.calendar?input=${encodeURIComponent(JSON.stringify({ json: { lang: 'de' } }))}`);
    expect(trpc.status).toBe(400);
    expect(await s.caller().events.calendar({ lang: 'es' })).toContain(`X-WR-CALNAME:Eventos de ${centre.name}`);
  });
});

describe('a sentence that ends with a Spanish time', () => {
  // 17:18 on the centre's clock, as Spanish writes it: "5:18 p.m.".
  const when = intlFor('es').formatDate(new Date('2026-11-20T22:18:00Z'), { dateStyle: 'medium', timeStyle: 'short' });

  it('is written with one full stop, by the server formatter and the small one alike', () => {
    expect(when).toMatch(/5:18 p\.\s?m\.$/);
    const server = t('es', 'portal.offline.status', { when });
    expect(server).toBe(`No tiene conexión. Última actualización: ${when}`);
    expect(server).not.toMatch(/\.\.$/);
    expect(formatLite('es-US', portalEs['portal.offline.status'], { when })).toBe(server);
  });

  it('keeps a value’s own stop where the message does not end it, and an ellipsis whole', () => {
    expect(t('es', 'portal.offline.status', { when: 'ayer...' })).toBe('No tiene conexión. Última actualización: ayer....');
    expect(t('es', 'portal.attendance.in', { time: '5:18 p.m.', by: 'Ana' })).toBe('Hora de llegada: 5:18 p.m., con Ana');
  });
});
