/**
 * Durability: a writer process creating payment receipts is killed with SIGKILL at random moments,
 * 20 times, over the same database. After every kill, every receipt it acknowledged is there with its number,
 * the receipt numbers run 1..N with no gap and match the year's counter (the counter bump and the receipt
 * are one transaction: a torn one would leave a gap), and `PRAGMA integrity_check` answers ok.
 *
 * The writes go through the `payments.create` procedure over the app's `openDatabase` (pragmas included)
 * rather than HTTP: a request is answered only after that synchronous commit has returned, so HTTP adds
 * nothing to what a kill can tear, and a bare procedure loop is not held back by a rate limiter or by a server
 * start per kill. A kill is a process crash; power loss is what `synchronous = FULL` is for (README).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleEntry, type Child, startNode } from '../helpers/child-process';

const KILLS = 20;

let writer: { file: string; remove(): void };
let dir: string;
let dbFile: string;
const CHILD_ID = 'durable-child';

beforeAll(async () => {
  writer = await bundleEntry('tests/ops/fixtures/receipt-writer.ts');
  dir = mkdtempSync(join(tmpdir(), 'childcare-durability-'));
  dbFile = join(dir, 'app.sqlite');
  copyFileSync(process.env.TEST_TEMPLATE_DB!, dbFile);
  const db = new Database(dbFile);
  db.prepare(
    "insert into enrolled_children (id, child_name, parent_name, parent_email, date_of_birth, program, start_date) values (?, 'Dana Durable', 'Durable Parent', 'durable.parent@example.com', '2023-03-01', 'preschool', '2025-09-01')",
  ).run(CHILD_ID);
  db.close();
});

afterAll(() => {
  writer?.remove();
  rmSync(dir, { recursive: true, force: true });
});

function inspect() {
  const db = new Database(dbFile);
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      receipts: new Map(
        db
          .prepare('select id, receipt_number as n from payment_receipts')
          .all()
          .map((r) => [(r as { id: string }).id, (r as { n: string }).n]),
      ),
      counter:
        (db.prepare("select last_number as n from receipt_number_counters where year = '2026'").get() as { n: number } | undefined)?.n ?? 0,
    };
  } finally {
    db.close();
  }
}

describe('durability', () => {
  it(`keeps every acknowledged write through ${KILLS} SIGKILLs at random moments`, async () => {
    const acknowledged = new Map<string, string>();
    const spawnWriter = () => startNode([writer.file, dbFile, CHILD_ID]);
    // Writers load their modules while the ones before them run (each opens the database only on "go").
    const queue: Child[] = [spawnWriter(), spawnWriter()];
    const delays: number[] = [];
    for (let round = 0; round < KILLS; round++) {
      const current = queue.shift()!;
      await current.waitForLine((l) => l === 'ready');
      if (round + queue.length + 1 < KILLS) queue.push(spawnWriter());
      current.process.stdin!.write('go\n');
      // A random moment: one kill in four while it opens the database, the others in the middle of its commits.
      const duringStart = round % 4 === 0;
      if (!duringStart) await current.waitForLine((l) => l !== 'ready');
      const delay = Math.floor(Math.random() * (duringStart ? 100 : 250));
      delays.push(delay);
      await new Promise((r) => setTimeout(r, delay));
      current.process.kill('SIGKILL');
      const { signal } = await current.exited;
      expect(signal, current.stderr()).toBe('SIGKILL');
      for (const line of current.lines.slice(1)) {
        const [id, number] = line.split(' ');
        acknowledged.set(id!, number!);
      }

      const state = inspect();
      const context = `after kill ${round + 1} (delays ${delays.join(', ')} ms, every fourth from the start, the others from the first write)`;
      expect(state.integrity, context).toBe('ok');
      for (const [id, number] of acknowledged) expect(state.receipts.get(id), `${context}: receipt ${number}`).toBe(number);
      const numbers = [...state.receipts.values()].sort();
      expect(numbers, context).toEqual(numbers.map((_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
      expect(state.counter, context).toBe(numbers.length);
    }
    // The kills did land among the writes, not only before them.
    expect(acknowledged.size).toBeGreaterThan(KILLS);
  }, 180_000);
});
