/**
 * The audit trail (ADR 038): append-only at the database (triggers), a chain that finds a row
 * changed behind the app's back, and the director's paged, filtered list.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer();

type Row = {
  id: number;
  at: string;
  actorId: string | null;
  actorName: string;
  action: string;
  entity: string;
  entityId: string | null;
  fields: Record<string, unknown>;
  address: string;
};
const event = (title: string) => ({ title, description: 'Bring a hat', eventDate: '2026-12-04' });
const verify = async () =>
  json<{ ok: boolean; rows: number; firstBrokenId: number | null; anchorId: number | null; triggersMissing: boolean }>(
    await s.request('/api/admin/audit-log/verify', as(s.admin)),
  );

describe('append-only', () => {
  it('SQLite refuses UPDATE and DELETE on the table, even from outside the app', async () => {
    await s.request('/api/events', { method: 'POST', json: event('Trigger check'), ...as(s.admin) });
    const sqlite = s.db.$client;
    expect(() => sqlite.prepare("UPDATE audit_log SET actor_name = 'Someone else'").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    expect(s.count(auditLog)).toBeGreaterThan(0);
  });

  it('the chain verifies, and a row edited behind the app’s back (triggers dropped, as in the sqlite3 shell) is found', async () => {
    for (const title of ['Chain one', 'Chain two', 'Chain three'])
      await s.request('/api/events', { method: 'POST', json: event(title), ...as(s.admin) });
    const before = await verify();
    expect(before).toEqual({
      ok: true,
      rows: s.count(auditLog),
      firstBrokenId: null,
      anchorId: s.count(auditLog),
      unanchored: false,
      tailMissing: false,
      triggersMissing: false,
    });

    const target = s.db.select().from(auditLog).all().at(-2)!;
    const sqlite = s.db.$client;
    const triggers = sqlite.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'").all() as {
      sql: string;
    }[];
    expect(triggers).toHaveLength(2);
    sqlite.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete;');
    try {
      sqlite.prepare("UPDATE audit_log SET fields = json_set(fields, '$.title', 'Edited') WHERE id = ?").run(target.id);
      expect(await verify()).toMatchObject({ ok: false, rows: before.rows, firstBrokenId: target.id, triggersMissing: true });
      // Put back, the chain verifies again (the triggers are still dropped, and said so: ADR 064); a row removed
      // from the middle breaks the chain at the next row.
      sqlite.prepare('UPDATE audit_log SET fields = ? WHERE id = ?').run(JSON.stringify(target.fields), target.id);
      expect(await verify()).toMatchObject({ ok: false, firstBrokenId: null, triggersMissing: true });
      const middle = s.db.select().from(auditLog).all().at(-3)!;
      const saved = sqlite.prepare('SELECT * FROM audit_log WHERE id = ?').get(middle.id) as Record<string, unknown>;
      sqlite.prepare('DELETE FROM audit_log WHERE id = ?').run(middle.id);
      expect(await verify()).toMatchObject({ ok: false, firstBrokenId: middle.id + 1 });
      sqlite
        .prepare(
          'INSERT INTO audit_log (id, at, actor_id, actor_name, action, entity, entity_id, fields, address, prev_hash, hash) VALUES (@id, @at, @actor_id, @actor_name, @action, @entity, @entity_id, @fields, @address, @prev_hash, @hash)',
        )
        .run(saved);
      expect(await verify()).toMatchObject({ firstBrokenId: null });
    } finally {
      for (const t of triggers) sqlite.exec(t.sql);
    }
    expect((await verify()).ok).toBe(true);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('answers pages newest first with X-Next-Cursor, the documented fields, and the changed field names without secrets', async () => {
    const created = await json<{ id: string }>(
      await s.request('/api/events', { method: 'POST', json: event('Paged one'), ...as(s.admin) }),
    );
    await s.request(`/api/events/${created.id}`, { method: 'PUT', json: event('Paged one, renamed'), ...as(s.admin) });
    await s.request(`/api/events/${created.id}`, { method: 'DELETE', ...as(s.admin) });

    const res = await s.request(`/api/admin/audit-log?entity=event&entityId=${created.id}&limit=2`, as(s.admin));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const first = await json<Row[]>(res);
    expect(first.map((r) => r.action)).toEqual(['delete', 'update']);
    expect(Object.keys(first[0]!).sort()).toEqual(
      ['action', 'actorId', 'actorName', 'address', 'at', 'before', 'entity', 'entityId', 'fields', 'id', 'record'].sort(),
    );
    expect(first[1]).toMatchObject({
      actorName: 'Test Director',
      entity: 'event',
      entityId: created.id,
      fields: { title: 'Paged one, renamed' },
    });
    const cursor = res.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await s.request(`/api/admin/audit-log?entity=event&entityId=${created.id}&limit=2&cursor=${cursor}`, as(s.admin));
    expect((await json<Row[]>(next)).map((r) => r.action)).toEqual(['create']);
    expect(next.headers.get('x-next-cursor')).toBeNull();

    // Sign-ins are recorded; the password never is.
    await s.request('/api/admin/login', { method: 'POST', json: { email: 'director@example.com', password: 'director-pass-1' } });
    const signIns = await json<Row[]>(await s.request('/api/admin/audit-log?entity=session&limit=5', as(s.admin)));
    expect(signIns[0]).toMatchObject({ action: 'sign-in', actorName: 'Test Director' });
    const all = s.db.select().from(auditLog).all();
    expect(JSON.stringify(all)).not.toContain('director-pass-1');
  });

  it('filters by person and dates; bad filters are a 400', async () => {
    const me = await json<{ id: string }>(await s.request('/api/admin/me', as(s.admin)));
    const mine = await json<Row[]>(await s.request(`/api/admin/audit-log?actorId=${me.id}&limit=100`, as(s.admin)));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.actorId === me.id)).toBe(true);
    expect(await json(await s.request('/api/admin/audit-log?actorId=nobody', as(s.admin)))).toEqual([]);
    // The test clock stands at 2026-11-21 in the centre.
    expect((await json<Row[]>(await s.request('/api/admin/audit-log?from=2026-11-21&to=2026-11-21', as(s.admin)))).length).toBeGreaterThan(
      0,
    );
    expect(await json(await s.request('/api/admin/audit-log?from=2026-11-22', as(s.admin)))).toEqual([]);
    expect(await json(await s.request('/api/admin/audit-log?to=2026-11-20', as(s.admin)))).toEqual([]);
    for (const q of ['entity=spaceship', 'from=2026-13-01', 'from=2026-11-22&to=2026-11-21', 'limit=0', 'limit=101', 'cursor=nonsense']) {
      expect((await s.request(`/api/admin/audit-log?${q}`, as(s.admin))).status, q).toBe(400);
    }
  });

  it('no route updates or deletes the log', async () => {
    const row = s.db.select().from(auditLog).limit(1).get()!;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const res = await s.request(`/api/admin/audit-log/${row.id}`, { method, json: {}, ...as(s.admin) });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
    }
    expect(s.db.select().from(auditLog).where(eq(auditLog.id, row.id)).get()).toEqual(row);
  });
});
