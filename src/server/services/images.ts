/**
 * Gallery pictures: photos of children, published at /uploads/{fileName}. The type is decided by the
 * file's bytes, never by its name or the browser's header; every picture is decoded and re-encoded, which
 * drops EXIF (GPS position, camera serial, time) and anything smuggled after the image data; the stored
 * name is random. Beside each picture lie smaller AVIF and WebP copies for `srcset` (ADR 012), named after it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { TRPCError } from '@trpc/server';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type sharpLibrary from 'sharp';
import type { Sharp } from 'sharp';
import { type PictureVariant, pictures } from '~/db/schema';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { ONLY_IMAGES_MESSAGE, type PictureFieldsInput, pictureFieldsSchema } from '../../shared/schemas/gallery';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { logger as defaultLogger, type Logger } from '../logger';
import type { ErrorKey } from '../../shared/i18n/errors-en';
import { validationError } from '../field-errors';
import { refuse } from '../refusal';

/**
 * sharp (libvips) and file-type are loaded on the first picture, never at start: loaded, they hold tens of MB of
 * every centre's process (ADR 091, docs/performance.md). Each function that decodes calls loadSharp() first.
 */
let sharp: typeof sharpLibrary;
let sharpLoading: Promise<void> | null = null;
function loadSharp(): Promise<void> {
  sharpLoading ??= import('sharp').then(
    (m) => {
      sharp = m.default;
    },
    (err: unknown) => {
      sharpLoading = null;
      throw err;
    },
  );
  return sharpLoading;
}
const fileTypeFromBuffer = async (bytes: Uint8Array) => (await import('file-type')).fileTypeFromBuffer(bytes);

/** Text for the image's alt attribute: the caption, else a description from the category. */
export function pictureAlt(p: { caption: string | null; category: string }): string {
  if (p.caption?.trim()) return p.caption.trim();
  return p.category === 'general' ? 'Children learning and playing at the centre' : `Children at the centre: ${p.category}`;
}

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
export const TOO_MANY_PIXELS_MESSAGE = 'error.tooManyPixels';
const UNREADABLE_MESSAGE = 'error.pictureUnreadable';
export const STORED_MIME = 'image/webp';
const STORED_EXTENSION = 'webp';
/**
 * Widths of the copies made for `srcset` (ADR 012): a phone's 343–380 px tile at 1× (640), 2× (800), 2.6×
 * (960) and 3× (1280), a desktop tile at 2× (800 or 1280). A picture narrower than one of them gets a copy at
 * its own width instead, never an enlargement.
 */
export const VARIANT_WIDTHS = [320, 640, 800, 960, 1280] as const;
/** Effort 2 of 9: about a second for a 1280 px AVIF on one core; higher efforts cost seconds for a few per cent. */
const AVIF_OPTIONS = { quality: 55, effort: 2 } as const;
const VARIANT_WEBP_OPTIONS = { quality: 80 } as const;
/** The names this service gives files (a picture, or one of its variants: `{uuid}-640w.avif`); anything else in the table is never used as a path. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-\d{1,4}w)?\.(webp|jpg|jpeg|png|gif|avif)$/;

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
  width: pictures.width,
  height: pictures.height,
  variants: pictures.variants,
};

function badRequest(id: ErrorKey): TRPCError {
  return refuse('BAD_REQUEST', id);
}

/** The browser's file name, made safe to store and show: no folders, no control characters, bounded. */
export function cleanOriginalName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- removing control characters from the name is the point
    .replace(/[\u0000-\u001f\u007f<>"]/g, '')
    .trim();
  return cleaned.slice(0, 200) || 'picture';
}

/** Decoded pixels, upright and within MAX_IMAGE_EDGE: what the stored picture and its variants are encoded from. */
interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Sniffs the bytes and decodes them once into upright pixels within MAX_IMAGE_EDGE, without metadata; anything
 * that is not a readable image is a 400, a picture over MAX_INPUT_PIXELS a 413 (decided from the header alone).
 */
async function decodeUpload(bytes: Uint8Array): Promise<Pixels> {
  await loadSharp();
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (type?.mime === 'image/heic' || type?.mime === 'image/heif') {
    throw badRequest('error.heic');
  }
  if (!type || !DECODABLE.has(type.mime)) throw badRequest(ONLY_IMAGES_MESSAGE);
  // The header alone (cheap) tells the size; a picture over the limit is refused before it is decoded.
  const header = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height) throw badRequest(UNREADABLE_MESSAGE);
  if (header.width * header.height > MAX_INPUT_PIXELS)
    throw refuse('PAYLOAD_TOO_LARGE', TOO_MANY_PIXELS_MESSAGE, { max: MAX_INPUT_MEGAPIXELS });
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      // Applies the EXIF orientation to the pixels; raw pixels carry no metadata (EXIF, GPS) at all.
      .rotate()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
      // 8 bits per channel whatever the source (a 16-bit PNG too): what fromPixels reads back.
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: info.channels } };
  } catch {
    throw badRequest(UNREADABLE_MESSAGE);
  }
}

