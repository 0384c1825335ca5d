/**
 * Backups: `createBackup` while a writer process creates payment receipts, then `restoreBackup`.
 * The copy is a consistent moment: intact, every receipt acknowledged before it began, receipt numbers 1..N
 * matching the counter; the files come along byte for byte, owner-only. Restore refuses while the server
 * runs, refuses a backup whose files changed, and replaces the data only when the backup checks out.
 */
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_DATABASE, createBackup, restoreBackup, verifyBackup } from '../../src/server/backup/backup';
import { clearRunning, markRunning } from '../../src/server/backup/running';
import { loadConfig } from '../../src/server/config';
import { bundleEntry, startNode } from '../helpers/child-process';

let writer: { file: string; remove(): void };
let dir: string;
const CHILD_ID = 'backup-child';

beforeAll(async () => {
  writer = await bundleEntry('tests/ops/fixtures/receipt-writer.ts');
  dir = mkdtempSync(join(tmpdir(), 'childcare-backup-'));
});
afterAll(() => {
  writer?.remove();
  rmSync(dir, { recursive: true, force: true });
});

function receipts(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      numbers: new Map(
        db
          .prepare('select id, receipt_number as n from payment_receipts')
          .all()
          .map((r) => [(r as { id: string }).id, (r as { n: string }).n]),
      ),
      counter:
        (db.prepare("select last_number as n from receipt_number_counters where year = '2026'").get() as { n: number } | undefined)?.n ?? 0,
    };
  } finally {
    db.close();
  }
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('backup and restore', () => {
  it('copies a consistent moment while receipts are being written, and restores it', async () => {
    const config = loadConfig({
      DATABASE_PATH: join(dir, 'data', 'app.sqlite'),
      UPLOADS_DIR: join(dir, 'uploads'),
      PUBLIC_URL: 'http://127.0.0.1',
    });
    mkdirSync(join(dir, 'data'));
    copyFileSync(process.env.TEST_TEMPLATE_DB!, config.databasePath);
    const seed = new Database(config.databasePath);
    seed
      .prepare(
        "insert into enrolled_children (id, child_name, parent_name, parent_email, date_of_birth, program, start_date) values (?, 'Bea Backup', 'Durable Parent', 'durable.parent@example.com', '2023-03-01', 'preschool', '2025-09-01')",
      )
      .run(CHILD_ID);
    seed.close();
    mkdirSync(config.uploadsDir);
    writeFileSync(join(config.uploadsDir, 'gallery-1.webp'), 'gallery picture bytes');
    mkdirSync(join(config.privateDir, 'documents'), { recursive: true });
    writeFileSync(join(config.privateDir, 'documents', 'immunization.pdf'), '%PDF-1.4 immunization record', { mode: 0o644 });
    writeFileSync(join(config.privateDir, 'documents', `.${'x'.repeat(8)}.tmp`), 'half-written');

    const child = startNode([writer.file, config.databasePath, CHILD_ID]);
    await child.waitForLine((l) => l === 'ready');
    child.process.stdin!.write('go\n');
    await child.waitForLine((l) => l.endsWith('2026-000005'));
    const before = child.lines.slice(1).map((l) => l.split(' ') as [string, string]);
    const backup = createBackup(config, join(dir, 'backups'));
    const afterBackup = child.lines.length;
    // Writes went on after the copy, so the restore below has something to undo.
    await child.waitForLine((_l) => child.lines.length > afterBackup + 3);
    child.process.kill('SIGKILL');
    await child.exited;

    // The copy: intact, every receipt acknowledged before it began, numbers 1..N with the counter at N.
    const copy = receipts(join(backup, BACKUP_DATABASE));
    expect(copy.integrity).toBe('ok');
    for (const [id, number] of before) expect(copy.numbers.get(id)).toBe(number);
    const numbers = [...copy.numbers.values()].sort();
    expect(numbers).toEqual(numbers.map((_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
    expect(copy.counter).toBe(numbers.length);
    expect(existsSync(`${join(backup, BACKUP_DATABASE)}-wal`)).toBe(false);
    // The files, owner-only (children's data), without half-written temporary files.
    expect(readFileSync(join(backup, 'uploads', 'gallery-1.webp'), 'utf8')).toBe('gallery picture bytes');
    expect(readFileSync(join(backup, 'private', 'documents', 'immunization.pdf'), 'utf8')).toBe('%PDF-1.4 immunization record');
    expect(readdirSync(join(backup, 'private', 'documents'))).toEqual(['immunization.pdf']);
    expect(modeOf(join(dir, 'backups'))).toBe(0o700);
    expect(modeOf(backup)).toBe(0o700);
    for (const file of [BACKUP_DATABASE, 'manifest.json', 'private/documents/immunization.pdf', 'uploads/gallery-1.webp'])
      expect(modeOf(join(backup, file)), file).toBe(0o600);
    expect(Object.keys(verifyBackup(backup).files).sort()).toEqual([
      BACKUP_DATABASE,
      'private/audit-anchor.json',
      'private/audit-chain.key',
      'private/documents/immunization.pdf',
      'uploads/gallery-1.webp',
    ]);
    // The audit anchor it carries (ADR 064) was read before the copy: its row is in the copy, as the anchor saw it.
    const anchor = JSON.parse(readFileSync(join(backup, 'private', 'audit-anchor.json'), 'utf8')) as { id: number; hash: string };
    const copied = new Database(join(backup, BACKUP_DATABASE), { readonly: true });
    expect(copied.prepare('SELECT hash FROM audit_log WHERE id = ?').get(anchor.id)).toEqual({ hash: anchor.hash });
    copied.close();

    const live = receipts(config.databasePath);
    expect(live.numbers.size).toBeGreaterThan(copy.numbers.size);
    writeFileSync(join(config.uploadsDir, 'gallery-2.webp'), 'added after the backup');

    // Restore refuses while a server runs on this database (this test's own process stands in for it).
    markRunning(config);
    expect(() => restoreBackup(config, backup)).toThrow(`The app is running (process ${process.pid}). Stop it before restoring a backup.`);
    clearRunning(config);

    // ...and a backup whose files changed since it was made, touching nothing.
    const tampered = join(dir, 'tampered');
    cpSync(backup, tampered, { recursive: true });
    chmodSync(join(tampered, 'uploads', 'gallery-1.webp'), 0o600);
    writeFileSync(join(tampered, 'uploads', 'gallery-1.webp'), 'someone else’s picture');
    expect(() => restoreBackup(config, tampered)).toThrow('uploads/gallery-1.webp in the backup has changed since it was made');
    expect(receipts(config.databasePath).numbers.size).toBe(live.numbers.size);

    const aside = restoreBackup(config, backup);
    const restored = receipts(config.databasePath);
    expect(restored.integrity).toBe('ok');
    expect(restored.numbers).toEqual(copy.numbers);
    expect(readdirSync(config.uploadsDir)).toEqual(['gallery-1.webp']);
    expect(readFileSync(join(config.privateDir, 'documents', 'immunization.pdf'), 'utf8')).toBe('%PDF-1.4 immunization record');
    expect(modeOf(config.privateDir)).toBe(0o700);
    expect(modeOf(config.databasePath)).toBe(0o600);
    // What was replaced is kept, not deleted.
    expect(receipts(join(aside, 'app.sqlite')).numbers.size).toBeGreaterThanOrEqual(live.numbers.size);
    expect(readdirSync(join(aside, 'uploads')).sort()).toEqual(['gallery-1.webp', 'gallery-2.webp']);
    expect(modeOf(aside)).toBe(0o700);
  }, 120_000);
});
