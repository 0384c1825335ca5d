/** 4xx answers to malformed requests speak to the visitor: no library, parser, internal or stack named. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/shared/i18n';

const UNREADABLE_REQUEST = t('en', 'error.unreadable');
const NOT_AN_OBJECT = t('en', 'error.notAnObject');
import { startTestServer, type TestServer } from '../helpers/server';

const LEAKS =
  /zod|JSON\.parse|SyntaxError|superjson|trpc|stack|Unexpected (token|end)|needs to be an object|transformation|expected object, received|node_modules|\.ts:\d|at [\w.]+ \(/i;

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  cookie = await s.adminCookie();
});
afterAll(() => s.close());

const cases: [string, string, string][] = [
  ['POST', '/api/admin/login', '{"email":'],
  ['POST', '/api/admin/login', '[1,2]'],
  ['POST', '/api/admin/login', '"just a string"'],
  ['POST', '/api/admin/login', 'null'],
  ['POST', '/api/enrollment', '{"parentFirstName":'],
  ['POST', '/api/enrollment', '42'],
  ['POST', '/api/events', '[]'],
  ['PUT', '/api/admin/enrolled-children/x', '{"childName":'],
  ['PATCH', '/api/enrollment-applications/x/status', '{"status":'],
  ['POST', '/api/trpc/adminAuth.login', '{"json":'],
  ['POST', '/api/trpc/adminAuth.login', '{"json":[1]}'],
  ['POST', '/api/trpc/adminAuth.login', '{"json":{"email":"a@b.example","password":"x"},"meta":{"values":{"email":["bogus"]}}}'],
  ['POST', '/api/trpc/adminAuth.login?batch=1', '{"0":'],
  ['POST', '/api/trpc/adminAuth.login?batch=1', '[1]'],
  ['POST', '/api/trpc/events.create', '{"json":null}'],
  ['POST', '/api/trpc/enrollment.submit', '{"json":"text"}'],
];

describe('malformed requests answer 400 in plain words', () => {
  it.each(cases)('%s %s %s', async (method, path, body) => {
    const res = await s.request(path, { method, body, headers: { cookie, 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toMatch(LEAKS);
    const parsed = JSON.parse(text) as
      { message?: string } | { error: { json: { message: string } } }[] | { error: { json: { message: string } } };
    const message = Array.isArray(parsed) ? parsed[0]!.error.json.message : 'error' in parsed ? parsed.error.json.message : parsed.message;
    expect([UNREADABLE_REQUEST, NOT_AN_OBJECT, 'The request body must be valid JSON']).toContain(message);
  });

  it('field messages still reach the form, through both doors', async () => {
    const rest = await s.request('/api/admin/login', { method: 'POST', json: { email: 'nope', password: '' } });
    expect(await rest.json()).toEqual({
      message: 'Please enter a valid email address',
      errors: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
    const trpc = await s.request('/api/trpc/adminAuth.login', { method: 'POST', json: { json: { email: 'nope', password: '' } } });
    const body = (await trpc.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
    expect(body.error.json.message).toBe('Please enter a valid email address');
    expect(body.error.json.data.fieldErrors).toEqual({ email: 'Please enter a valid email address', password: 'Password is required' });
    expect('stack' in body.error.json.data).toBe(false);
  });
});
