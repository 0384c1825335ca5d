/**
 * `npm run backup [-- <folder>]`: a consistent copy of the database, the gallery uploads and the private files
 * (parents' documents, the outbox), safe to run while the app serves (src/server/backup/backup.ts). The copy goes
 * into `<folder>/backup-<UTC time>/` (default folder: `backups/`, or BACKUP_DIR), owner-only. Reads the same
 * DATABASE_PATH and UPLOADS_DIR as the app.
 */
import { loadConfig } from '../src/server/config';
import { BackupError, createBackup } from '../src/server/backup/backup';

try {
  const root = process.argv[2] ?? process.env.BACKUP_DIR ?? 'backups';
  const dir = createBackup(loadConfig(), root);
  console.log(`Backup written: ${dir}`);
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
