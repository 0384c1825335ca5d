/**
 * Private documents (immunization records, medical forms): signed single-use upload URLs, the streaming PUT
 * that receives the bytes, and the one authorizing read. Files live in `<privateDir>/documents/`, never under
 * the public `/uploads/` (ADR 007).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import { communicationMessages, documentRequests, healthFiles, medicationAuthorizations, privateFiles, uploadTokens } from '~/db/schema';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import type { Auth } from '../auth/session';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { uploadSecret } from './upload-secret';
import type { ErrorKey } from '../../shared/i18n/errors-en';
import { refuse } from '../refusal';

export interface DocumentDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

/** How long an upload URL may be used: long enough for a slow phone connection, short enough to be useless later. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
export const UPLOAD_PATH = '/api/objects/upload/';
export const DOWNLOAD_PATH = '/api/documents/';

/** What a document may be, decided by its bytes: PDF, JPEG, PNG, HEIC (a phone's photo of a paper form). */
const ALLOWED_TYPES: Record<string, { ext: string; mime: string }> = {
  'application/pdf': { ext: 'pdf', mime: 'application/pdf' },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/heic': { ext: 'heic', mime: 'image/heic' },
  'image/heif': { ext: 'heic', mime: 'image/heic' },
};
export const WRONG_TYPE_MESSAGE = 'error.fileType';
export const TOO_LARGE_MESSAGE = 'error.fileTooLarge';

export interface Owner {
  type: 'admin' | 'parent';
  id: string;
}

export function ownerOf(auth: Auth): Owner {
  return auth.kind === 'admin' ? { type: 'admin', id: auth.admin.id } : { type: 'parent', id: auth.parent.id };
}

function signature(config: Config, id: string, expires: number, owner: Owner): Buffer {
  return createHmac('sha256', uploadSecret(config.privateDir)).update(`upload:${id}:${expires}:${owner.type}:${owner.id}`).digest();
}

/** Files one account may keep uploaded but not yet submitted: a few documents, not a disk. */
export const UNSUBMITTED_MAX_FILES = 5;
export const UNSUBMITTED_MAX_BYTES = 50 * 1024 * 1024;
export const QUOTA_MESSAGE = 'error.uploadQuota';

/** Not one of a child's health files (health/records.ts): a medical statement handed in is kept, never swept. */
function notInHealthRecord(deps: DocumentDeps) {
  return notExists(
    deps.db
      .select({ one: sql`1` })
      .from(healthFiles)
      .where(eq(healthFiles.fileUrl, sql`${DOWNLOAD_PATH} || ${privateFiles.id}`)),
  );
}

/** Private files only referred to by nothing yet: uploaded, not yet part of a request's answer or a message. */
function unsubmitted(deps: DocumentDeps, owner: Owner) {
  return and(eq(privateFiles.ownerType, owner.type), eq(privateFiles.ownerId, owner.id), referencedByNothing(deps));
}

/** A file no request's answer, message, medication authorization or health record refers to. */
function referencedByNothing(deps: DocumentDeps) {
  return and(
    notExists(
      deps.db
        .select({ one: sql`1` })
        .from(documentRequests)
        .where(eq(documentRequests.responseDocumentUrl, sql`${DOWNLOAD_PATH} || ${privateFiles.id}`)),
    ),
    notExists(
      deps.db
        .select({ one: sql`1` })
        .from(communicationMessages)
        .where(eq(communicationMessages.documentUrl, sql`${DOWNLOAD_PATH} || ${privateFiles.id}`)),
    ),
    attachedToNoMedication(deps),
    notInHealthRecord(deps),
  );
}

/** Not the file of a medication authorization (its physician's instructions, pharmacy label or paper scan). */
function attachedToNoMedication(deps: Pick<DocumentDeps, 'db'>) {
  return notExists(
    deps.db
      .select({ one: sql`1` })
      .from(medicationAuthorizations)
      .where(eq(medicationAuthorizations.documentId, privateFiles.id)),
  );
}

/**
 * What the account holds unsubmitted, counting an upload in progress (a claimed URL without its file yet) as a
 * file of the largest size, so uploads sent side by side cannot pass the quota together.
 */
