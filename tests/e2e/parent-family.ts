import type { Page } from '@playwright/test';
import { PARENT_TOKEN_KEY, PARENT_USER_KEY, type StoredParent } from '../../src/client/lib/parent-session';
import type { TestServer } from '../helpers/server';
import { expect, pageReady } from './fixtures';

export const tag = () => Math.random().toString(36).slice(2, 8);

/** An enrolled child and its parent's Portal login, made as staff make them (outbox mode answers the password). */
export async function parentFamily(server: TestServer, prefix: string) {
  const t = tag();
  const email = `${prefix}.${t}@example.com`;
  const admin = { cookie: await server.adminCookie() };
  const created = await server.request('/api/admin/enrolled-children', {
    method: 'POST',
    headers: admin,
    json: {
      childName: `Nora ${t}`,
      dateOfBirth: '2023-02-14',
      program: 'preschool',
      startDate: '2025-09-01',
      parentName: `Ruth ${t}`,
      parentEmail: email,
    },
  });
  expect(created.status).toBe(201);
  const child = (await created.json()) as { id: string; childName: string; parentName: string };
  const login = (await (
    await server.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', headers: admin })
  ).json()) as { credentials: { password: string } };
  return { t, child, email, password: login.credentials.password, admin };
}

/** A second child of the same family (Otto, in the Infant Program), linked by staff to the same Portal login. */
export async function secondChild(server: TestServer, fam: Awaited<ReturnType<typeof parentFamily>>) {
  const created = await server.request('/api/admin/enrolled-children', {
    method: 'POST',
    headers: fam.admin,
    json: {
      childName: `Otto ${fam.t}`,
      dateOfBirth: '2024-06-01',
      program: 'infant',
      startDate: '2025-09-01',
      parentName: fam.child.parentName,
      parentEmail: fam.email,
    },
  });
  expect(created.status).toBe(201);
  const otto = (await created.json()) as { id: string; childName: string };
  // Staff link the second child to the same login (answered 'existing' this time).
  expect((await server.request(`/api/admin/generate-parent-login/${otto.id}`, { method: 'POST', headers: fam.admin })).status).toBe(200);
  return otto;
}

/**
 * Signs the parent in as the sign-in page's script does, without the page: the same JSON call from the browser
 * (the server sets the session cookie), the token and the parent's record stored as the script stores them, then
 * the dashboard. For the tests of what a signed-in parent sees; the sign-in page itself is tested by
 * `signInWithForm` and parent-portal.spec.ts. (Only the one-time 'Welcome back!' toast, left by the page, is not shown.) `heading`: the dashboard's heading in the parent's saved language.
 */
export async function signIn(page: Page, email: string, password: string, heading: RegExp | string = /Development Journey/) {
  // Any page of the site's origin, so the call is same-origin with its cookies, as the sign-in page's.
  await page.goto('/favicon.svg');
  const status = await page.evaluate(
    async ({ email, password, tokenKey, userKey }) => {
      const res = await fetch('/api/parent/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (res.status !== 200) return res.status;
      const body = (await res.json()) as { token: string; parent: StoredParent };
      const { id, firstName, lastName, phone } = body.parent;
      window.localStorage.setItem(tokenKey, body.token);
      window.localStorage.setItem(userKey, JSON.stringify({ id, email: body.parent.email, firstName, lastName, phone }));
      return res.status;
    },
    { email, password, tokenKey: PARENT_TOKEN_KEY, userKey: PARENT_USER_KEY },
  );
  expect(status).toBe(200);
  await page.goto('/parent-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await pageReady(page);
}

/** Signs in through the sign-in page's form, as a parent does. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/parent-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Development Journey/ })).toBeVisible();
  // The dashboard is a full page load (the sign-in is a document of its own, ADR 037).
  await pageReady(page);
}
