/**
 * The director's CSV exports: GET /api/admin/export/{applications,children,payments}.csv parsed back
 * with csv-parse: a BOM, a header row, RFC 4180 quoting of accents, commas, quotes and newlines, the formula
 * prefix on injection cells, the payments' date range (validated with a clear 400), every row once when there
 * are more rows than a chunk, director only, a rate per account, and an audit row per export.
 */
import { parse } from 'csv-parse/sync';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, paymentReceipts } from '../../db/schema';
import { EXPORT_CHUNK_ROWS, paymentsExport } from '../../src/server/exports/admin-exports';
import { inChunks } from '../../src/server/exports/csv';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { insertApplication, json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily } from '../helpers/parent-fixtures';

const HOSTILE = {
  accents: 'Zoë Muñoz-Ñúñez',
  comma: 'Columbus, Ohio',
  quote: 'She said "hi"',
  newline: 'Line one\nLine two',
  formula: '=HYPERLINK("http://evil.example","x")',
  plus: '+1 614',
  minus: '-2+3',
  at: '@SUM(A1)',
};

describe('director CSV exports', () => {
  const s = sharedAdminServer();
  const download = async (path: string, cookie = s.admin) => {
    const res = await s.request(path, as(cookie));
    const bytes = Buffer.from(await res.arrayBuffer());
    return { res, bytes, text: bytes.toString('utf8') };
  };
  const rowsOf = (bytes: Buffer) => {
    // A UTF-8 BOM first, so that Excel reads the accents.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return parse(bytes.subarray(3), { relax_column_count: false }) as string[][];
  };

  it('applications: header, quoting, accents, newlines and formula-safe cells, read back as they were written', async () => {
    const id = insertApplication(s, {
      parentFirstName: HOSTILE.accents,
      parentLastName: HOSTILE.formula,
      parentAddress: HOSTILE.comma,
      specialInstructions: HOSTILE.newline,
      allergies: HOSTILE.quote,
      medications: HOSTILE.plus,
      medicalConditions: HOSTILE.minus,
      howDidYouHear: HOSTILE.at,
      pediatricianName: '\tTabbed',
    });
    const { res, bytes } = await download('/api/admin/export/applications.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // RFC 4180: CRLF between records.
    expect(bytes.toString('utf8')).toContain('\r\n');
    const [header, ...rows] = rowsOf(bytes);
    expect(header![0]).toBe('Application ID');
    const col = (name: string) => header!.indexOf(name);
    const row = rows.find((r) => r[0] === id)!;
    expect(row).toBeDefined();
    expect(row.length).toBe(header!.length);
    expect(row[col('Parent first name')]).toBe(HOSTILE.accents);
    expect(row[col('Parent last name')]).toBe(`'${HOSTILE.formula}`);
    expect(row[col('Address')]).toBe(HOSTILE.comma);
    expect(row[col('Special instructions')]).toBe(HOSTILE.newline);
    expect(row[col('Allergies')]).toBe(HOSTILE.quote);
    expect(row[col('Medications')]).toBe(`'${HOSTILE.plus}`);
    expect(row[col('Medical conditions')]).toBe(`'${HOSTILE.minus}`);
    expect(row[col('How they heard of us')]).toBe(`'${HOSTILE.at}`);
    expect(row[col('Pediatrician')]).toBe("'\tTabbed");
    expect(row[col('Status')]).toBe('pending');
  });

  it('children: every enrolled child, active or not, with the parent and classroom columns', async () => {
    const child = await addChild(s, { childName: 'Élodie Brontë', notes: '@risk, "quoted"\nnext line', parentName: 'Ana Díaz' });
    await s.request(`/api/admin/enrolled-children/${child.id}/toggle-active`, { method: 'PATCH', ...as(s.admin) });
    const { res, bytes } = await download('/api/admin/export/children.csv');
    expect(res.status).toBe(200);
    const [header, ...rows] = rowsOf(bytes);
    const row = rows.find((r) => r[0] === child.id)!;
    expect(row[header!.indexOf('Child name')]).toBe('Élodie Brontë');
    expect(row[header!.indexOf('Parent name')]).toBe('Ana Díaz');
    expect(row[header!.indexOf('Notes')]).toBe(`'@risk, "quoted"\nnext line`);
    expect(row[header!.indexOf('Active')]).toBe('no');
  });

  it('payments: only the dates asked for, both ends included, oldest first', async () => {
    const family = await enrolFamily(s, 'payer@example.com', ['Pablo Payer']);
    const pay = async (paymentDate: string, notes: string) => {
      const res = await s.request('/api/admin/payment-receipts', {
        method: 'POST',
        json: {
          childId: family.children[0]!.id,
          parentName: 'Peña, "Pat"',
          parentEmail: family.email,
          amount: '125.50',
          paymentMethod: 'cash',
          paymentDate,
          paymentType: 'tuition',
          notes,
        },
        ...as(s.admin),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await json<{ receiptNumber: string }>(res)).receiptNumber;
    };
    await pay('2026-08-31', 'before');
    const first = await pay('2026-09-01', '=1+1');
    const last = await pay('2026-09-30', 'last day');
    await pay('2026-10-01', 'after');
    const { res, bytes } = await download('/api/admin/export/payments.csv?from=2026-09-01&to=2026-09-30');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('payments-2026-09-01-to-2026-09-30.csv');
    const [header, ...rows] = rowsOf(bytes);
    expect(rows.map((r) => r[0])).toEqual([first, last]);
    expect(rows[0]![header!.indexOf('Parent')]).toBe('Peña, "Pat"');
    expect(rows[0]![header!.indexOf('Notes')]).toBe("'=1+1");
    expect(rows[0]![header!.indexOf('Amount')]).toBe('125.50');
  });

  it('payments: a missing, malformed or backwards range is a clear 400, and nothing is recorded', async () => {
    const before = s.count(auditLog);
    for (const [query, message] of [
      ['', 'Please give from=YYYY-MM-DD.'],
      ['?from=2026-09-01', 'Please give to=YYYY-MM-DD.'],
      ['?from=2026-02-30&to=2026-03-01', 'from must be a date (YYYY-MM-DD).'],
      ['?from=09/01/2026&to=2026-09-30', 'from must be a date (YYYY-MM-DD).'],
      ['?from=2026-09-30&to=2026-09-01', 'from must be on or before to.'],
    ] as const) {
      const res = await s.request(`/api/admin/export/payments.csv${query}`, as(s.admin));
      expect(res.status, query).toBe(400);
      expect(await json(res), query).toEqual({ message });
    }
    expect(s.count(auditLog)).toBe(before);
  });

  it('reads in chunks: more payments than a chunk come out once each, in order, over several reads', async () => {
    const n = EXPORT_CHUNK_ROWS * 2 + 7;
    const rows = Array.from({ length: n }, (_, i) => ({
      childName: 'Chunky Child',
      parentName: 'Chunk Parent',
      parentEmail: 'chunk@example.com',
      paymentType: 'tuition',
      amount: '1.00',
      paymentMethod: 'cash',
      // Many on the same date and at the same moment: the receipt number breaks the tie.
      paymentDate: `2025-03-${String(1 + (i % 3)).padStart(2, '0')}`,
      receiptNumber: `2025-C${String(i).padStart(6, '0')}`,
      createdAt: new Date('2025-03-05T12:00:00Z'),
    }));
    s.db.insert(paymentReceipts).values(rows).run();

    // The reader pages: ceil(n / chunk) full reads and one short one, never the whole table at once.
    const csv = paymentsExport(s.db, { from: '2025-03-01', to: '2025-03-31' });
    const sizes: number[] = [];
    const counted = (last: Parameters<typeof csv.readAfter>[0]) => {
      const chunk = csv.readAfter(last);
      sizes.push(chunk.length);
      return chunk;
    };
    expect([...inChunks(counted, EXPORT_CHUNK_ROWS)]).toHaveLength(n);
    expect(sizes).toEqual([EXPORT_CHUNK_ROWS, EXPORT_CHUNK_ROWS, 7]);

    const { res, bytes } = await download('/api/admin/export/payments.csv?from=2025-03-01&to=2025-03-31');
    expect(res.status).toBe(200);
    const [, ...got] = rowsOf(bytes);
    const expected = [...rows].sort((a, b) => a.paymentDate.localeCompare(b.paymentDate) || a.receiptNumber.localeCompare(b.receiptNumber));
    expect(got.map((r) => r[0])).toEqual(expected.map((r) => r.receiptNumber));
  });

  it('is for the director only: a teacher and a parent get 403, a visitor 401', async () => {
    const teacher = await s.adminCookie('export.teacher@example.com', 'teacher');
    const family = await enrolFamily(s, 'export.parent@example.com', ['Ezra Export']);
    for (const path of ['applications.csv', 'children.csv', 'payments.csv?from=2026-01-01&to=2026-12-31']) {
      const url = `/api/admin/export/${path}`;
      expect((await s.request(url)).status, url).toBe(401);
      expect((await s.request(url, as(teacher))).status, url).toBe(403);
      expect((await s.request(url, bearer(family.token))).status, url).toBe(403);
    }
  });

  it('records each export in the audit log, with who and what', async () => {
    const res = await s.request('/api/admin/export/payments.csv?from=2026-01-01&to=2026-12-31', as(s.admin));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const row = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(row).toMatchObject({ action: 'export', entity: 'receipt', actorName: 'Test Director' });
    expect(row.fields).toMatchObject({ file: 'payments-2026-01-01-to-2026-12-31.csv', from: '2026-01-01', to: '2026-12-31' });
  });

  it('is rated per account: past the limit a 429 with Retry-After, and another director is not slowed', async () => {
    const busy = await s.adminCookie('busy.director@example.com');
    let res: Response;
    let n = 0;
    do {
      res = await s.request('/api/admin/export/children.csv', as(busy));
      await res.arrayBuffer();
      n++;
    } while (res.status === 200 && n < 100);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await s.request('/api/admin/export/children.csv', as(await s.adminCookie('calm.director@example.com')));
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });
});
