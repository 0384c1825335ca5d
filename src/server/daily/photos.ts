/**
 * Photos of the day (ADR 043): private pictures of children, tagged with the children they show. The
 * bytes go through the gallery's pipeline (services/images.ts) and are written to the private folder
 * (`child-photos/`, owner-only), never under /uploads. Staff see every photo; a parent only the photos of a child
 * of theirs (any other family, and an id that does not exist, get the same 404).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { childPhotos, childPhotoTags, enrolledChildren, parentChildRelationships } from '~/db/schema';
import { centreDateOf } from '../../shared/centre-time';
import { childPhotoFieldsSchema } from '../../shared/schemas/daily-entries';
import type { Auth } from '../auth/session';
import { recordAudit, type AuditContext } from '../audit/record';
import type { Config } from '../config';
import type { Db } from '../db';
import { keysetPage, type SortKey } from '../pagination';
import { privateSubdir, writePrivateFile } from '../private-files';
import { cleanOriginalName, encodeChildPhoto } from '../services/images';
import { photoColumns, photoItem } from './timeline';
import { validationError } from '../field-errors';
import { refuse } from '../refusal';

export const PHOTOS_DIR = 'child-photos';
export const PHOTO_NOT_FOUND = 'error.photoNotFound';
/**
 * `{uuid}.jpg` (or .png, .webp, .gif, .avif: the picture as uploaded, without metadata) and `{uuid}-display.webp`
 * beside it for the timeline. Photos stored before pictures kept their format are `{uuid}.webp`.
 */
const STORED = /^[0-9a-f-]{36}(\.(jpg|png|webp|gif|avif)|-display\.webp)$/;
/** The type of a stored picture, from its extension (the row's mime_type says the same). */
const TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

export interface PhotoDeps extends AuditContext {
  db: Db;
  config: Pick<Config, 'privateDir'>;
}

const displayName = (storedName: string) => storedName.replace(/\.[a-z]+$/, '-display.webp');
export const extensionOf = (storedName: string) => /\.([a-z]+)$/.exec(storedName)?.[1] ?? 'webp';

/** The file of a stored name inside the photos folder, or null for a name that is not the server's own. */
export function photoPath(config: Pick<Config, 'privateDir'>, name: string): string | null {
  if (!STORED.test(name)) return null;
  const root = resolve(config.privateDir, PHOTOS_DIR);
  const full = resolve(root, name);
  return full.startsWith(root + sep) ? full : null;
}

/** Children named in a tag, each with its consent; a child that does not exist (or left) is a 404. */
export function taggableChildren(db: Db, childIds: string[]) {
  const rows = db
    .select({ id: enrolledChildren.id, childName: enrolledChildren.childName, photoConsent: enrolledChildren.photoConsent })
    .from(enrolledChildren)
    .where(and(inArray(enrolledChildren.id, childIds), eq(enrolledChildren.isActive, true)))
    .all();
  if (rows.length !== childIds.length) throw refuse('NOT_FOUND', 'error.childNotFound');
  const refused = rows.filter((c) => !c.photoConsent).map((c) => c.childName);
  if (refused.length) {
    const names = refused.length === 1 ? refused[0]! : `${refused.slice(0, -1).join(', ')} and ${refused.at(-1)}`;
    throw refuse('BAD_REQUEST', 'error.photoConsent', { names, many: refused.length === 1 ? 'no' : 'yes' });
  }
  return rows;
}

/**
 * Checks the fields and the consent of every child before a byte is decoded, then encodes, writes the two files
 * (owner-only) and inserts the photo, its tags and the audit row in one transaction; a failed insert removes the files.
 */
export async function storeChildPhoto(
  deps: PhotoDeps,
  staff: { id: string; name: string },
  file: { bytes: Uint8Array; name: string },
  fields: { childIds: unknown; caption: unknown },
) {
  const parsed = childPhotoFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error);
  const { childIds, caption } = parsed.data;
  taggableChildren(deps.db, childIds);
  const encoded = await encodeChildPhoto(file.bytes);
  const dir = privateSubdir(deps.config, PHOTOS_DIR);
  const storedName = `${randomUUID()}.${encoded.extension}`;
  const paths = [join(dir, storedName), join(dir, displayName(storedName))];
  const takenAt = deps.clock.now();
  const date = centreDateOf(takenAt);
  try {
    writePrivateFile(paths[0]!, encoded.full);
    writePrivateFile(paths[1]!, encoded.display);
    return deps.db.transaction((tx) => {
      // Consent read again inside the write: a consent withdrawn while the picture was being encoded holds.
      taggableChildren(tx as unknown as Db, childIds);
      const photo = tx
        .insert(childPhotos)
        .values({
          storedName,
          originalName: cleanOriginalName(file.name),
          mimeType: encoded.mimeType,
          size: encoded.full.byteLength,
          width: encoded.width,
          height: encoded.height,
          caption,
          takenAt,
          date,
          authorId: staff.id,
          authorName: staff.name,
        })
        .returning(photoColumns)
        .get();
      tx.insert(childPhotoTags)
        .values(childIds.map((childId) => ({ photoId: photo.id, childId, takenAt, date })))
        .run();
      recordAudit(tx, deps, {
        action: 'create',
        entity: 'child-photo',
        entityId: photo.id,
        fields: { childIds, caption, originalName: cleanOriginalName(file.name), size: file.bytes.byteLength },
      });
      return { ...photoItem(photo), childIds };
    });
  } catch (err) {
    for (const p of paths) rmSync(p, { force: true });
    throw err;
  }
}

