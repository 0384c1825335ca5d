import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * CSV downloads (the director's exports, the monthly attendance report): RFC 4180 quoting by `csv-stringify`,
 * UTF-8 with a BOM so that Excel reads accents, cells safe from formula injection, and streamed: rows are read
 * a chunk at a time, so ten years of data never sit in memory at once.
 */

/** A cell a spreadsheet would run as a formula (`= + - @`, a tab or a CR first) gets a leading `'`. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Rows read by keyset, `size` at a time: `readAfter(last)` answers the next chunk after the last row of the
 * previous one (undefined first). Each chunk is one finished query (`.all()`), never an open iterator, so the
 * database is free for other requests between chunks while the download goes out.
 */
export function* inChunks<T>(readAfter: (last: T | undefined) => T[], size: number): Generator<T> {
  let last: T | undefined;
  for (;;) {
    const chunk = readAfter(last);
    yield* chunk;
    if (chunk.length < size) return;
    last = chunk[chunk.length - 1];
  }
}

/** A streamed CSV answer: the header row, then each row as `toRow` makes it; `no-store`, as an attachment. */
export function csvResponse<T>(
  filename: string,
  header: readonly string[],
  rows: Iterable<T>,
  toRow: (row: T) => readonly unknown[],
): Response {
  const source = Readable.from(
    (function* () {
      for (const row of rows) yield toRow(row).map(safeCell);
    })(),
    { objectMode: true },
  );
  const csv = source.pipe(stringify({ bom: true, header: true, columns: header.map((h) => safeCell(h)), record_delimiter: 'windows' }));
  source.on('error', (error) => csv.destroy(error));
  return new Response(Readable.toWeb(csv) as ReadableStream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
  });
}
