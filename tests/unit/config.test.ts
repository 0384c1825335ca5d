import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databasePath: 'db/app.sqlite',
      uploadsDir: 'uploads',
      publicUrl: 'http://localhost:3000',
      smtpUrl: null,
      admin: null,
      secureCookies: false,
      trustProxy: [],
    });
    expect(c.privateDir).toBe('db/private');
    // The centre's own inbox for notices defaults to its contact e-mail (shared/centre.ts).
    expect(c.centreEmail).toBe('hello@littlebuckeyeslearning.com');
  });

  it('reads every variable the README lists', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_PATH: '/srv/centre/app.sqlite',
      UPLOADS_DIR: '/srv/centre/uploads',
      PUBLIC_URL: 'https://centre.example/',
      SMTP_URL: 'smtp://u:p@mail.example:587',
      MAIL_FROM: 'Centre <office@centre.example>',
      ADMIN_EMAIL: 'Director@Centre.example',
      ADMIN_PASSWORD: 'a long passphrase',
      ADMIN_NAME: 'Dana',
      TRUST_PROXY: 'true',
      CENTRE_EMAIL: 'Office@Centre.example',
    });
    expect(c).toMatchObject({
      port: 8080,
      databasePath: '/srv/centre/app.sqlite',
      privateDir: '/srv/centre/private',
      uploadsDir: '/srv/centre/uploads',
      publicUrl: 'https://centre.example',
      secureCookies: true,
      smtpUrl: 'smtp://u:p@mail.example:587',
      mailFrom: 'Centre <office@centre.example>',
      admin: { email: 'director@centre.example', password: 'a long passphrase', name: 'Dana' },
      trustProxy: ['127.0.0.1', '::1'],
      centreEmail: 'office@centre.example',
    });
    expect(() => loadConfig({ CENTRE_EMAIL: 'not an address' })).toThrow(ConfigError);
  });

  it('TRUST_PROXY: true means a proxy on this machine; otherwise it names the proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, ::ffff:10.0.0.6,2001:db8::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.0.6',
      '2001:db8::1',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'centre.example' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough passphrase' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.example' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'elevenchars' }, 'ADMIN_PASSWORD: Password must be at least 12 characters'],
    [{ ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'Password2024!' }, 'ADMIN_PASSWORD: This password is too common'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.5,proxy.local' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/8' }, 'TRUST_PROXY'],
    [{ CACHE_BUDGET_MB: '0' }, 'CACHE_BUDGET_MB'],
    [{ CACHE_BUDGET_MB: '1.5' }, 'CACHE_BUDGET_MB'],
    [{ CACHE_BUDGET_MB: 'lots' }, 'CACHE_BUDGET_MB'],
    [{ CACHE_BUDGET_MB: '5000' }, 'CACHE_BUDGET_MB'],
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('CACHE_BUDGET_MB: the response cache and data memo budget, 32 MB unless set', () => {
    expect(loadConfig({}).cacheBudgetBytes).toBe(32 * 1024 * 1024);
    expect(loadConfig({ CACHE_BUDGET_MB: '8' }).cacheBudgetBytes).toBe(8 * 1024 * 1024);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' })).toMatchObject({ port: 3000, smtpUrl: null });
  });
});
