/**
 * The keyed audit chain and its anchor (ADR 064): what someone holding only the database file can do to the log
 * (edit a row and recompute every later hash, append a row, cut the newest rows, drop the triggers, change a
 * stored link alone) is each found by GET /api/admin/audit-log/verify; a backup carries the anchor, so the check
 * of a restored copy finds a cut tail; a log from before the key is checked, redacted and re-keyed once.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { auditLog } from '../../db/schema';
import { type Db, openDatabase } from '../../src/server/db';
import { recordAudit } from '../../src/server/audit/record';
import { fakeClock } from '../helpers/server';
import { createBackup, BACKUP_DATABASE } from '../../src/server/backup/backup';
import { AUDIT_ANCHOR_FILE, AUDIT_TRIGGERS, GENESIS_HASH, prepareAuditChain, verifyAuditChain } from '../../src/server/audit/chain';
import { startTestServer, type TestServer } from '../helpers/server';
import { json } from '../helpers/enrollment-fixtures';

type Verification = {
  ok: boolean;
  rows: number;
  firstBrokenId: number | null;
  anchorId: number | null;
  unanchored: boolean;
  tailMissing: boolean;
  triggersMissing: boolean;
};

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A server of its own (these tests break its log), a director, and `n` events created: n audit rows and more. */
async function withLog(n = 4) {
  const s = await startTestServer();
  servers.push(s);
  const admin = await s.adminCookie();
  for (let i = 0; i < n; i++) {
    const res = await s.request('/api/events', {
      method: 'POST',
      json: { title: `Chain ${i}`, description: 'Bring a hat', eventDate: '2026-12-04' },
      headers: { cookie: admin },
    });
    expect(res.status).toBe(201);
  }
  const verify = async () => {
    const res = await s.request('/api/admin/audit-log/verify', { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    return json<Verification>(res);
  };
  return { s, admin, verify, sqlite: s.db.$client };
}

const dropTriggers = (sqlite: Database.Database) => {
  for (const name of Object.keys(AUDIT_TRIGGERS)) sqlite.exec(`DROP TRIGGER ${name}`);
};
const putTriggersBack = (sqlite: Database.Database) => {
  for (const sql of Object.values(AUDIT_TRIGGERS)) sqlite.exec(sql);
};

/** The row's content as the chain hashes it (src/server/audit/chain.ts), for an attacker's own hash. */
function content(prevHash: string, r: typeof auditLog.$inferSelect): string {
  return JSON.stringify([prevHash, r.id, r.at.getTime(), r.actorId, r.actorName, r.action, r.entity, r.entityId, r.fields, r.address]);
}
const sha256 = (prev: string, r: typeof auditLog.$inferSelect) => createHash('sha256').update(content(prev, r)).digest('hex');

/** What a holder of the database alone can do: rewrite every hash from `fromId` on with a hash they can compute. */
function rehashFrom(db: Db, fromId: number, hash: (prev: string, r: typeof auditLog.$inferSelect) => string) {
  const rows = db.select().from(auditLog).orderBy(asc(auditLog.id)).all();
  const update = db.$client.prepare('UPDATE audit_log SET prev_hash = ?, hash = ? WHERE id = ?');
  let prev = GENESIS_HASH;
  for (const r of rows) {
    if (r.id >= fromId) {
      const h = hash(prev, r);
      update.run(prev, h, r.id);
      prev = h;
    } else prev = r.hash;
  }
}

const full = (v: Partial<Verification>): Verification => ({
  ok: false,
  rows: 0,
  firstBrokenId: null,
  anchorId: null,
  unanchored: false,
  tailMissing: false,
  triggersMissing: false,
  ...v,
});

describe('GET /api/admin/audit-log/verify', () => {
  it('an intact log is ok, anchored at its newest row', async () => {
    const { s, verify } = await withLog();
    const rows = s.count(auditLog);
    expect(await verify()).toEqual(full({ ok: true, rows, anchorId: rows }));
    // The anchor is outside the database, in the private folder, beside the key.
    expect(JSON.parse(readFileSync(join(s.config.privateDir, AUDIT_ANCHOR_FILE), 'utf8'))).toMatchObject({ id: rows });
  });

  it('a row edited and every later hash recomputed (plain SHA-256, or any key but the centre’s) is found', async () => {
    const { s, verify, sqlite } = await withLog();
    const rows = s.count(auditLog);
    const target = s.db.select().from(auditLog).orderBy(asc(auditLog.id)).all().at(-3)!;
    dropTriggers(sqlite);
    sqlite.prepare("UPDATE audit_log SET actor_name = 'Someone else' WHERE id = ?").run(target.id);
    rehashFrom(s.db, target.id, sha256);
    putTriggersBack(sqlite);
    expect(await verify()).toEqual(full({ rows, firstBrokenId: target.id, anchorId: rows, tailMissing: true }));

    const guessed = randomBytes(32);
    dropTriggers(sqlite);
    rehashFrom(s.db, target.id, (prev, r) => createHmac('sha256', guessed).update(content(prev, r)).digest('hex'));
    putTriggersBack(sqlite);
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: target.id });
  });

  it('a row appended behind the app’s back is found', async () => {
    const { s, verify, sqlite } = await withLog();
    const rows = s.count(auditLog);
    const last = s.db.select().from(auditLog).orderBy(asc(auditLog.id)).all().at(-1)!;
    const forged = { ...last, id: last.id + 1, actorName: 'Forged', action: 'delete' };
    sqlite
      .prepare(
        'INSERT INTO audit_log (id, at, actor_id, actor_name, action, entity, entity_id, fields, address, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        forged.id,
        forged.at.getTime(),
        forged.actorId,
        forged.actorName,
        forged.action,
        forged.entity,
        forged.entityId,
        JSON.stringify(forged.fields),
        forged.address,
        last.hash,
        sha256(last.hash, forged),
      );
    expect(await verify()).toEqual(full({ rows: rows + 1, firstBrokenId: forged.id, anchorId: rows }));
  });

  it('the newest rows cut off are found, and the anchor does not follow the cut when the app writes again', async () => {
    const { s, admin, verify, sqlite } = await withLog();
    const rows = s.count(auditLog);
    dropTriggers(sqlite);
    sqlite.prepare('DELETE FROM audit_log WHERE id > ?').run(rows - 2);
    putTriggersBack(sqlite);
    expect(await verify()).toEqual(full({ rows: rows - 2, anchorId: rows, tailMissing: true }));

    // New rows take the cut rows' ids and go past them: the anchor stays where it was, the cut stays visible.
    for (let i = 0; i < 4; i++)
      await s.request('/api/events', {
        method: 'POST',
        json: { title: `After the cut ${i}`, description: 'Bring a hat', eventDate: '2026-12-04' },
        headers: { cookie: admin },
      });
    expect(s.count(auditLog)).toBeGreaterThan(rows);
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: null, anchorId: rows, tailMissing: true });
  });

  it('missing or emptied append-only triggers are reported', async () => {
    const { s, verify, sqlite } = await withLog(1);
    const rows = s.count(auditLog);
    sqlite.exec('DROP TRIGGER audit_log_no_delete');
    expect(await verify()).toEqual(full({ rows, anchorId: rows, triggersMissing: true }));
    // A trigger of the same name that refuses nothing is no trigger.
    sqlite.exec('CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT 1; END');
    expect(await verify()).toMatchObject({ ok: false, triggersMissing: true });
    sqlite.exec('DROP TRIGGER audit_log_no_delete');
    sqlite.exec(AUDIT_TRIGGERS.audit_log_no_delete);
    expect(await verify()).toEqual(full({ ok: true, rows, anchorId: rows }));
  });

  it('a stored prev_hash changed alone is found', async () => {
    const { s, verify, sqlite } = await withLog();
    const rows = s.count(auditLog);
    const target = s.db.select().from(auditLog).orderBy(asc(auditLog.id)).all().at(-2)!;
    dropTriggers(sqlite);
    sqlite.prepare('UPDATE audit_log SET prev_hash = ? WHERE id = ?').run('f'.repeat(64), target.id);
    putTriggersBack(sqlite);
    expect(await verify()).toEqual(full({ rows, firstBrokenId: target.id, anchorId: rows }));
  });

  it('a log with rows and no anchor is reported as unanchored', async () => {
    const { s, verify } = await withLog(1);
    rmSync(join(s.config.privateDir, AUDIT_ANCHOR_FILE));
    expect(await verify()).toEqual(full({ rows: s.count(auditLog), unanchored: true }));
  });
});