const fromPixels = (p: Pixels) => sharp(p.data, { raw: p.info });

/** One file to write: the stored picture or one of its variants. */
interface Encoded extends PictureVariant {
  data: Buffer;
}

/**
 * The `srcset` copies of a picture of `width`×`height`: AVIF at every width of VARIANT_WIDTHS (its own width
 * for a narrower picture), WebP at those below its own width (the stored picture is the WebP at full width).
 * Encoded one after another: an upload must not take both cores of a small server from the visitors.
 */
async function encodeVariants(source: () => Sharp, baseName: string, width: number, height: number): Promise<Encoded[]> {
  const widths = [...new Set(VARIANT_WIDTHS.map((w) => Math.min(w, width)))];
  const out: Encoded[] = [];
  for (const w of widths) {
    const h = Math.max(1, Math.round((height * w) / width));
    const resized = () => (w === width ? source() : source().resize({ width: w, height: h, fit: 'fill' }));
    out.push({
      fileName: `${baseName}-${w}w.avif`,
      mimeType: 'image/avif',
      width: w,
      height: h,
      data: await resized().avif(AVIF_OPTIONS).toBuffer(),
    });
    if (w < width) {
      out.push({
        fileName: `${baseName}-${w}w.webp`,
        mimeType: 'image/webp',
        width: w,
        height: h,
        data: await resized().webp(VARIANT_WEBP_OPTIONS).toBuffer(),
      });
    }
  }
  return out;
}

/** Writes every file or none: a failure removes what was already written. Names are new (`wx`), never overwritten. */
async function writeAll(root: string, files: { fileName: string; data: Buffer }[]): Promise<string[]> {
  await mkdir(root, { recursive: true });
  const written: string[] = [];
  try {
    for (const f of files) {
      const path = resolve(root, f.fileName);
      await writeFile(path, f.data, { flag: 'wx' });
      written.push(path);
    }
    return written;
  } catch (err) {
    await removeAll(written);
    throw err;
  }
}

async function removeAll(paths: string[]): Promise<void> {
  await Promise.all(paths.map((p) => rm(p, { force: true })));
}

const variantFields = (v: Encoded): PictureVariant => ({ fileName: v.fileName, mimeType: v.mimeType, width: v.width, height: v.height });

function storedPath(uploadsDir: string, fileName: string): string | null {
  if (!STORED_NAME.test(fileName)) return null;
  const root = resolve(uploadsDir);
  const full = resolve(root, fileName);
  return full.startsWith(root + sep) ? full : null;
}

/**
 * Stores one gallery picture: check, decode, encode the picture and its variants, write them under a random
 * name, then insert the row. If the row cannot be inserted the files are removed again, so no picture is ever
 * public without a row.
 */
