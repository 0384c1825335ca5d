/**
 * A family's archive of their child (ADR 049): one ZIP, streamed by yazl as it is written, holding
 *
 * - `Record of {child}.pdf`: the attendance summary (a line per month), milestones achieved, development notes
 *   that are not private, activities (child-record-pdf.ts);
 * - `photos/`: the child's photos of the day (the stored whole picture, EXIF already stripped), only photos that
 *   tag this child, named by their centre date;
 * - `documents/`: the files the family sent in answer to the centre's document requests;
 * - `receipts/`: a receipt PDF for each payment recorded for the child.
 *
 * A parent's archive holds what the portal shows that parent: documents of their own requests, and receipts paid
 * from their own e-mail. Staff's holds everything of the child. Every name in the ZIP is made here: no path
 * separators, no control characters, nothing hidden, unique within its folder. Files are stored, not deflated:
 * PDFs and photos are compressed already, and storing costs the server no CPU.
 */
import { existsSync, createReadStream, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { ZipFile } from 'yazl';
import { loadPdfLibrary } from '../pdf/library';
import {
  childAchievements,
  childPhotos,
  childPhotoTags,
  dailyActivities,
  developmentNotes,
  documentRequests,
  enrolledChildren,
  milestones,
  paymentReceipts,
  privateFiles,
} from '~/db/schema';
import { centreDateOf } from '../../shared/centre-time';
import { type Language, t } from '../../shared/i18n';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { attendanceSummary } from '../attendance/report';
import { extensionOf, photoPath } from '../daily/photos';
import { documentsDir, DOWNLOAD_PATH } from '../documents/uploads';
import { logger } from '../logger';
import { receiptPdf } from '../payments/pdf';
import { childRecordPdf } from './child-record-pdf';
import { inChunks } from './csv';
import { milestoneIn } from '../../shared/i18n/milestones-es';
import { breathe } from '../services/rate-limit';

/**
 * Whose view of the record: a parent's (by their account e-mail, in their saved language) or staff's
 * (everything, in English).
 */
export type ArchiveScope = { kind: 'parent'; email: string; language: Language } | { kind: 'staff' };

export interface ArchiveDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

const NAME_MAX = 120;
// eslint-disable-next-line no-control-regex -- control characters are what is being removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A file or folder name safe in any unzip tool: NFC, no control or bidirectional characters, no path
 * separators or characters Windows refuses, no leading dots or trailing dots and spaces, at most NAME_MAX
 * characters (the extension kept), never empty.
 */
export function safeName(name: string, fallback = 'file'): string {
  let out = name
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(out)) out = `_${out}`;
  if ([...out].length > NAME_MAX) {
    const ext = /\.[A-Za-z0-9]{1,5}$/.exec(out)?.[0] ?? '';
    out =
      [...out.slice(0, out.length - ext.length)]
        .slice(0, NAME_MAX - ext.length)
        .join('')
        .trim() + ext;
  }
  return out || fallback;
}