describe('without a database file to open in a worker', () => {
  it('the check walks the log in slices on the request thread, and finds a stored prev_hash changed alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-memory-'));
    const db = openDatabase(':memory:');
    try {
      const ctx = { auth: null, clock: fakeClock(), ip: '127.0.0.1', config: { privateDir: join(dir, 'private') } };
      for (let i = 0; i < 5; i++)
        recordAudit(db, ctx, { action: 'create', entity: 'event', entityId: `e${i}`, fields: { title: 'Picnic' } });
      await Promise.resolve();
      expect(await verifyAuditChain(db, ctx.config.privateDir)).toEqual(full({ ok: true, rows: 5, anchorId: 5 }));
      dropTriggers(db.$client);
      db.$client.prepare('UPDATE audit_log SET prev_hash = ? WHERE id = 3').run('e'.repeat(64));
      putTriggersBack(db.$client);
      expect(await verifyAuditChain(db, ctx.config.privateDir)).toEqual(full({ rows: 5, firstBrokenId: 3, anchorId: 5 }));
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('backups carry the anchor', () => {
  it('the check of a backup copy finds rows cut from its end; an intact copy is ok', async () => {
    const { s } = await withLog();
    const rows = s.count(auditLog);
    const root = mkdtempSync(join(tmpdir(), 'audit-backup-'));
    try {
      const dir = createBackup(s.config, root);
      expect(existsSync(join(dir, 'private', AUDIT_ANCHOR_FILE))).toBe(true);
      const sqlite = new Database(join(dir, BACKUP_DATABASE));
      const copy = drizzle(sqlite, { schema }) as Db;
      try {
        expect(await verifyAuditChain(copy, join(dir, 'private'))).toEqual(full({ ok: true, rows, anchorId: rows }));
        dropTriggers(sqlite);
        sqlite.prepare('DELETE FROM audit_log WHERE id = ?').run(rows);
        putTriggersBack(sqlite);
        expect(await verifyAuditChain(copy, join(dir, 'private'))).toEqual(full({ rows: rows - 1, anchorId: rows, tailMissing: true }));
      } finally {
        sqlite.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a log from before the key', () => {
  /** Rows as the app wrote them before: plain SHA-256, free text in the fields, no anchor. */
  function writeUnkeyed(db: Db, fields: Record<string, unknown>[]) {
    rmSync(join(db.$client.name.replace(/[^/]*$/, ''), 'private', AUDIT_ANCHOR_FILE), { force: true });
    let prev = GENESIS_HASH;
    fields.forEach((f, i) => {
      const row = {
        id: i + 1,
        at: new Date(Date.UTC(2025, 0, 1 + i)),
        actorId: 'staff-1',
        actorName: 'Dana Director',
        action: 'update',
        entity: i % 2 ? 'child' : 'attendance',
        entityId: `record-${i}`,
        fields: f as Record<string, schema.AuditValue>,
        address: '192.168.1.20',
        before: null,
      };
      const hash = sha256(prev, { ...row, prevHash: prev, hash: '' });
      db.insert(auditLog)
        .values({ ...row, prevHash: prev, hash })
        .run();
      prev = hash;
    });
  }

  it('is checked, its free text redacted, and re-keyed once; the app then chains on it', async () => {
    const s = await startTestServer();
    servers.push(s);
    writeUnkeyed(s.db, [
      { kind: 'out', override: true, reason: 'Mother phoned at 3 PM', at: '2025-01-01T20:00:00.000Z' },
      { notes: 'Severe peanut allergy, EpiPen in the office', isActive: true },
      { childIds: 'a1, b2', status: 'approved' },
    ]);
    expect(prepareAuditChain(s.db, s.config.privateDir)).toBe('rekeyed');
    const rows = s.db.select().from(auditLog).orderBy(asc(auditLog.id)).all();
    expect(JSON.stringify(rows)).not.toMatch(/Mother phoned|peanut|EpiPen/);
    expect(rows.map((r) => r.fields)).toEqual([
      { kind: 'out', override: true, reason: 'changed', at: '2025-01-01T20:00:00.000Z' },
      { notes: 'changed', isActive: true },
      { childIds: 'a1, b2', status: 'approved' },
    ]);
    // Once only: a second start finds it keyed, and the triggers are back.
    expect(prepareAuditChain(s.db, s.config.privateDir)).toBe('keyed');
    expect(() => s.db.$client.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    const admin = await s.adminCookie();
    const verified = await json<Verification>(await s.request('/api/admin/audit-log/verify', { headers: { cookie: admin } }));
    expect(verified).toEqual(full({ ok: true, rows: s.count(auditLog), anchorId: s.count(auditLog) }));
  });

  it('a broken unkeyed log is left as found, and the check says so', async () => {
    const s = await startTestServer();
    servers.push(s);
    writeUnkeyed(s.db, [{ notes: 'one' }, { notes: 'two' }, { notes: 'three' }]);
    dropTriggers(s.db.$client);
    s.db.$client.prepare("UPDATE audit_log SET actor_name = 'Someone else' WHERE id = 2").run();
    putTriggersBack(s.db.$client);
    const before = s.db.select().from(auditLog).all();
    expect(prepareAuditChain(s.db, s.config.privateDir)).toBe('unkeyed-broken');
    expect(s.db.select().from(auditLog).all()).toEqual(before);
    expect(await verifyAuditChain(s.db, s.config.privateDir)).toMatchObject({ ok: false, firstBrokenId: 1, unanchored: true });
  });
});
