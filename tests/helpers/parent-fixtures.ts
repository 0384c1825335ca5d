import { expect } from 'vitest';
import { addChild, type AdminTestServer, as, type ChildBody } from './admin-server';
import { json } from './enrollment-fixtures';

export interface Family {
  email: string;
  password: string;
  token: string;
  cookie: string;
  parentId: string;
  children: ChildBody[];
}

/**
 * A family as staff create it: children enrolled under one parent e-mail, a parent login generated from the
 * Enrolled tab, and the parent signed in through POST /api/parent/login.
 */
export async function enrolFamily(
  s: AdminTestServer,
  email: string,
  childNames: string[],
  overrides: Record<string, unknown>[] = [],
): Promise<Family> {
  const children: ChildBody[] = [];
  let password = '';
  for (const [i, childName] of childNames.entries()) {
    const child = await addChild(s, { childName, parentEmail: email, ...overrides[i] });
    children.push(child);
    const login = await json<{ credentials: { password: string }; isExisting: boolean }>(
      await s.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', ...as(s.admin) }),
    );
    if (!login.isExisting) password = login.credentials.password;
  }
  const res = await s.request('/api/parent/login', { method: 'POST', json: { email, password } });
  expect(res.status).toBe(200);
  const body = await json<{ token: string; parent: { id: string } }>(res);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('parent_session='))!
    .split(';')[0]!;
  return { email, password, token: body.token, cookie, parentId: body.parent.id, children };
}

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
