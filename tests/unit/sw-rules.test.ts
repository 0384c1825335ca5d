import { describe, expect, it } from 'vitest';
import {
  classify,
  isKeepableData,
  isSignedInDocument,
  pendingSignOutHtml,
  personalCacheName,
  trpcProcedures,
} from '../../src/client/sw/rules';

/** The parent portal's service worker's rules (ADR 051): what it keeps, what it passes on, what makes it forget. */
const origin = 'https://centre.example';
const kind = (path: string, method = 'GET', mode: RequestMode = 'cors', from = origin) =>
  classify({ url: new URL(path, from), method, mode, origin });
const batch = (...names: string[]) => `/api/trpc/${names.join(',')}?batch=1&input=%7B%7D`;

describe('what the worker keeps', () => {
  it('keeps the dashboard document, opened by a navigation, whatever child and tab it names', () => {
    expect(kind('/parent-dashboard', 'GET', 'navigate')).toBe('dashboard-document');
    expect(kind('/parent-dashboard?child=abc&tab=notes', 'GET', 'navigate')).toBe('dashboard-document');
  });

  it('keeps the dashboard reads, alone or together, and no batch holding any other procedure', () => {
    expect(kind(batch('parentPortal.dashboard'))).toBe('dashboard-data');
    expect(kind(batch('parentAuth.me', 'parentPortal.dashboard'))).toBe('dashboard-data');
    expect(kind(batch('parentPortal.dashboard', 'parentPortal.activities'))).toBe('pass');
    expect(kind(batch('communications.list'))).toBe('pass');
    expect(kind(batch('parentPortal.payments'))).toBe('pass');
    expect(kind(batch('parentPortal.preferences'))).toBe('pass');
    // A strange address is never a kept read.
    expect(kind('/api/trpc/parentPortal.dashboard%2')).toBe('pass');
    expect(kind('/api/trpc/')).toBe('pass');
  });

  it('answers the sign-in page from the network only (offline: a page that says so)', () => {
    expect(kind('/parent-login', 'GET', 'navigate')).toBe('portal-page');
    expect(kind('/parent-login?notice=session-ended', 'GET', 'navigate')).toBe('portal-page');
  });

  it('keeps the build files, the icons, the manifest and the favicon as the shell', () => {
    expect(kind('/assets/index-abc123.js')).toBe('shell');
    expect(kind('/assets/index-abc123.css')).toBe('shell');
    expect(kind('/icons/icon-192.png')).toBe('static');
    expect(kind('/manifest.webmanifest')).toBe('static');
    expect(kind('/favicon.svg')).toBe('static');
  });
});

describe('what the worker never keeps', () => {
  it('passes on every staff page and staff read', () => {
    expect(kind('/admin', 'GET', 'navigate')).toBe('pass');
    expect(kind('/admin/login', 'GET', 'navigate')).toBe('pass');
    expect(kind('/admin-dashboard', 'GET', 'navigate')).toBe('pass');
    expect(kind('/api/admin/enrolled-children')).toBe('pass');
  });

  it('passes on every other page and API answer (no-store for everyone)', () => {
    for (const path of ['/', '/events', '/parent-reset-password?token=x']) expect(kind(path, 'GET', 'navigate'), path).toBe('pass');
    for (const path of [
      '/api/parent/dashboard',
      '/api/parent/preferences',
      '/api/parent/payment-receipts/1/pdf',
      '/uploads/a.jpg',
      '/api/events',
    ])
      expect(kind(path), path).toBe('pass');
    // The dashboard's address fetched by a script (not opened) is not the document.
    expect(kind('/parent-dashboard')).toBe('pass');
  });

  it('passes on other origins and on writes', () => {
    expect(kind('/parent-dashboard', 'GET', 'navigate', 'https://elsewhere.example')).toBe('pass');
    expect(kind('/assets/x.js', 'GET', 'cors', 'https://elsewhere.example')).toBe('pass');
    expect(kind(batch('communications.send'), 'POST')).toBe('pass');
    expect(kind(batch('parentPortal.dashboard'), 'HEAD')).toBe('pass');
    expect(kind('/api/objects/upload', 'PUT')).toBe('pass');
  });
});

describe('what makes the worker forget', () => {
  it('sees sign-in and sign-out on both doors', () => {
    expect(kind('/api/parent/login', 'POST')).toBe('session');
    expect(kind('/api/parent/logout', 'POST')).toBe('session');
    expect(kind('/api/trpc/parentAuth.logout?batch=1', 'POST')).toBe('session');
    expect(kind('/api/trpc/parentAuth.login?batch=1', 'POST')).toBe('session');
    expect(kind('/api/trpc/communications.markRead,parentAuth.logout?batch=1', 'POST')).toBe('session');
  });

  it('sees the sign-in form posted without its script (ADR 067), and no other post of a page', () => {
    expect(kind('/parent-login', 'POST', 'navigate')).toBe('session');
    expect(kind('/parent-login', 'POST', 'cors')).toBe('pass');
    expect(kind('/parent-reset-password', 'POST', 'navigate')).toBe('pass');
  });

  it('keeps a document only when the server drew it for a signed-in parent (private), never the shell', () => {
    expect(isSignedInDocument(200, 'private, no-store', 'text/html; charset=UTF-8')).toBe(true);
    expect(isSignedInDocument(200, 'no-cache', 'text/html; charset=UTF-8')).toBe(false);
    expect(isSignedInDocument(500, 'private, no-store', 'text/html')).toBe(false);
    expect(isSignedInDocument(200, 'private, no-store', 'application/json')).toBe(false);
  });

  it('keeps only whole JSON answers', () => {
    expect(isKeepableData(200, 'application/json')).toBe(true);
    expect(isKeepableData(401, 'application/json')).toBe(false);
    expect(isKeepableData(207, 'application/json')).toBe(false);
    expect(isKeepableData(200, 'text/html')).toBe(false);
  });
});

describe('names', () => {
  it('names the personal cache after the parent, safely', () => {
    expect(personalCacheName('p-1')).toBe('portal-personal-p-1');
    expect(personalCacheName('a/b c')).toBe('portal-personal-a%2Fb%20c');
  });

  it('reads a tRPC address', () => {
    expect(trpcProcedures('/api/trpc/a.b,c.d')).toEqual(['a.b', 'c.d']);
    expect(trpcProcedures('/api/parent/login')).toBeNull();
    expect(trpcProcedures('/api/trpc/a.b%2Cc.d')).toEqual(['a.b', 'c.d']);
  });
});

describe('a sign-out waiting for the network (ADR 067)', () => {
  it('says so in the words the page left, escaped, in its language, and nothing else', () => {
    const html = pendingSignOutHtml({ language: 'es', heading: 'No tiene conexión.', body: 'Se completará <pronto> & "ya"' });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<h1>No tiene conexión.</h1>');
    expect(html).toContain('Se completará &#60;pronto&#62; &#38; &#34;ya&#34;');
    expect(pendingSignOutHtml({ language: '"><script>', heading: 'x', body: 'y' })).toContain('<html lang="en">');
  });
});