function unsubmittedUse(deps: DocumentDeps, owner: Owner): { files: number; bytes: number } {
  const stored = deps.db
    .select({ n: sql<number>`count(*)`, bytes: sql<number>`coalesce(sum(${privateFiles.size}), 0)` })
    .from(privateFiles)
    .where(unsubmitted(deps, owner))
    .get()!;
  const inProgress = deps.db
    .select({ n: sql<number>`count(*)` })
    .from(uploadTokens)
    .where(
      and(
        eq(uploadTokens.ownerType, owner.type),
        eq(uploadTokens.ownerId, owner.id),
        isNotNull(uploadTokens.usedAt),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(privateFiles)
            .where(eq(privateFiles.id, uploadTokens.id)),
        ),
      ),
    )
    .get()!.n;
  return { files: stored.n + inProgress, bytes: stored.bytes + inProgress * MAX_UPLOAD_BYTES };
}

/** Refuses (409) when the account already holds its quota of unsubmitted files; answers the bytes it may still send. */
function assertQuota(deps: DocumentDeps, owner: Owner, excludingInProgress = 0): number {
  const use = unsubmittedUse(deps, owner);
  const files = use.files - excludingInProgress;
  const bytes = use.bytes - excludingInProgress * MAX_UPLOAD_BYTES;
  if (files >= UNSUBMITTED_MAX_FILES || bytes >= UNSUBMITTED_MAX_BYTES) throw fail('CONFLICT', QUOTA_MESSAGE);
  return UNSUBMITTED_MAX_BYTES - bytes;
}

/** Issues an upload URL for the signed-in caller: a row (for single use) and an HMAC over id, expiry and owner. */
export function issueUploadUrl(deps: DocumentDeps, owner: Owner): { uploadURL: string; expiresAt: Date } {
  assertQuota(deps, owner);
  const id = randomUUID();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
  deps.db.insert(uploadTokens).values({ id, ownerType: owner.type, ownerId: owner.id, expiresAt, createdAt: now }).run();
  const sig = signature(deps.config, id, expiresAt.getTime(), owner).toString('base64url');
  return { uploadURL: `${UPLOAD_PATH}${id}.${expiresAt.getTime()}.${sig}`, expiresAt };
}

const TOKEN = /^([0-9a-f-]{36})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

/**
 * The upload id, when `token` was signed by this server for `owner`; null for anything else (tampered,
 * another account's, malformed). Expiry is checked by the caller, which must tell it apart.
 */
export function verifyUploadToken(config: Config, token: string, owner: Owner): { id: string; expiresAt: number } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const [, id, exp, sig] = m as unknown as [string, string, string, string];
  const expected = signature(config, id, Number(exp), owner);
  // Compared as the text this server wrote: base64url decoders ignore the last character's padding bits, so
  // decoding first would let a second spelling of the same signature through.
  const given = Buffer.from(sig);
  const wanted = Buffer.from(expected.toString('base64url'));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  return { id, expiresAt: Number(exp) };
}

/** The token of an upload URL as `issueUploadUrl` returned it (relative, or absolute on our own origin). */
export function tokenFromUploadUrl(config: Config, url: string): string | null {
  let path = url.trim();
  const origin = new URL(config.publicUrl).origin;
  if (path.startsWith(origin)) path = path.slice(origin.length);
  if (!path.startsWith(UPLOAD_PATH)) return null;
  return path.slice(UPLOAD_PATH.length);
}

export const EXPIRED_MESSAGE = 'error.uploadExpired';

const fail = (code: TRPCError['code'], id: ErrorKey) =>
  refuse(code, id, id === QUOTA_MESSAGE ? { count: UNSUBMITTED_MAX_FILES } : undefined);

/**
 * Claims an upload URL for one use: it must be signed for this caller, unexpired and unused. The claim is one
 * UPDATE, so two requests racing with the same URL cannot both get it.
 */
function claimUpload(deps: DocumentDeps, token: string, owner: Owner): string {
  const verified = verifyUploadToken(deps.config, token, owner);
  if (!verified) throw fail('NOT_FOUND', 'error.uploadInvalid');
  const now = deps.clock.now();
  if (verified.expiresAt <= now.getTime()) throw fail('FORBIDDEN', EXPIRED_MESSAGE);
  const claimed = deps.db
    .update(uploadTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(uploadTokens.id, verified.id),
        eq(uploadTokens.ownerType, owner.type),
        eq(uploadTokens.ownerId, owner.id),
        isNull(uploadTokens.usedAt),
        gt(uploadTokens.expiresAt, now),
      ),
    )
    .run();
  if (claimed.changes !== 1) {
    // The row tells why: gone or past its time (the sweep removes expired rows) is expired, not used.
    const row = deps.db
      .select({ expiresAt: uploadTokens.expiresAt, usedAt: uploadTokens.usedAt })
      .from(uploadTokens)
      .where(eq(uploadTokens.id, verified.id))
      .get();
    if (!row || row.expiresAt.getTime() <= now.getTime()) throw fail('FORBIDDEN', EXPIRED_MESSAGE);
    throw fail('CONFLICT', 'error.uploadUsed');
  }
  return verified.id;
}

