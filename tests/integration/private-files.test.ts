import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { databaseFiles, securePrivateStorage, writePrivateFile } from '../../src/server/private-files';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { insertApplication } from '../helpers/enrollment-fixtures';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('private files are owner-only', () => {
  // The most permissive umask: whatever is created owner-only is so because the code says so.
  let umask: number;
  beforeAll(() => {
    umask = process.umask(0);
  });
  afterAll(() => {
    process.umask(umask);
  });
  const s = sharedAdminServer();

  it('creates the database (and its WAL and shared memory), the private folder, the outbox and its .eml files 0600/0700', async () => {
    const id = insertApplication(s);
    const res = await s.request(`/api/enrollment-applications/${id}/status`, {
      method: 'PATCH',
      json: { status: 'approved', sendEmail: true },
      ...as(s.admin),
    });
    expect(res.status).toBe(200);
    const row = s.db.select().from(outboxMessages).all().at(-1)!;

    const [database, wal, shm] = databaseFiles(s.config.databasePath);
    for (const file of [database!, wal!, shm!]) {
      expect(existsSync(file)).toBe(true);
      expect(mode(file), file).toBe(0o600);
    }
    expect(mode(s.config.privateDir)).toBe(0o700);
    expect(mode(resolve(s.config.privateDir, 'outbox'))).toBe(0o700);
    expect(mode(row.emlFile)).toBe(0o600);
  });

  it('writes a private file 0600 and replaces an existing one whole, keeping 0600', () => {
    const file = join(s.dir, 'private', 'note.txt');
    writePrivateFile(file, 'first');
    expect(mode(file)).toBe(0o600);
    chmodSync(file, 0o644);
    writePrivateFile(file, 'second');
    expect(mode(file)).toBe(0o600);
  });

  it('at start, tightens what an older version or a backup left readable', () => {
    const privateDir = s.config.privateDir;
    const documents = join(privateDir, 'documents', 'family-1');
    mkdirSync(documents, { recursive: true, mode: 0o755 });
    writeFileSync(join(documents, 'immunization.pdf'), '%PDF-1.7', { mode: 0o644 });
    writeFileSync(join(privateDir, 'initial-admin.txt'), 'password: x', { mode: 0o666 });
    chmodSync(privateDir, 0o755);
    chmodSync(s.config.databasePath, 0o644);

    securePrivateStorage(s.config);

    expect(mode(privateDir)).toBe(0o700);
    expect(mode(join(privateDir, 'documents'))).toBe(0o700);
    expect(mode(documents)).toBe(0o700);
    expect(mode(join(documents, 'immunization.pdf'))).toBe(0o600);
    expect(mode(join(privateDir, 'initial-admin.txt'))).toBe(0o600);
    expect(mode(s.config.databasePath)).toBe(0o600);
  });
});
