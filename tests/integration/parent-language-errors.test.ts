/**
 * A parent whose saved language is Spanish is refused in Spanish, over REST and tRPC alike (the REST
 * shim calls the same procedures; the server knows whose session it is and reads that parent's preference). A
 * field error, another family's child (404), a wrong current password, the rate of changes (429, with its
 * Retry-After), a file refused by its type or size, and an upload link used twice (409) are checked; a parent who
 * reads English gets exactly the English of before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../src/shared/constants';
import { MILESTONES_ES } from '../../src/shared/i18n/milestones-es';
import { MILESTONES } from '../../db/milestones';
import { sharedAdminServer } from '../helpers/admin-server';
import { PDF } from '../helpers/authz-fixtures';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';

type TrpcError = { error: { json: { message: string; data: { httpStatus: number; fieldErrors: Record<string, string> | null } } } };

describe("a parent's refusals in their saved language", () => {
  const s = sharedAdminServer();
  let spanish: Family;
  let english: Family;

  const rest = (fam: Family, path: string, method = 'GET', body?: unknown) =>
    s.request(path, { method, ...(body === undefined ? {} : { json: body }), ...bearer(fam.token) });
  const mutate = (fam: Family, procedure: string, input: unknown) =>
    s.request(`/api/trpc/${procedure}`, { method: 'POST', json: { json: input }, ...bearer(fam.token) });
  const query = (fam: Family, procedure: string, input: unknown) =>
    s.request(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, bearer(fam.token));

  beforeAll(async () => {
    spanish = await enrolFamily(s, 'idioma.es@example.com', ['Lucía Idioma']);
    english = await enrolFamily(s, 'language.en@example.com', ['Lucy Language']);
    const saved = await rest(spanish, '/api/parent/preferences', 'PATCH', { language: 'es' });
    expect(saved.status).toBe(200);
  });

  it("a form's field errors: Spanish for the Spanish parent, the schema's English for the other", async () => {
    const empty = { subject: '', content: '' };
    const es = await rest(spanish, '/api/parent/communications', 'POST', empty);
    expect(es.status).toBe(400);
    expect(await json(es)).toEqual({
      message: 'Escriba el asunto',
      errors: { subject: 'Escriba el asunto', content: 'Escriba el mensaje' },
    });
    const en = await rest(english, '/api/parent/communications', 'POST', empty);
    expect(en.status).toBe(400);
    expect(await json(en)).toEqual({
      message: 'Subject is required',
      errors: { subject: 'Subject is required', content: 'Message is required' },
    });

    const esTrpc = await mutate(spanish, 'communications.parentSend', { subject: 'Hola', content: 'x'.repeat(5001) });
    expect(esTrpc.status).toBe(400);
    const esBody = (await json<TrpcError>(esTrpc)).error.json;
    expect(esBody.message).toBe('Use como máximo 5000 caracteres');
    expect(esBody.data.fieldErrors).toEqual({ content: 'Use como máximo 5000 caracteres' });
    const enTrpc = await mutate(english, 'communications.parentSend', { subject: 'Hi', content: 'x'.repeat(5001) });
    expect((await json<TrpcError>(enTrpc)).error.json.data.fieldErrors).toEqual({ content: 'Must be at most 5000 characters' });
  });

  it('the Change Password rules and the wrong current password, then the sentence of success', async () => {
    const short = await rest(spanish, '/api/parent/change-password', 'POST', { currentPassword: spanish.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(await json(short)).toEqual({
      message: 'Elija una contraseña de al menos 10 caracteres',
      errors: { newPassword: 'Elija una contraseña de al menos 10 caracteres' },
    });
    const wrong = await mutate(spanish, 'parentAuth.changePassword', {
      currentPassword: 'not-the-password',
      newPassword: 'a-long-new-passphrase',
    });
    expect(wrong.status).toBe(400);
    expect((await json<TrpcError>(wrong)).error.json.data.fieldErrors).toEqual({ currentPassword: 'La contraseña actual no es correcta' });
    const enShort = await rest(english, '/api/parent/change-password', 'POST', { currentPassword: english.password, newPassword: 'short' });
    expect((await json<{ message: string }>(enShort)).message).toBe('Please choose a password of at least 10 characters');

    const changed = await rest(spanish, '/api/parent/change-password', 'POST', {
      currentPassword: spanish.password,
      newPassword: 'una-frase-larga-y-nueva',
    });
    expect(changed.status).toBe(200);
    expect((await json<{ message: string }>(changed)).message).toBe(
      'Su contraseña se cambió. Se cerró su sesión en sus otros dispositivos.',
    );
  });

  it('a refusal carries its catalogue id and values beside the sentence, over tRPC (data) and REST (X-Message-Ids)', async () => {
    const long = await mutate(spanish, 'communications.parentSend', { subject: 'Hola', content: 'x'.repeat(5001) });
    const { data } = (await json<{ error: { json: { data: Record<string, unknown> } } }>(long)).error.json;
    expect(data).toMatchObject({
      messageId: 'error.tooLong',
      values: { max: '5000' },
      fieldErrorIds: { content: { id: 'error.tooLong', values: { max: '5000' } } },
    });
    const theirs = await rest(spanish, `/api/parent/stats/${english.children[0]!.id}`);
    expect(await json(theirs)).toEqual({ message: 'No encontramos a ese niño' });
    expect(JSON.parse(decodeURIComponent(theirs.headers.get('X-Message-Ids') ?? '{}'))).toEqual({
      messageId: 'error.childNotFound',
      values: {},
    });
    const empty = await rest(english, '/api/parent/communications', 'POST', { subject: '', content: '' });
    expect(JSON.parse(decodeURIComponent(empty.headers.get('X-Message-Ids') ?? '{}'))).toEqual({
      messageId: 'error.subjectRequired',
      values: {},
      fieldErrorIds: { subject: { id: 'error.subjectRequired', values: {} }, content: { id: 'error.messageRequired', values: {} } },
    });
  });

  it("another family's child answers 404 in the asker's language", async () => {
    const theirs = english.children[0]!.id;
    const es = await rest(spanish, `/api/parent/stats/${theirs}`);
    expect(es.status).toBe(404);
    expect(await json(es)).toEqual({ message: 'No encontramos a ese niño' });
    const esTrpc = await query(spanish, 'parentPortal.stats', theirs);
    expect(esTrpc.status).toBe(404);
    expect((await json<TrpcError>(esTrpc)).error.json.message).toBe('No encontramos a ese niño');

    const en = await rest(english, `/api/parent/stats/${spanish.children[0]!.id}`);
    expect(en.status).toBe(404);
    expect(await json(en)).toEqual({ message: 'Child not found' });
    const enTrpc = await query(english, 'parentPortal.stats', spanish.children[0]!.id);
    expect((await json<TrpcError>(enTrpc)).error.json.message).toBe('Child not found');
  });

  it('too many changes answer 429 with Retry-After, in Spanish for the Spanish parent only', async () => {
    const over = async (fam: Family, language: 'en' | 'es') => {
      let last = 200;
      for (let i = 0; i < 40 && last === 200; i++) last = (await rest(fam, '/api/parent/preferences', 'PATCH', { language })).status;
      expect(last).toBe(429);
      const res = await rest(fam, '/api/parent/preferences', 'PATCH', { language });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const trpc = await mutate(fam, 'parentPortal.updatePreferences', { language });
      expect(trpc.status).toBe(429);
      expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);
      return [(await json<{ message: string }>(res)).message, (await json<TrpcError>(trpc)).error.json.message];
    };
    expect(await over(spanish, 'es')).toEqual([
      'Está haciendo esto con demasiada frecuencia. Espere unos minutos e inténtelo de nuevo.',
      'Está haciendo esto con demasiada frecuencia. Espere unos minutos e inténtelo de nuevo.',
    ]);
    expect(await over(english, 'en')).toEqual([
      'You are doing that too often. Please wait a few minutes and try again.',
      'You are doing that too often. Please wait a few minutes and try again.',
    ]);
  });

  it("a file refused by its type (read from its bytes) or its size, in the uploader's language", async () => {
    const uploadUrl = async (fam: Family) => (await json<{ uploadURL: string }>(await rest(fam, '/api/objects/upload', 'POST'))).uploadURL;
    const put = async (fam: Family, body: Buffer) =>
      s.request(await uploadUrl(fam), {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { ...bearer(fam.token).headers, 'content-type': 'application/pdf' },
      });
    const text = Buffer.from('just some text, not a PDF');
    const esType = await put(spanish, text);
    expect(esType.status).toBe(415);
    expect(await json(esType)).toEqual({ message: 'Solo se pueden subir archivos PDF, JPEG, PNG o HEIC.' });
    const enType = await put(english, text);
    expect(await json(enType)).toEqual({ message: 'Only PDF, JPEG, PNG or HEIC files can be uploaded.' });

    // A link used twice: 409.
    const url = await uploadUrl(spanish);
    const first = await s.request(url, { method: 'PUT', body: new Uint8Array(PDF), ...bearer(spanish.token) });
    expect(first.status).toBe(201);
    const again = await s.request(url, { method: 'PUT', body: new Uint8Array(PDF), ...bearer(spanish.token) });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ message: 'Este enlace para subir el archivo ya se usó. Elija el archivo otra vez.' });

    // Far over the limit: refused before the API reads a byte (the body limit), in the same words.
    const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 128 * 1024, 0x20);
    const esSize = await put(spanish, huge);
    expect(esSize.status).toBe(413);
    expect(await json(esSize)).toEqual({ message: 'El archivo es demasiado grande. El límite es de 10 MB.' });
    const enSize = await put(english, huge);
    expect(enSize.status).toBe(413);
    expect(await json(enSize)).toEqual({ message: 'The file is too large. The limit is 10 MB.' });
  });

  it('staff and anyone not signed in are answered in English, whatever a parent chose', async () => {
    const anonymous = await s.request('/api/parent/preferences');
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toEqual({ message: 'Please sign in' });
  });
  it("the centre's milestones come in the parent's language, on the Milestones tab and in the dashboard's first answer", async () => {
    const spanishNames = new Set(Object.values(MILESTONES_ES).map((m) => m.name));
    const englishNames = new Set(MILESTONES.map((m) => m.name));
    type Tab = { milestones: { name: string; description: string }[] };
    const es = await json<Tab>(await rest(spanish, `/api/parent/milestones/${spanish.children[0]!.id}`));
    expect(es.milestones.length).toBeGreaterThan(0);
    for (const m of es.milestones) expect(spanishNames.has(m.name), m.name).toBe(true);
    const en = await json<Tab>(await rest(english, `/api/parent/milestones/${english.children[0]!.id}`));
    for (const m of en.milestones) expect(englishNames.has(m.name), m.name).toBe(true);

    const dashboard = await json<{ result: { data: { json: { milestones: Tab } } } }>(await query(spanish, 'parentPortal.dashboard', {}));
    const first = dashboard.result.data.json.milestones.milestones;
    expect(first.map((m) => m.name)).toEqual(es.milestones.map((m) => m.name));
  });
});
