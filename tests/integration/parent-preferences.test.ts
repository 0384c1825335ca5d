/**
 * `GET` and `PATCH /api/parent/preferences`: the defaults, a partial update, bad input refused without a change,
 * each parent's own row, no-store, and the rate of changes.
 */
import { describe, expect, it } from 'vitest';
import { sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily } from '../helpers/parent-fixtures';

describe('parent preferences', () => {
  const s = sharedAdminServer();
  const patch = (token: string, body: unknown) =>
    s.request('/api/parent/preferences', { method: 'PATCH', json: body, headers: bearer(token).headers });

  it('answers the defaults, saves only the fields sent, and keeps each parent to their own', async () => {
    const one = await enrolFamily(s, 'prefs.one@example.com', ['Pia One']);
    const two = await enrolFamily(s, 'prefs.two@example.com', ['Pia Two']);
    const first = await s.request('/api/parent/preferences', bearer(one.token));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await json(first)).toEqual({ language: 'en', messageEmails: 'each', dailySummary: false });

    const saved = await patch(one.token, { language: 'es' });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual({ language: 'es', messageEmails: 'each', dailySummary: false });
    expect(await json(await patch(one.token, { dailySummary: true, messageEmails: 'digest' }))).toEqual({
      language: 'es',
      messageEmails: 'digest',
      dailySummary: true,
    });
    expect(await json(await s.request('/api/parent/preferences', bearer(one.token)))).toEqual({
      language: 'es',
      messageEmails: 'digest',
      dailySummary: true,
    });
    expect(await json(await s.request('/api/parent/preferences', bearer(two.token)))).toEqual({
      language: 'en',
      messageEmails: 'each',
      dailySummary: false,
    });
  });

  it('refuses an unknown value, an unknown field and an empty body with a 400 that names the problem, and changes nothing', async () => {
    const fam = await enrolFamily(s, 'prefs.bad@example.com', ['Pia Bad']);
    for (const [body, message] of [
      [{ language: 'fr' }, 'Please choose a language: en or es'],
      [{ messageEmails: 'never' }, 'Please choose how messages are e-mailed: each, digest or urgent_only'],
      [{ dailySummary: 'yes' }, 'dailySummary must be true or false'],
      [{}, 'Please send a preference to change'],
    ] as const) {
      const res = await patch(fam.token, body);
      expect(res.status).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe(message);
    }
    const extra = await patch(fam.token, { language: 'es', isAdmin: true });
    expect(extra.status).toBe(400);
    expect(await json(await s.request('/api/parent/preferences', bearer(fam.token)))).toEqual({
      language: 'en',
      messageEmails: 'each',
      dailySummary: false,
    });
  });

  it('needs a parent: no session answers 401, a staff session is refused', async () => {
    expect((await s.request('/api/parent/preferences')).status).toBe(401);
    expect((await s.request('/api/parent/preferences', { method: 'PATCH', json: { language: 'es' } })).status).toBe(401);
  });

  it('limits how often one parent changes them', async () => {
    const fam = await enrolFamily(s, 'prefs.rate@example.com', ['Pia Rate']);
    let last = 200;
    for (let i = 0; i < 31 && last === 200; i++) last = (await patch(fam.token, { dailySummary: i % 2 === 0 })).status;
    expect(last).toBe(429);
  });
});
