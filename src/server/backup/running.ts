/**
 * While the server runs, `<database>.pid` holds its process id, so `npm run restore` can refuse to swap the
 * database out from under it. A marker left by a killed server names a process that no longer exists and
 * does not count.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config';

const markerFile = (config: Pick<Config, 'databasePath'>) => resolve(`${config.databasePath}.pid`);

export function markRunning(config: Pick<Config, 'databasePath'>): void {
  if (config.databasePath !== ':memory:') writeFileSync(markerFile(config), `${process.pid}\n`, { mode: 0o600 });
}

export function clearRunning(config: Pick<Config, 'databasePath'>): void {
  rmSync(markerFile(config), { force: true });
}

/** The id of the server process using this database, or null when none is running. */
export function runningServerPid(config: Pick<Config, 'databasePath'>): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(markerFile(config), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it is running all the same.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
