/** The CSV module: quoting parsed back by a real parser, the BOM, formula injection, and keyset chunks. */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvResponse, inChunks, safeCell } from '../../src/server/exports/csv';

describe('CSV', () => {
  it('prefixes every cell a spreadsheet would run, and nothing else', () => {
    for (const cell of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(safeCell(cell)).toBe(`'${cell}`);
    for (const cell of ['José', '1', 'a=b', ' =x']) expect(safeCell(cell)).toBe(cell);
    expect(safeCell(null)).toBe('');
    expect(safeCell(-5)).toBe("'-5");
  });

  it('streams a BOM, a header and rows that parse back exactly, accents, commas, quotes and newlines included', async () => {
    const rows = [
      ['Zoë Núñez', 'a, b', 'say "hi"', 'two\nlines'],
      ['=HYPERLINK("x")', '@x', '', 'ok'],
    ];
    const res = csvResponse('report 2026.csv', ['Name', 'A', 'B', 'C'], rows, (r) => r);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="report_2026.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = parse(new TextDecoder().decode(bytes.slice(3))) as string[][];
    expect(parsed).toEqual([['Name', 'A', 'B', 'C'], rows[0], ['\'=HYPERLINK("x")', "'@x", '', 'ok']]);
  });

  it('reads by keyset until a chunk comes back short', () => {
    const all = Array.from({ length: 7 }, (_, i) => i);
    const asked: (number | undefined)[] = [];
    const read = (last: number | undefined) => {
      asked.push(last);
      return all.filter((n) => last === undefined || n > last).slice(0, 3);
    };
    expect([...inChunks(read, 3)]).toEqual(all);
    expect(asked).toEqual([undefined, 2, 5]);
  });
});