/** Whether this signed-in account may see the photo: staff any, a parent one tagging an active child of theirs. */
function mayRead(db: Db, auth: Auth, photoId: string): boolean {
  if (auth.kind === 'admin') return true;
  const row = db
    .select({ one: childPhotoTags.photoId })
    .from(childPhotoTags)
    .innerJoin(parentChildRelationships, eq(parentChildRelationships.childId, childPhotoTags.childId))
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, childPhotoTags.childId))
    .where(
      and(eq(childPhotoTags.photoId, photoId), eq(parentChildRelationships.parentId, auth.parent.id), eq(enrolledChildren.isActive, true)),
    )
    .limit(1)
    .get();
  return !!row;
}

/**
 * The photo's bytes for a signed-in caller (401 before: the REST path checks), `private, no-store`, `nosniff`.
 * `original`: the whole picture as a download, in the format it was uploaded in (without metadata); otherwise the
 * timeline's copy, inline.
 */
export async function openChildPhoto(deps: { db: Db; config: Pick<Config, 'privateDir'> }, auth: Auth, photoId: string, original: boolean) {
  const notFound = refuse('NOT_FOUND', PHOTO_NOT_FOUND);
  if (!/^[0-9a-f-]{36}$/.test(photoId)) throw notFound;
  const photo = deps.db
    .select({ storedName: childPhotos.storedName, originalName: childPhotos.originalName, date: childPhotos.date })
    .from(childPhotos)
    .where(eq(childPhotos.id, photoId))
    .get();
  if (!photo || !mayRead(deps.db, auth, photoId)) throw notFound;
  const path = photoPath(deps.config, original ? photo.storedName : displayName(photo.storedName));
  const info = path ? await stat(path).catch(() => null) : null;
  if (!path || !info) throw notFound;
  const base =
    photo.originalName
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_') || 'photo';
  const extension = original ? extensionOf(photo.storedName) : 'webp';
  const name = `${base}-${photo.date}.${extension}`;
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': TYPE_OF_EXTENSION[extension] ?? 'image/webp',
      'Content-Length': String(info.size),
      'Content-Disposition': original ? `attachment; filename="${name}"` : 'inline',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}

type TagRow = { id: string; takenAt: Date; caption: string | null; width: number; height: number; authorName: string | null };
const photoKeys: SortKey<TagRow>[] = [
  { column: childPhotoTags.takenAt, kind: 'time', of: (r) => r.takenAt },
  { column: childPhotoTags.photoId, kind: 'text', of: (r) => r.id },
];

/** A page of one child's photos, newest first (keyset on the tag's (child, takenAt, photo) index). */
export function childPhotosPage(db: Db, childId: string, limit: number, cursor?: string | null) {
  const page = keysetPage(photoKeys, { limit, cursor }, (after, orderBy, n) =>
    db
      .select(photoColumns)
      .from(childPhotoTags)
      .innerJoin(childPhotos, eq(childPhotos.id, childPhotoTags.photoId))
      .where(after ? and(eq(childPhotoTags.childId, childId), after) : eq(childPhotoTags.childId, childId))
      .orderBy(...orderBy)
      .limit(n)
      .all(),
  );
  return { items: page.items.map(photoItem), nextCursor: page.nextCursor };
}

/** The photos of a day that tag any of these children (the Daily sheets tab), with the children each tags. */
export function roomPhotos(db: Db, childIds: string[], date: string) {
  if (childIds.length === 0) return [];
  const tags = db
    .select({ photoId: childPhotoTags.photoId, childId: childPhotoTags.childId })
    .from(childPhotoTags)
    .where(and(inArray(childPhotoTags.childId, childIds), eq(childPhotoTags.date, date)))
    .all();
  const ids = [...new Set(tags.map((t) => t.photoId))];
  if (ids.length === 0) return [];
  return db
    .select(photoColumns)
    .from(childPhotos)
    .where(inArray(childPhotos.id, ids))
    .all()
    .map((p) => ({ ...photoItem(p), childIds: tags.filter((t) => t.photoId === p.id).map((t) => t.childId) }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}
