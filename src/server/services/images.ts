/**
 * Gallery pictures: photos of children, published at /uploads/{fileName}. The type is decided by the
 * file's bytes, never by its name or the browser's header; every picture is decoded and re-encoded, which
 * drops EXIF (GPS position, camera serial, time) and anything smuggled after the image data; the stored
 * name is random.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { TRPCError } from '@trpc/server';
import { desc, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { pictures } from '../../../db/schema';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { ONLY_IMAGES_MESSAGE, type PictureFieldsInput, pictureFieldsSchema } from '../../shared/schemas/gallery';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { pictureAlt } from '../routers/gallery';

/** Types sharp can decode here (its prebuilt libheif reads AVIF but not HEIC). SVG is excluded: it is a script-capable document. */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/** Pictures are shown on web pages: 2000 px on the long edge is plenty and keeps files small. */
export const MAX_IMAGE_EDGE = 2000;
/**
 * Refuses "decompression bombs" (a small file that decodes to gigabytes): a 67-megapixel PNG costs about 24 s
 * of CPU to decode on a small server. 40 MP covers phone cameras (12–24 MP, 48 MP sensors save 12 MP photos)
 * and most DSLRs. The dimensions are read from the header before anything is decoded.
 */
export const MAX_INPUT_MEGAPIXELS = 40;
export const MAX_INPUT_PIXELS = MAX_INPUT_MEGAPIXELS * 1_000_000;
export const TOO_MANY_PIXELS_MESSAGE = `The picture is too large (over ${MAX_INPUT_MEGAPIXELS} megapixels). Please upload a smaller one.`;
const UNREADABLE_MESSAGE = 'The picture could not be read. It may be damaged or too large; please try another file.';
export const STORED_MIME = 'image/webp';
const STORED_EXTENSION = 'webp';
/** The names this service gives files; anything else in the table is never used as a path. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|jpg|jpeg|png|gif|avif)$/;

export interface GalleryDeps {
  db: Db;
  config: Pick<Config, 'uploadsDir'>;
  clock: Clock;
}

export interface UploadedFile {
  bytes: Uint8Array;
  /** The name the browser sent: kept for staff, never used as a path. */
  name: string;
}

const adminColumns = {
  id: pictures.id,
  fileName: pictures.fileName,
  originalName: pictures.originalName,
  fileSize: pictures.fileSize,
  mimeType: pictures.mimeType,
  category: pictures.category,
  caption: pictures.caption,
  isActive: pictures.isActive,
  uploadedAt: pictures.uploadedAt,
};

function badRequest(message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message });
}

/** The browser's file name, made safe to store and show: no folders, no control characters, bounded. */
export function cleanOriginalName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.normalize('NFC').replace(/[\u0000-\u001f\u007f<>"]/g, '').trim();
  return cleaned.slice(0, 200) || 'picture';
}

/** Sniffs the bytes and re-encodes them as WebP without metadata; anything that is not a readable image is a 400. */
export async function reencodeImage(bytes: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (type?.mime === 'image/heic' || type?.mime === 'image/heif') {
    throw badRequest('HEIC photos cannot be read here. Please save the photo as JPEG and upload it again.');
  }
  if (!type || !DECODABLE.has(type.mime)) throw badRequest(ONLY_IMAGES_MESSAGE);
  // The header alone (cheap) tells the size; a picture over the limit is refused before it is decoded.
  const header = await sharp(bytes).metadata().catch(() => null);
  if (!header?.width || !header.height) throw badRequest(UNREADABLE_MESSAGE);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: TOO_MANY_PIXELS_MESSAGE });
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      // Applies the EXIF orientation to the pixels before the metadata (EXIF included) is dropped.
      .rotate()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw badRequest(UNREADABLE_MESSAGE);
  }
}

function storedPath(uploadsDir: string, fileName: string): string | null {
  if (!STORED_NAME.test(fileName)) return null;
  const root = resolve(uploadsDir);
  const full = resolve(root, fileName);
  return full.startsWith(root + sep) ? full : null;
}

/**
 * Stores one gallery picture: check, re-encode, write under a random name, then insert the row. If the row
 * cannot be inserted the file is removed again, so no picture is ever public without a row.
 */
export async function storeGalleryPicture(deps: GalleryDeps, file: UploadedFile, fields: PictureFieldsInput) {
  const parsed = pictureFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', message: parsed.error.issues[0]?.message ?? 'Invalid input', cause: parsed.error });
  if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large. The limit is 10 MB.' });

  const image = await reencodeImage(file.bytes);
  const fileName = `${randomUUID()}.${STORED_EXTENSION}`;
  const root = resolve(deps.config.uploadsDir);
  const path = resolve(root, fileName);
  await mkdir(root, { recursive: true });
  await writeFile(path, image.data, { flag: 'wx' });
  try {
    const row = deps.db
      .insert(pictures)
      .values({
        fileName,
        originalName: cleanOriginalName(file.name),
        fileSize: image.data.byteLength,
        mimeType: STORED_MIME,
        category: parsed.data.category,
        caption: parsed.data.caption,
        uploadedAt: deps.clock.now(),
      })
      .returning(adminColumns)
      .get();
    return { ...row, alt: pictureAlt(row) };
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
}

/** Every picture, newest first, with what staff need to manage them. */
export function listGalleryPictures(db: Db) {
  return db
    .select(adminColumns)
    .from(pictures)
    .orderBy(desc(pictures.uploadedAt))
    .all()
    .map((p) => ({ ...p, alt: pictureAlt(p) }));
}

/**
 * Deletes the row and its file together: the file is removed inside the transaction, so a file that cannot
 * be removed keeps its row (and stays manageable) instead of lingering public and forgotten.
 */
export function deleteGalleryPicture(deps: GalleryDeps, id: string): { success: true; id: string } {
  return deps.db.transaction((tx) => {
    const gone = tx.delete(pictures).where(eq(pictures.id, id)).returning({ id: pictures.id, fileName: pictures.fileName }).get();
    if (!gone) throw new TRPCError({ code: 'NOT_FOUND', message: 'Picture not found' });
    const path = storedPath(deps.config.uploadsDir, gone.fileName);
    if (path) rmSync(path, { force: true });
    return { success: true as const, id: gone.id };
  });
}