export async function storeGalleryPicture(
  deps: GalleryDeps,
  file: UploadedFile,
  fields: PictureFieldsInput,
  /** Runs in the insert's transaction (the audit row, audit/record.ts). */
  alsoWrite?: (db: GalleryDeps['db'], pictureId: string) => void,
) {
  const parsed = pictureFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error);
  if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw refuse('PAYLOAD_TOO_LARGE', 'error.fileTooLarge');

  const pixels = await decodeUpload(file.bytes);
  const { width, height } = pixels.info;
  const baseName = randomUUID();
  const fileName = `${baseName}.${STORED_EXTENSION}`;
  let main: Buffer;
  let variants: Encoded[];
  try {
    main = await fromPixels(pixels).webp({ quality: 82 }).toBuffer();
    variants = await encodeVariants(() => fromPixels(pixels), baseName, width, height);
  } catch {
    throw badRequest(UNREADABLE_MESSAGE);
  }
  const written = await writeAll(resolve(deps.config.uploadsDir), [{ fileName, data: main }, ...variants]);
  try {
    const row = deps.db.transaction((tx) => {
      const inserted = tx
        .insert(pictures)
        .values({
          fileName,
          originalName: cleanOriginalName(file.name),
          fileSize: main.byteLength,
          mimeType: STORED_MIME,
          category: parsed.data.category,
          caption: parsed.data.caption,
          uploadedAt: deps.clock.now(),
          width,
          height,
          variants: variants.map(variantFields),
        })
        .returning(adminColumns)
        .get();
      alsoWrite?.(tx as unknown as GalleryDeps['db'], inserted.id);
      return inserted;
    });
    return withAlt(row);
  } catch (err) {
    await removeAll(written);
    throw err;
  }
}

/** What both lists add to a row: the alt text, and [] for variants not made yet (the picture itself is shown). */
function withAlt<T extends { caption: string | null; category: string; variants: PictureVariant[] | null }>(p: T) {
  return { ...p, variants: p.variants ?? [], alt: pictureAlt(p) };
}

/** Every picture, newest first, with what staff need to manage them. */
export function listGalleryPictures(db: Db) {
  return db.select(adminColumns).from(pictures).orderBy(desc(pictures.uploadedAt)).all().map(withAlt);
}

/**
 * Deletes the row and its files (the picture and its variants) together: the files are removed inside the
 * transaction, so a file that cannot be removed keeps its row (and stays manageable) instead of lingering
 * public and forgotten.
 */
export function deleteGalleryPicture(deps: GalleryDeps, id: string): { success: true; id: string } {
  return deps.db.transaction((tx) => {
    const gone = tx
      .delete(pictures)
      .where(eq(pictures.id, id))
      .returning({ id: pictures.id, fileName: pictures.fileName, variants: pictures.variants })
      .get();
    if (!gone) throw refuse('NOT_FOUND', 'error.pictureNotFound');
    for (const name of [gone.fileName, ...(gone.variants ?? []).map((v) => v.fileName)]) {
      const path = storedPath(deps.config.uploadsDir, name);
      if (path) rmSync(path, { force: true });
    }
    return { success: true as const, id: gone.id };
  });
}

/**
 * Makes the missing variants of pictures uploaded before variants existed (their `variants` is null), one
 * picture at a time, from the stored file. Run at start, in the background: until a picture's turn comes the
 * pages show the picture itself. A picture whose file cannot be read gets [] (and a warning), not a retry at
 * every start. A picture deleted meanwhile gets its new files removed again.
 */
export async function backfillPictureVariants(deps: Pick<GalleryDeps, 'db' | 'config'>, log: Logger = defaultLogger): Promise<number> {
  const pending = deps.db.select({ id: pictures.id, fileName: pictures.fileName }).from(pictures).where(isNull(pictures.variants)).all();
  let made = 0;
  if (pending.length) await loadSharp();
  for (const p of pending) {
    const path = storedPath(deps.config.uploadsDir, p.fileName);
    let result: { width: number | null; height: number | null; variants: Encoded[] };
    try {
      if (!path) throw new Error('not a stored file name');
      const bytes = await readFile(path);
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error('no dimensions');
      // The stored picture is already upright and stripped; `autoOrient` covers a file from before that rule.
      const { width, height } = meta.autoOrient;
      const variants = await encodeVariants(
        () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate(),
        p.fileName.replace(/\.[a-z]+$/, ''),
        width,
        height,
      );
      result = { width, height, variants };
    } catch (err) {
      log.warn({ err, pictureId: p.id }, 'gallery picture: variants could not be made; the picture itself is shown');
      result = { width: null, height: null, variants: [] };
    }
    const written = await writeAll(resolve(deps.config.uploadsDir), result.variants).catch((err: unknown) => {
      log.warn({ err, pictureId: p.id }, 'gallery picture: variants could not be written');
      return null;
    });
    const variants = written ? result.variants.map(variantFields) : [];
    const updated = deps.db
      .update(pictures)
      .set({ width: result.width, height: result.height, variants })
      .where(and(eq(pictures.id, p.id), isNull(pictures.variants)))
      .returning({ id: pictures.id })
      .get();
    if (!updated && written) await removeAll(written);
    if (updated && variants.length) made++;
  }
  return made;
}

