/**
 * Files only this server may read: the database (children's medical details, parents' accounts), and the
 * private folder beside it (the e-mail outbox with a new parent's password, parents' documents). They are
 * created owner-only (files 0600, folders 0700) whatever the process umask, and `securePrivateStorage`
 * tightens what an older version or a copy left readable, at every start.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import type { Config } from './config';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** The files SQLite keeps for one database: the file itself and its WAL, shared-memory and rollback journal. */
export function databaseFiles(databasePath: string): string[] {
  return ['', '-wal', '-shm', '-journal'].map((suffix) => resolve(databasePath + suffix));
}

/** Creates a private folder (and any missing parent) as 0700 and sets 0700 on it if it already existed. */
export function ensurePrivateDir(dir: string): string {
  const path = resolve(dir);
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
  return path;
}

/** `<private folder>/<sub>`, created owner-only, with the private folder itself owner-only too. */
export function privateSubdir(config: Pick<Config, 'privateDir'>, sub: string): string {
  ensurePrivateDir(config.privateDir);
  return ensurePrivateDir(join(config.privateDir, sub));
}

/**
 * Writes a private file as 0600, atomically: the bytes go to a temporary file beside it, created 0600 and
 * flushed, which then replaces the target in one rename. A reader never sees half a file, and a file that is
 * rewritten (a redacted e-mail) leaves no copy of the old bytes under its name.
 */
export function writePrivateFile(path: string, data: string | Uint8Array): void {
  const target = resolve(path);
  const temp = join(dirname(target), `.${randomUUID()}.tmp`);
  const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    let written = 0;
    while (written < bytes.byteLength) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw err;
  }
  closeSync(fd);
  // The umask may have taken bits away from the mode given at creation; it never adds any, but 0600 exactly is the rule.
  chmodSync(temp, PRIVATE_FILE_MODE);
  renameSync(temp, target);
}

/** Creates an empty database file as 0600 before SQLite opens it; SQLite gives its -wal and -shm files the same mode. */
export function prepareDatabaseFile(databasePath: string): void {
  if (databasePath === ':memory:') return;
  // The database's folder may be shared (the repository's `db/` in development): created if missing, not changed.
  mkdirSync(dirname(resolve(databasePath)), { recursive: true });
  for (const file of databaseFiles(databasePath)) {
    if (file === resolve(databasePath) && !existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
}

/** Sets 0700 on every folder and 0600 on every file under `dir` (symbolic links are left alone, never followed). */
function tightenTree(dir: string): void {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return;
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) tightenTree(path);
    else if (entry.isFile()) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/**
 * At start: the database files 0600, the private folder created 0700, and everything already in it made
 * owner-only (files written by an older version, or restored from a backup with looser modes).
 */
export function securePrivateStorage(config: Pick<Config, 'databasePath' | 'privateDir'>): void {
  if (config.databasePath !== ':memory:') {
    for (const file of databaseFiles(config.databasePath)) if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
  ensurePrivateDir(config.privateDir);
  tightenTree(resolve(config.privateDir));
}

const secretKeys = new Map<string, Buffer>();

/**
 * A secret key kept as `fileName` in the private folder (0600 in a 0700 folder): 32 random bytes made at the first
 * start, so nothing needs configuring and what it signed before a restart still verifies. Created with `wx`: two
 * processes starting at once cannot each write a different key. Read once per process and file.
 */
export function privateKey(privateDir: string, fileName: string): Buffer {
  const file = join(resolve(privateDir), fileName);
  const cached = secretKeys.get(file);
  if (cached) return cached;
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  let key: Buffer;
  try {
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: PRIVATE_FILE_MODE });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    chmodSync(file, PRIVATE_FILE_MODE);
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  }
  if (key.length < 32) throw new Error(`${file} must hold at least 32 random bytes (base64url); delete it to make a new one`);
  secretKeys.set(file, key);
  return key;
}