export function documentsDir(config: Config): string {
  return resolve(config.privateDir, 'documents');
}

/**
 * Receives one document by a plain PUT: claims the URL, streams the body to a temporary file counting bytes
 * (over 10 MB stops at once with 413, announced Content-Length or not), decides the type by the bytes, then
 * moves the file into place and records it. Any failure removes the partial file.
 */
export async function receiveUpload(
  deps: DocumentDeps,
  auth: Auth | null,
  token: string,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | undefined,
): Promise<{ size: number; mimeType: string }> {
  if (!auth) throw fail('UNAUTHORIZED', 'error.signInToUpload');
  const owner = ownerOf(auth);
  if (declaredLength !== undefined && Number(declaredLength) > MAX_UPLOAD_BYTES) throw fail('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
  const id = claimUpload(deps, token, owner);
  // This upload is claimed (in progress) now: the quota counts the others.
  let room: number;
  try {
    room = assertQuota(deps, owner, 1);
  } catch (err) {
    deps.db.update(uploadTokens).set({ usedAt: null }).where(eq(uploadTokens.id, id)).run();
    throw err;
  }
  if (declaredLength !== undefined && Number(declaredLength) > room) {
    deps.db.update(uploadTokens).set({ usedAt: null }).where(eq(uploadTokens.id, id)).run();
    throw fail('CONFLICT', QUOTA_MESSAGE);
  }
  const limit = Math.min(MAX_UPLOAD_BYTES, room);

  const root = documentsDir(deps.config);
  const tmpDir = resolve(deps.config.privateDir, 'tmp');
  await mkdir(root, { recursive: true, mode: 0o700 });
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const tmp = join(tmpDir, `${id}.part`);
  let size = 0;
  try {
    if (!body) throw fail('BAD_REQUEST', 'error.chooseFile');
    const out = createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
    const written = new Promise<void>((ok, ko) => {
      out.on('finish', ok);
      out.on('error', ko);
    });
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit) {
          void reader.cancel().catch(() => undefined);
          throw size > MAX_UPLOAD_BYTES ? fail('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE) : fail('CONFLICT', QUOTA_MESSAGE);
        }
        if (!out.write(value)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
    } catch (err) {
      out.destroy();
      if (err instanceof TRPCError) throw err;
      throw fail('BAD_REQUEST', 'error.uploadInterrupted');
    } finally {
      out.end();
    }
    await written;
    if (size === 0) throw fail('BAD_REQUEST', 'error.fileEmpty');

    // file-type is loaded on the first upload, not at start (ADR 091).
    const sniffed = await import('file-type').then((m) => m.fileTypeFromFile(tmp)).catch(() => undefined);
    const type = sniffed ? ALLOWED_TYPES[sniffed.mime] : undefined;
    if (!type) throw fail('UNSUPPORTED_MEDIA_TYPE', WRONG_TYPE_MESSAGE);

    const storedName = `${id}.${type.ext}`;
    await rename(tmp, join(root, storedName));
    try {
      deps.db
        .insert(privateFiles)
        .values({
          id,
          storedName,
          originalName: `document.${type.ext}`,
          mimeType: type.mime,
          size,
          ownerType: owner.type,
          ownerId: owner.id,
          createdAt: deps.clock.now(),
        })
        .run();
    } catch (err) {
      await rm(join(root, storedName), { force: true });
      throw err;
    }
    return { size, mimeType: type.mime };
  } catch (err) {
    // A refused file changes nothing: the URL is free again for the same person to send the right file.
    deps.db.update(uploadTokens).set({ usedAt: null }).where(eq(uploadTokens.id, id)).run();
    throw err;
  } finally {
    await rm(tmp, { force: true });
  }
}

/** The private file an upload URL produced, when the caller owns it; null otherwise (the respond step says 400). */
export function uploadedFileFor(deps: DocumentDeps, documentUrl: string, owner: Owner) {
  const token = tokenFromUploadUrl(deps.config, documentUrl);
  const verified = token ? verifyUploadToken(deps.config, token, owner) : null;
  if (!verified) return null;
  return (
    deps.db
      .select({ id: privateFiles.id, mimeType: privateFiles.mimeType, size: privateFiles.size, storedName: privateFiles.storedName })
      .from(privateFiles)
      .where(and(eq(privateFiles.id, verified.id), eq(privateFiles.ownerType, owner.type), eq(privateFiles.ownerId, owner.id)))
      .get() ?? null
  );
}

export function downloadUrl(fileId: string): string {
  return `${DOWNLOAD_PATH}${fileId}`;
}

/** A name safe for a Content-Disposition header: an ASCII fallback and the UTF-8 original. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Reads a private document for `canRead` (who asked, and whether they may see this file). Not allowed and
 * not there answer the same 404, so an id leaks nothing.
 */
export async function openPrivateDocument(
  deps: DocumentDeps,
  fileId: string,
  canRead: (file: { id: string; ownerType: string; ownerId: string }) => boolean,
): Promise<Response> {
  const notFound = fail('NOT_FOUND', 'error.documentNotFound');
  if (!/^[0-9a-f-]{36}$/.test(fileId)) throw notFound;
  const file = deps.db
    .select({
      id: privateFiles.id,
      storedName: privateFiles.storedName,
      originalName: privateFiles.originalName,
      mimeType: privateFiles.mimeType,
      ownerType: privateFiles.ownerType,
      ownerId: privateFiles.ownerId,
    })
    .from(privateFiles)
    .where(eq(privateFiles.id, fileId))
    .get();
  if (!file || !canRead(file)) throw notFound;
  const root = documentsDir(deps.config);
  const path = resolve(root, file.storedName);
  if (!path.startsWith(root + sep)) throw notFound;
  const info = await stat(path).catch(() => null);
  if (!info) throw notFound;
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      'Content-Type': file.mimeType,
      'Content-Length': String(info.size),
      'Content-Disposition': contentDisposition(file.originalName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}

/** Gives a stored document the name the parent chose (with the extension its bytes decided). */
export function renameDocument(deps: DocumentDeps, fileId: string, name: string, mimeType: string) {
  const ext = Object.values(ALLOWED_TYPES).find((t) => t.mime === mimeType)?.ext ?? 'bin';
  const base = name.replace(/[\\/]/g, '_').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  deps.db
    .update(privateFiles)
    .set({ originalName: `${base}.${ext}`.slice(0, 250) })
    .where(eq(privateFiles.id, fileId))
    .run();
}

/** How long an uploaded file may wait to be submitted with a request's answer before it is removed. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Removes what an upload left behind when it was never submitted (a parent chose a file, then closed the
 * page): private files older than a day that no document request's answer, message or medication authorization refers to, their bytes,
 * expired upload permits, and partial files of interrupted uploads older than a day. A child's
 * record should not keep a stray copy of a medical form that nobody at the centre can see. Run hourly.
 */
export async function forgetAbandonedUploads(deps: DocumentDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - ABANDONED_UPLOAD_MS);
  const abandoned = deps.db
    .select({ id: privateFiles.id, storedName: privateFiles.storedName })
    .from(privateFiles)
    .where(and(lt(privateFiles.createdAt, cutoff), referencedByNothing(deps)))
    .all();
  const root = documentsDir(deps.config);
  for (const file of abandoned) {
    deps.db.delete(privateFiles).where(eq(privateFiles.id, file.id)).run();
    const path = resolve(root, file.storedName);
    if (path.startsWith(root + sep)) await rm(path, { force: true });
  }
  // An expired permit can no longer be used (its URL carries the expiry), so its row has no purpose left.
  deps.db.delete(uploadTokens).where(lt(uploadTokens.expiresAt, deps.clock.now())).run();

  const tmpDir = resolve(deps.config.privateDir, 'tmp');
  const partials = await readdir(tmpDir).catch(() => [] as string[]);
  for (const name of partials) {
    const info = await stat(join(tmpDir, name)).catch(() => null);
    if (info && info.mtimeMs < cutoff.getTime()) await rm(join(tmpDir, name), { force: true });
  }
  return abandoned.length;
}