/**
 * The centre's logo (the Settings tab, server/centre/logo.ts), through the gallery's pipeline: typed by its bytes,
 * the pixel limit checked from the header, decoded and re-encoded (no metadata), at most `edge` pixels a side, as
 * WebP with its transparency kept. A file over `maxBytes` is a 413 before anything is decoded.
 */
export async function encodeLogo(
  bytes: Uint8Array,
  maxBytes: number,
  edge: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  if (bytes.byteLength > maxBytes) throw refuse('PAYLOAD_TOO_LARGE', 'error.logoTooLarge', { max: Math.round(maxBytes / 1024) });
  const pixels = await decodeUpload(bytes);
  try {
    const { data, info } = await fromPixels(pixels)
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw badRequest(UNREADABLE_MESSAGE);
  }
}

/** The width of a photo of the day's copy for the timeline (a phone's full width at 2x, a tablet's card). */
export const PHOTO_DISPLAY_WIDTH = 640;

/**
 * A photo of the day is kept in the format it was uploaded in (a parent's download is a JPEG when the phone took a
 * JPEG): the format sharp writes, its type and the extension its file takes.
 */
const KEPT_FORMATS = {
  'image/jpeg': { format: 'jpeg', extension: 'jpg', options: { quality: 90 } },
  'image/png': { format: 'png', extension: 'png', options: {} },
  'image/webp': { format: 'webp', extension: 'webp', options: { quality: 85 } },
  'image/gif': { format: 'gif', extension: 'gif', options: {} },
  'image/avif': { format: 'avif', extension: 'avif', options: AVIF_OPTIONS },
} as const;
export type KeptPhotoType = keyof typeof KEPT_FORMATS;
/** The extensions a kept photo's file may have. */
export const KEPT_PHOTO_EXTENSIONS = [...new Set(Object.values(KEPT_FORMATS).map((f) => f.extension))];

/**
 * A photo of the day (ADR 043, ADR 084), through the gallery's pipeline: typed by its bytes, the pixel limit
 * checked from the header. Answers the whole picture as uploaded (its size, upright, in its own format: the
 * parent's download) re-encoded by sharp, which writes no metadata (no EXIF, no GPS, no comment, nothing after the
 * image data), and a WebP copy for the timeline; the caller stores both privately. Nothing here touches the
 * public uploads folder.
 */
export async function encodeChildPhoto(bytes: Uint8Array): Promise<{
  full: Buffer;
  mimeType: KeptPhotoType;
  extension: string;
  display: Buffer;
  width: number;
  height: number;
}> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw refuse('PAYLOAD_TOO_LARGE', 'error.fileTooLarge');
  const pixels = await decodeUpload(bytes);
  const type = (await fileTypeFromBuffer(bytes))!.mime as KeptPhotoType;
  const kept = KEPT_FORMATS[type];
  try {
    const { data: full, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      // Upright as the camera meant it: the orientation is in the EXIF that is not written again.
      .rotate()
      .toFormat(kept.format, kept.options)
      .toBuffer({ resolveWithObject: true });
    const { width, height } = pixels.info;
    const display =
      width > PHOTO_DISPLAY_WIDTH
        ? fromPixels(pixels).resize({
            width: PHOTO_DISPLAY_WIDTH,
            height: Math.max(1, Math.round((height * PHOTO_DISPLAY_WIDTH) / width)),
            fit: 'fill',
          })
        : fromPixels(pixels);
    return {
      full,
      mimeType: type,
      extension: kept.extension,
      display: await display.webp(VARIANT_WEBP_OPTIONS).toBuffer(),
      width: info.width,
      height: info.height,
    };
  } catch {
    throw badRequest(UNREADABLE_MESSAGE);
  }
}
