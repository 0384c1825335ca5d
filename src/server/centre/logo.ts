import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { LOGO_EDGE, LOGO_MAX_BYTES, LOGO_PATH } from '~/shared/schemas/centre-profile';
import type { CentreProfile } from '~/shared/centre-profile';
import type { AuditContext } from '../audit/record';
import type { Config } from '../config';
import type { Db } from '../db';
import { logger } from '../logger';
import { encodeLogo } from '../services/images';
import { setCentreLogo } from './profile';

type LogoDeps = AuditContext & { db: Db; config: Pick<Config, 'uploadsDir' | 'privateDir'> };

/** The file of a logo path the profile holds (`/uploads/{uuid}.webp`), in the public uploads folder; null for anything else. */
function fileOf(uploadsDir: string, path: string | null): string | null {
  return path && LOGO_PATH.test(path) ? resolve(uploadsDir, path.slice('/uploads/'.length)) : null;
}

async function removeFile(file: string | null): Promise<void> {
  if (file) await rm(file, { force: true }).catch((err: unknown) => logger.warn({ err }, 'removing an old logo failed'));
}

/**
 * The centre's logo (the Settings tab, `PUT /api/admin/centre/logo`): the upload is typed by its bytes, size-limited
 * and re-encoded (services/images.ts encodeLogo), written under a new random name in the public uploads folder,
 * served at `/uploads/{name}` with the folder's cache headers (a new logo is a new name, so no cache keeps the old
 * one), then named in the profile in one audited transaction. A write that fails removes the new file; the logo it
 * replaces is removed after. Answers the whole profile.
 */
export async function storeCentreLogo(deps: LogoDeps, bytes: Uint8Array): Promise<CentreProfile> {
  const logo = await encodeLogo(bytes, LOGO_MAX_BYTES, LOGO_EDGE);
  const name = `${randomUUID()}.webp`;
  const root = resolve(deps.config.uploadsDir);
  await mkdir(root, { recursive: true });
  const file = resolve(root, name);
  await writeFile(file, logo.data, { flag: 'wx' });
  try {
    const { profile, previous } = setCentreLogo(deps, { path: `/uploads/${name}`, size: { width: logo.width, height: logo.height } });
    await removeFile(fileOf(root, previous));
    return profile;
  } catch (err) {
    await removeFile(file);
    throw err;
  }
}

/** `DELETE /api/admin/centre/logo`: the profile without a logo (audited), then the file removed. */
export async function removeCentreLogo(deps: LogoDeps): Promise<CentreProfile> {
  const { profile, previous } = setCentreLogo(deps, null);
  await removeFile(fileOf(resolve(deps.config.uploadsDir), previous));
  return profile;
}
