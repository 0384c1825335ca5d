import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, adminUsers } from '../../db/schema';
import { generatePassword, verifyPassword } from '../../src/server/auth/password';
import { setStaffPassword } from '../../src/server/staff/passwords';
import { upsertAdmin } from '../../src/server/bootstrap';
import { isCommonPassword } from '../../src/shared/common-passwords';
import { STAFF_PASSWORD_TOO_COMMON, STAFF_PASSWORD_TOO_SHORT, staffPasswordField } from '../../src/shared/schemas/password-policy';
import { PROJECT_ROOT } from '../../src/server/app';
import { startTestServer, type TestServer } from '../helpers/server';
import { english } from '../helpers/english';

const run = promisify(execFile);

describe('staff password policy (staffPasswordField)', () => {
  const problem = (p: string) => {
    const message = staffPasswordField().safeParse(p).error?.issues[0]?.message;
    return message === undefined ? undefined : english(message);
  };

  it('needs at least 12 characters', () => {
    expect(problem('Xk9#mQ2$vL7')).toBe(english(STAFF_PASSWORD_TOO_SHORT));
    expect(problem('Xk9#mQ2$vL7!')).toBeUndefined();
  });

  it.each([
    'qwerty123456',
    'QWERTY123456',
    '1qaz2wsx3edc',
    'Password2024!',
    'sunshine1234',
    '!!football!!2024',
    'aaaaaaaaaaaa',
    'abcabcabcabc',
    'letmein12345',
  ])('refuses the common password %s', (p) => {
    expect(isCommonPassword(p)).toBe(true);
    expect(problem(p)).toBe(english(STAFF_PASSWORD_TOO_COMMON));
  });

  it('accepts a long passphrase, and every generated password passes', () => {
    expect(problem('correct horse battery staple')).toBeUndefined();
    expect(problem('Little Buckeyes 4 the win')).toBeUndefined();
    for (let i = 0; i < 300; i++) expect(problem(generatePassword())).toBeUndefined();
  });
});

describe('changing or resetting a staff password ends every session of that account', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const me = (cookie: string) => s.request('/api/admin/me', { headers: { cookie } });
  const adminId = (email: string) => s.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email)).get()!.id;

  it('admin:upsert (upsertAdmin) signs the account out everywhere, and no other account', async () => {
    const laptop = await s.adminCookie('dana@centre.example');
    const phone = await s.adminCookie('dana@centre.example');
    const colleague = await s.adminCookie('sam@centre.example');
    expect((await me(laptop)).status).toBe(200);

    expect(await upsertAdmin(s.db, { email: 'dana@centre.example', password: 'a brand new passphrase', name: 'Dana' })).toBe('updated');
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect(
      s.db
        .select()
        .from(adminSessions)
        .where(eq(adminSessions.adminId, adminId('dana@centre.example')))
        .all(),
    ).toEqual([]);
    expect((await me(colleague)).status).toBe(200);

    const login = await s.request('/api/admin/login', {
      method: 'POST',
      json: { email: 'dana@centre.example', password: 'a brand new passphrase' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a weak new password and changes nothing: the old password and the sessions stay', async () => {
    const cookie = await s.adminCookie('lee@centre.example');
    const id = adminId('lee@centre.example');
    const before = s.db.select().from(adminUsers).where(eq(adminUsers.id, id)).get()!;
    await expect(setStaffPassword(s.db, id, 'short')).rejects.toThrow(english(STAFF_PASSWORD_TOO_SHORT));
    await expect(upsertAdmin(s.db, { email: 'lee@centre.example', password: 'password1234', name: 'Lee' })).rejects.toThrow(
      english(STAFF_PASSWORD_TOO_COMMON),
    );
    expect(s.db.select().from(adminUsers).where(eq(adminUsers.id, id)).get()).toEqual(before);
    expect(await verifyPassword(before.passwordHash, 'director-pass-1')).toBe(true);
    expect((await me(cookie)).status).toBe(200);
  });

  it('npm run admin:upsert refuses a common password with a clear message (the short one: tests/unit/config.test.ts)', async () => {
    const attempt = (password: string) =>
      run(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['scripts/upsert-admin.ts'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, DATABASE_PATH: join(s.dir, 'app.sqlite'), ADMIN_EMAIL: 'dana@centre.example', ADMIN_PASSWORD: password },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
      );
    const common = await attempt('qwerty123456');
    expect(common.code).toBe(1);
    expect(common.stderr).toContain(`ADMIN_PASSWORD: ${english(STAFF_PASSWORD_TOO_COMMON)}`);
  });
});