/** Names unique within one folder of the ZIP, compared without case: "a.pdf", "a (2).pdf", ... */
function uniqueNames() {
  const taken = new Set<string>();
  return (name: string): string => {
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${base} (${i})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** The child as the record's heading shows it, or null for a child that does not exist. */
function childOf(db: Db, childId: string) {
  return (
    db
      .select({
        childName: enrolledChildren.childName,
        dateOfBirth: enrolledChildren.dateOfBirth,
        program: enrolledChildren.program,
        startDate: enrolledChildren.startDate,
        isActive: enrolledChildren.isActive,
      })
      .from(enrolledChildren)
      .where(eq(enrolledChildren.id, childId))
      .get() ?? null
  );
}

/**
 * The child's record as the PDF renders it, in the scope's view (never a private note): each part read in a turn
 * of its own (ADR 068), as years of activities and attendance take a while to read.
 */
async function recordOf(db: Db, child: NonNullable<ReturnType<typeof childOf>>, childId: string, madeOn: string) {
  await breathe();
  const activities = db
    .select({
      activityDate: dailyActivities.activityDate,
      category: dailyActivities.category,
      title: dailyActivities.title,
      description: dailyActivities.description,
      duration: dailyActivities.duration,
      skillsPracticed: dailyActivities.skillsPracticed,
      notes: dailyActivities.notes,
      authorName: dailyActivities.authorName,
    })
    .from(dailyActivities)
    .where(eq(dailyActivities.childId, childId))
    .orderBy(asc(dailyActivities.activityDate), asc(dailyActivities.createdAt))
    .all();
  await breathe();
  const notes = db
    .select({
      createdAt: developmentNotes.createdAt,
      category: developmentNotes.category,
      title: developmentNotes.title,
      content: developmentNotes.content,
      skillsObserved: developmentNotes.skillsObserved,
      developmentAreas: developmentNotes.developmentAreas,
      authorName: developmentNotes.authorName,
    })
    .from(developmentNotes)
    .where(and(eq(developmentNotes.childId, childId), eq(developmentNotes.isPrivate, false)))
    .orderBy(asc(developmentNotes.createdAt))
    .all()
    .map(({ createdAt, ...n }) => ({ ...n, createdOn: centreDateOf(createdAt) }));
  await breathe();
  const achieved = db
    .select({
      achievedAt: childAchievements.achievedAt,
      key: milestones.key,
      name: milestones.name,
      category: milestones.category,
      notes: childAchievements.notes,
      witnessedBy: childAchievements.witnessedBy,
    })
    .from(childAchievements)
    .innerJoin(milestones, eq(milestones.id, childAchievements.milestoneId))
    .where(eq(childAchievements.childId, childId))
    .orderBy(asc(childAchievements.achievedAt))
    .all();
  await breathe();
  const attendance = attendanceSummary(db, childId);
  return { ...child, madeOn, activities, notes, milestones: achieved, attendance };
}

/** The family's documents: files sent in answer to the child's document requests (the parent's own, for a parent). */
function documentsOf(deps: ArchiveDeps, childId: string, scope: ArchiveScope) {
  const rows = deps.db
    .select({ url: documentRequests.responseDocumentUrl, title: documentRequests.title })
    .from(documentRequests)
    .where(
      and(
        eq(documentRequests.childId, childId),
        isNotNull(documentRequests.responseDocumentUrl),
        scope.kind === 'parent' ? sql`lower(${documentRequests.parentId}) = ${scope.email.toLowerCase()}` : undefined,
      ),
    )
    .orderBy(asc(documentRequests.createdAt), asc(documentRequests.id))
    .all();
  const root = documentsDir(deps.config);
  const files: { path: string; name: string; size: number }[] = [];
  for (const row of rows) {
    const id = row.url!.startsWith(DOWNLOAD_PATH) ? row.url!.slice(DOWNLOAD_PATH.length) : '';
    if (!/^[0-9a-f-]{36}$/.test(id)) continue;
    const file = deps.db
      .select({ storedName: privateFiles.storedName, originalName: privateFiles.originalName, size: privateFiles.size })
      .from(privateFiles)
      .where(eq(privateFiles.id, id))
      .get();
    if (!file) continue;
    const path = resolve(root, file.storedName);
    // The stored name is the server's own, but a path that leaves the folder is never read.
    if (!path.startsWith(root + sep) || !existsSync(path)) continue;
    files.push({ path, name: file.originalName, size: file.size });
  }
  return files;
}

const PHOTO_CHUNK = 500;

/**
 * The child's photos of the day: only photos with a tag of this child (the tag's (child, takenAt, photo) index,
 * read by keyset a chunk at a time), oldest first, each the stored whole picture if its file is there.
 */
function photosOf(deps: ArchiveDeps, childId: string) {
  type Row = { id: string; takenAt: Date; date: string; storedName: string; originalName: string };
  const rows = inChunks<Row>(
    (last) =>
      deps.db
        .select({
          id: childPhotoTags.photoId,
          takenAt: childPhotoTags.takenAt,
          date: childPhotoTags.date,
          storedName: childPhotos.storedName,
          originalName: childPhotos.originalName,
        })
        .from(childPhotoTags)
        .innerJoin(childPhotos, eq(childPhotos.id, childPhotoTags.photoId))
        .where(
          and(
            eq(childPhotoTags.childId, childId),
            last
              ? or(
                  gt(childPhotoTags.takenAt, last.takenAt),
                  and(eq(childPhotoTags.takenAt, last.takenAt), gt(childPhotoTags.photoId, last.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(childPhotoTags.takenAt), asc(childPhotoTags.photoId))
        .limit(PHOTO_CHUNK)
        .all(),
    PHOTO_CHUNK,
  );
  const files: { path: string; name: string; size: number; takenAt: Date }[] = [];
  for (const row of rows) {
    const path = photoPath(deps.config, row.storedName);
    const info = path ? statSync(path, { throwIfNoEntry: false }) : undefined;
    if (!path || !info?.isFile()) continue;
    const base = row.originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || 'photo';
    files.push({ path, name: `${row.date} ${base}.${extensionOf(row.storedName)}`, size: info.size, takenAt: row.takenAt });
  }
  return files;
}

/** The child's receipts: those paid from the parent's e-mail for a parent, every one for staff. */
function receiptsOf(db: Db, childId: string, scope: ArchiveScope) {
  return db
    .select()
    .from(paymentReceipts)
    .where(
      and(
        eq(paymentReceipts.childId, childId),
        scope.kind === 'parent' ? sql`lower(${paymentReceipts.parentEmail}) = ${scope.email.toLowerCase()}` : undefined,
      ),
    )
    .orderBy(asc(paymentReceipts.paymentDate), asc(paymentReceipts.receiptNumber))
    .all();
}

export interface Archive {
  fileName: string;
  stream: ReadableStream<Uint8Array>;
}

/**
 * The archive of one child, or null for a child that does not exist. The caller has decided who may have it.
 * Each entry is made only when the ZIP reaches it: the record PDF drawn a few entries a turn of the event loop,
 * each receipt PDF in a turn of its own, each document and photo read from disk as it is written out; so the
 * archive never sits in memory whole, and the other requests are answered between its steps (ADR 068).
 * `done` is called once when the download ends, fails or is cancelled (the build's slot is given back then).
 */
let Zip: typeof ZipFile | null = null;

/**
 * What an archive is built with, loaded on the first archive and never at start (ADR 091): yazl and the PDF library.
 * The download awaits it before familyArchive (rest/exports.ts).
 */
export async function loadArchiveLibraries(): Promise<void> {
  await loadPdfLibrary();
  Zip ??= (await import('yazl')).ZipFile;
}

export function familyArchive(deps: ArchiveDeps, childId: string, scope: ArchiveScope, done: () => void = () => {}): Archive | null {
  const today = centreDateOf(deps.clock.now());
  const child = childOf(deps.db, childId);
  if (!child) return null;

  const language = scope.kind === 'parent' ? scope.language : 'en';
  const words = (key: Parameters<typeof t>[1], values?: Record<string, string>) => t(language, key, values);
  const folder = safeName(words('pdf.archive.folder', { child: child.childName, date: today }), 'archive');
  if (!Zip) throw new Error('loadArchiveLibraries() must resolve before familyArchive()');
  const zip = new Zip();
  const stored = { compress: false, mtime: deps.clock.now() };
  const recordName = `${words('pdf.record.title', { child: child.childName })}.pdf`;
  // The one entry deflated: the record PDF is drawn uncompressed (child-record-pdf.ts), and zlib compresses it
  // off the main thread as it streams.
  zip.addReadStreamLazy(`${folder}/${safeName(recordName, 'record.pdf')}`, { ...stored, compress: true }, (cb) => {
    recordOf(deps.db, child, childId, today)
      // The centre's milestones are named in the record's language; what staff wrote stays as written.
      .then((record) => childRecordPdf({ ...record, milestones: record.milestones.map((m) => milestoneIn(language, m)) }, language))
      .then(
        (pdf) => cb(null, Readable.from([pdf])),
        (err: Error) => cb(err, Readable.from([])),
      );
  });

  // The other entries are listed a kind a turn while the record is drawn, and the ZIP ends once all are added.
  const listed = async () => {
    await breathe();
    const photoName = uniqueNames();
    for (const photo of photosOf(deps, childId)) {
      zip.addReadStreamLazy(
        `${folder}/${words('pdf.archive.photos')}/${photoName(safeName(photo.name, 'photo.webp'))}`,
        { ...stored, mtime: photo.takenAt, size: photo.size },
        (cb) => cb(null, createReadStream(photo.path)),
      );
    }
    await breathe();
    const docName = uniqueNames();
    for (const doc of documentsOf(deps, childId, scope)) {
      zip.addReadStreamLazy(
        `${folder}/${words('pdf.archive.documents')}/${docName(safeName(doc.name, 'document'))}`,
        { ...stored, size: doc.size },
        (cb) => cb(null, createReadStream(doc.path)),
      );
    }
    await breathe();
    const receiptName = uniqueNames();
    for (const receipt of receiptsOf(deps.db, childId, scope)) {
      zip.addReadStreamLazy(
        `${folder}/${words('pdf.archive.receipts')}/${receiptName(safeName(`${words('pdf.archive.receiptFile', { number: receipt.receiptNumber })}.pdf`, 'receipt.pdf'))}`,
        stored,
        // Each receipt drawn in a turn of its own, after whatever else was waiting.
        (cb) =>
          setImmediate(() => {
            try {
              cb(null, Readable.from([receiptPdf(receipt, today, language)]));
            } catch (err) {
              cb(err as Error, Readable.from([]));
            }
          }),
      );
    }
    zip.end();
  };
  listed().catch((err: unknown) => zip.emit('error', err));

  const out = zip.outputStream as Readable;
  out.once('close', done);
  zip.on('error', (err: Error) => {
    logger.error({ err }, 'archive could not be written');
    out.destroy(err);
  });
  return {
    fileName: `${words('pdf.archive.zipName', { child: safeName(child.childName, 'child').replace(/[^A-Za-z0-9._-]+/g, '-'), date: today })}.zip`,
    stream: Readable.toWeb(out) as ReadableStream<Uint8Array>,
  };
}

/** The archive as a download: a ZIP, named, never sniffed, never stored by anyone (a family's records). */
export function archiveResponse(archive: Archive): Response {
  return new Response(archive.stream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${archive.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
