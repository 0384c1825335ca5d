import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const cache = new Map<string, Buffer>();

/**
 * The key that signs upload URLs (ADR 007): 32 random bytes made at the first start and kept in the private
 * folder (0600 in a 0700 folder), so links issued before a restart still verify and nothing needs configuring.
 * Created with `wx`: two processes starting at once cannot each write a different key.
 */
export function uploadSecret(privateDir: string): Buffer {
  const cached = cache.get(privateDir);
  if (cached) return cached;
  mkdirSync(privateDir, { recursive: true, mode: 0o700 });
  const file = join(privateDir, 'upload-signing.key');
  let key: Buffer;
  try {
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    chmodSync(file, 0o600);
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  }
  if (key.length < 32) throw new Error(`${file} must hold at least 32 random bytes (base64url); delete it to make a new one`);
  cache.set(privateDir, key);
  return key;
}
