/**
 * The parent pages' worker's offline page (client/sw/offline-page.ts) speaks the reader's language: the portal's,
 * as its page last told the worker, else the browser's first language the site speaks, else English.
 */
import { describe, expect, it } from 'vitest';
import { offlineLanguage, offlinePageHtml } from '../../src/client/sw/offline-page';
import { loginEs } from '../../src/shared/i18n/login-es';

describe('the offline page', () => {
  it('is in Spanish for a Spanish reader: words, title and lang', () => {
    const html = offlinePageHtml('es');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`<title>${loginEs['login.title']}</title>`);
    expect(html).toContain('<h1>No tiene conexión.</h1>');
    expect(html).toContain(loginEs['login.offline.body']);
    expect(html).not.toMatch(/offline|Parent Portal/);
  });

  it('is in English for an English reader, as it always said', () => {
    const html = offlinePageHtml('en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>You are offline.</h1><p>The Parent Portal will open when you are back online.</p>');
  });

  it('takes the portal’s language first, then the browser’s, then English', () => {
    expect(offlineLanguage('es', ['en-US'])).toBe('es');
    expect(offlineLanguage('en', ['es-MX'])).toBe('en');
    expect(offlineLanguage(null, ['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(offlineLanguage(undefined, ['EN-gb'])).toBe('en');
    expect(offlineLanguage('de', ['fr'])).toBe('en');
    expect(offlineLanguage(null, [])).toBe('en');
  });
});
