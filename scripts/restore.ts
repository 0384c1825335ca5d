/**
 * `npm run restore -- <backup folder> --yes`: puts a backup made by `npm run backup` back in place of the
 * database, uploads and private files (src/server/backup/backup.ts). Refuses while the app runs; checks every
 * file of the backup and the database's integrity before touching anything; keeps the replaced data in
 * `pre-restore-<time>/` beside the database. Without --yes it only checks the backup and says what it would do.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config';
import { BackupError, restoreBackup, verifyBackup } from '../src/server/backup/backup';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
if (!dir) {
  console.error('Usage: npm run restore -- <backup folder> --yes');
  process.exit(2);
}
try {
  const config = loadConfig();
  if (!args.includes('--yes')) {
    const manifest = verifyBackup(resolve(dir));
    console.log(`The backup of ${manifest.createdAt} is complete and intact (${Object.keys(manifest.files).length} files).`);
    console.log(`Restoring replaces ${resolve(config.databasePath)}, ${resolve(config.uploadsDir)} and ${resolve(config.privateDir)}.`);
    console.log('Stop the app, then run again with --yes to restore it.');
    process.exit(1);
  }
  const aside = restoreBackup(config, resolve(dir));
  console.log(`Restored ${resolve(dir)}. The data it replaced is in ${aside}.`);
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
