/**
 * Backups (README, "Backups and durability"): a consistent copy of everything the centre would lose with the
 * machine, taken while the app runs, and its restore.
 *
 * A backup is a folder `backup-<UTC time>/` (0700, files 0600: it holds children's medical details):
 *   app.sqlite      the database, copied with `VACUUM INTO` inside one read transaction: a snapshot of one
 *                   moment that never blocks the app's writes (WAL), compacted, with no -wal beside it
 *   uploads/        the public gallery images
 *   private/        parents' documents, the e-mail outbox, the upload-signing key, the audit chain's key and
 *                   anchor (ADR 064): the anchor as it was before the database was copied, so it never names
 *                   a row the copy lacks, and the restored copy's check finds rows cut from its end
 *   manifest.json   when, and the SHA-256 of every file, checked again before a restore
 * The database is copied first and the files after: a file a row refers to was written before its row, so
 * every file the copied rows name is in the copy. It is written as `<name>.partial` and renamed when
 * complete, so a half-made backup never looks like a backup.
 */
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../config';
import {
  databaseFiles,
  ensurePrivateDir,
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
  securePrivateStorage,
  writePrivateFile,
} from '../private-files';
import { runningServerPid } from './running';
import { AUDIT_ANCHOR_FILE } from '../audit/chain';

type Storage = Pick<Config, 'databasePath' | 'uploadsDir' | 'privateDir'>;

export const BACKUP_DATABASE = 'app.sqlite';
const MANIFEST = 'manifest.json';

export interface Manifest {
  createdAt: string;
  /** Path inside the backup → SHA-256 (hex) of its bytes. */
  files: Record<string, string>;
}

export class BackupError extends Error {}

function readIfPresent(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Every regular file under `dir`, as paths relative to `root`. */
function listFiles(dir: string, root: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

/** Half-written temporary files (private-files.ts writes `.<uuid>.tmp` then renames) are not copied. */
const skipTemporary = (source: string) => !/\/\.[^/]*\.tmp$/.test(source);

function copyTree(from: string, to: string): void {
  if (existsSync(from)) cpSync(from, to, { recursive: true, filter: skipTemporary, dereference: false, verbatimSymlinks: true });
  else mkdirSync(to);
}

/** 0700 folders and 0600 files, whatever the source's modes were. */
function tighten(dir: string): void {
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(path, PRIVATE_DIR_MODE);
    else if (entry.isFile()) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/** Throws unless the SQLite file passes `integrity_check` and `foreign_key_check`. */
export function verifyDatabase(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`The database copy is damaged: ${String(integrity)}`);
    const orphans = db.pragma('foreign_key_check') as unknown[];
    if (orphans.length > 0) throw new BackupError(`The database copy has ${orphans.length} rows pointing at missing rows`);
  } finally {
    db.close();
  }
}

/** Makes a backup of the running (or stopped) app's data under `root` and answers its folder. */
export function createBackup(storage: Storage, root: string, now = new Date()): string {
  ensurePrivateDir(root);
  const name = `backup-${now.toISOString().replace(/[:.]/g, '-')}`;
  const dir = resolve(root, name);
  const partial = `${dir}.partial`;
  if (existsSync(dir)) throw new BackupError(`${dir} already exists`);
  rmSync(partial, { recursive: true, force: true });
  ensurePrivateDir(partial);
  try {
    const database = join(partial, BACKUP_DATABASE);
    // Read before the copy: the anchor only moves forward, after its row is committed.
    const anchor = readIfPresent(join(resolve(storage.privateDir), AUDIT_ANCHOR_FILE));
    const source = new Database(resolve(storage.databasePath), { readonly: true, fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      source.prepare('VACUUM INTO ?').run(database);
    } finally {
      source.close();
    }
    chmodSync(database, PRIVATE_FILE_MODE);
    verifyDatabase(database);
    copyTree(resolve(storage.uploadsDir), join(partial, 'uploads'));
    copyTree(resolve(storage.privateDir), join(partial, 'private'));
    const copiedAnchor = join(partial, 'private', AUDIT_ANCHOR_FILE);
    if (anchor) writePrivateFile(copiedAnchor, anchor);
    else rmSync(copiedAnchor, { force: true });
    tighten(partial);
    const files = Object.fromEntries(listFiles(partial, partial).map((f) => [f, sha256(join(partial, f))]));
    const manifest: Manifest = { createdAt: now.toISOString(), files };
    writePrivateFile(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, dir);
    return dir;
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

/** Checks a backup folder: its manifest, every file's checksum (no file missing, none added), the database. */
export function verifyBackup(dir: string): Manifest {
  const manifestFile = join(dir, MANIFEST);
  if (!existsSync(manifestFile)) throw new BackupError(`${dir} is not a backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const present = listFiles(dir, dir).filter((f) => f !== MANIFEST);
  const listed = Object.keys(manifest.files).sort();
  const missing = listed.filter((f) => !present.includes(f));
  const extra = present.filter((f) => !listed.includes(f));
  if (missing.length || extra.length)
    throw new BackupError(
      `The backup's files do not match its manifest (missing: ${missing.join(', ') || 'none'}; not listed: ${extra.join(', ') || 'none'})`,
    );
  for (const [file, hash] of Object.entries(manifest.files)) {
    if (sha256(join(dir, file)) !== hash) throw new BackupError(`${file} in the backup has changed since it was made`);
  }
  if (!manifest.files[BACKUP_DATABASE]) throw new BackupError(`The backup holds no ${BACKUP_DATABASE}`);
  verifyDatabase(join(dir, BACKUP_DATABASE));
  return manifest;
}

function moveIfPresent(from: string, to: string): void {
  if (!lstatSync(from, { throwIfNoEntry: false })) return;
  mkdirSync(dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
  renameSync(from, to);
}

/**
 * Puts a backup back in place of the current data. Refuses while the server runs, and checks the whole backup
 * before touching anything. The data it replaces is kept, moved into `pre-restore-<time>/` beside the
 * database, until someone deletes it.
 * Answers the folder the replaced data went to.
 */
export function restoreBackup(storage: Storage, dir: string, now = new Date()): string {
  const pid = runningServerPid(storage);
  if (pid !== null) throw new BackupError(`The app is running (process ${pid}). Stop it before restoring a backup.`);
  verifyBackup(dir);

  const databasePath = resolve(storage.databasePath);
  const home = dirname(databasePath);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  // Copied beside their destinations first, so the swap below is renames only.
  const staged = {
    database: `${databasePath}.restoring`,
    uploads: `${resolve(storage.uploadsDir)}.restoring`,
    private: `${resolve(storage.privateDir)}.restoring`,
  };
  for (const path of Object.values(staged)) rmSync(path, { recursive: true, force: true });
  cpSync(join(dir, BACKUP_DATABASE), staged.database);
  cpSync(join(dir, 'uploads'), staged.uploads, { recursive: true });
  cpSync(join(dir, 'private'), staged.private, { recursive: true });
  verifyDatabase(staged.database);

  const aside = ensurePrivateDir(join(home, `pre-restore-${stamp}`));
  for (const file of databaseFiles(databasePath)) moveIfPresent(file, join(aside, basename(file)));
  moveIfPresent(resolve(storage.uploadsDir), join(aside, 'uploads'));
  moveIfPresent(resolve(storage.privateDir), join(aside, 'private'));
  renameSync(staged.database, databasePath);
  renameSync(staged.uploads, resolve(storage.uploadsDir));
  renameSync(staged.private, resolve(storage.privateDir));
  securePrivateStorage(storage);
  return aside;
}
