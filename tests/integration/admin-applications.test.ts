import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolledChildren, outboxMessages } from '../../db/schema';
import { APPLICATION_STATUSES } from '../../src/shared/constants';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { insertApplication, json, sampleApplication, statusOf } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer();
const childrenOf = (applicationId: string) =>
  s.db.select({ id: enrolledChildren.id }).from(enrolledChildren).where(eq(enrolledChildren.applicationId, applicationId)).all();

/** Every admin path this part of the dashboard adds, with a body where it takes one. */
const ADMIN_PATHS: [string, string, unknown?][] = [
  ['GET', '/api/enrollment-applications'],
  ['PATCH', '/api/enrollment-applications/x/status', { status: 'approved' }],
  ['DELETE', '/api/enrollment-applications/x'],
  ['POST', '/api/enrollment-applications/x/enroll'],
  ['GET', '/api/admin/parent-emails'],
  ['GET', '/api/admin/enrolled-children'],
  ['POST', '/api/admin/enrolled-children', {}],
  ['PUT', '/api/admin/enrolled-children/x', {}],
  ['DELETE', '/api/admin/enrolled-children/x'],
  ['PATCH', '/api/admin/enrolled-children/x/toggle-active'],
  ['POST', '/api/admin/generate-parent-login/x'],
  ['POST', '/api/admin/reset-parent-password/x'],
  ['GET', '/api/admin/outbox'],
  ['GET', '/api/admin/outbox/x'],
  ['GET', '/api/admin/mail-status'],
];

describe('staff only', () => {
  it.each(ADMIN_PATHS)('%s %s answers 401 without a session and 403 to a parent', async (method, path, body) => {
    const anon = await s.request(path, { method, json: body });
    expect(anon.status).toBe(401);
    const { token } = await s.parentToken();
    const parent = await s.request(path, { method, json: body, headers: { authorization: `Bearer ${token}` } });
    expect(parent.status).toBe(403);
  });

  it('refuses the tRPC procedures without a session and to a parent', async () => {
    await expect(s.caller().applications.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(s.caller().children.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(s.caller().outbox.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const { token } = await s.parentToken();
    for (const path of ['applications.list', 'children.list', 'outbox.list', 'mail.status']) {
      const res = await s.request(`/api/trpc/${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(403);
    }
  });

  it('changes nothing for a refused write', async () => {
    const id = insertApplication(s);
    const res = await s.request(`/api/enrollment-applications/${id}/status`, { method: 'PATCH', json: { status: 'approved' } });
    expect(res.status).toBe(401);
    expect(statusOf(s, id)).toBe('pending');
  });
});

describe('GET /api/enrollment-applications', () => {
  it('lists every field of every application, newest first, with its enrolled child', async () => {
    const older = insertApplication(s, { childFirstName: 'Older', createdAt: new Date('2026-01-01T10:00:00Z') });
    const newer = insertApplication(s, { childFirstName: 'Newer', createdAt: new Date('2030-01-01T10:00:00Z') });
    const res = await s.request('/api/enrollment-applications', as(s.admin));
    expect(res.status).toBe(200);
    const list = await json<Record<string, unknown>[]>(res);
    const ids = list.map((a) => a.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const row = list.find((a) => a.id === older)!;
    expect(row).toMatchObject({ ...sampleApplication, childFirstName: 'Older', status: 'pending', enrolledChildId: null });
    expect(typeof row.createdAt).toBe('string');

    const viaTrpc = (await s.caller('admin').applications.list({ limit: 100 })).items;
    expect(viaTrpc.map((a) => a.id)).toEqual(ids);
    expect(viaTrpc.find((a) => a.id === older)!.createdAt).toBeInstanceOf(Date);
  });
});

describe('PATCH /api/enrollment-applications/{id}/status', () => {
  it('moves an application from any status to any status', async () => {
    const id = insertApplication(s);
    for (const status of [...APPLICATION_STATUSES].reverse()) {
      const res = await s.request(`/api/enrollment-applications/${id}/status`, {
        method: 'PATCH',
        json: { status, sendEmail: false },
        ...as(s.admin),
      });
      expect(res.status, status).toBe(200);
      const body = await json<{ success: boolean; application: { id: string; status: string }; emailSent: boolean }>(res);
      expect(body).toMatchObject({ success: true, application: { id, status }, emailSent: false });
      expect(statusOf(s, id)).toBe(status);
    }
  });

  it('sends no e-mail unless asked', async () => {
    const before = s.count(outboxMessages);
    const id = insertApplication(s);
    await s.request(`/api/enrollment-applications/${id}/status`, { method: 'PATCH', json: { status: 'waitlist' }, ...as(s.admin) });
    expect(statusOf(s, id)).toBe('waitlist');
    expect(s.count(outboxMessages)).toBe(before);
  });

  it.each([
    ['an unknown status', { status: 'accepted' }],
    ['no status', { sendEmail: true }],
    ['a sendEmail that is not a boolean', { status: 'approved', sendEmail: 'maybe' }],
  ])('answers 400 to %s and changes nothing', async (_name, body) => {
    const id = insertApplication(s);
    const res = await s.request(`/api/enrollment-applications/${id}/status`, { method: 'PATCH', json: body, ...as(s.admin) });
    expect(res.status).toBe(400);
    const err = await json<{ message: string; errors: Record<string, string> }>(res);
    expect(err.message).toBeTruthy();
    expect(Object.keys(err.errors).length).toBeGreaterThan(0);
    expect(statusOf(s, id)).toBe('pending');
  });

  it('says which status is wrong', async () => {
    const id = insertApplication(s);
    const res = await s.request(`/api/enrollment-applications/${id}/status`, {
      method: 'PATCH',
      json: { status: 'accepted' },
      ...as(s.admin),
    });
    expect((await json<{ errors: Record<string, string> }>(res)).errors.status).toBe('Please choose a valid status');
  });

  it('answers 404 for an unknown application', async () => {
    const res = await s.request('/api/enrollment-applications/no-such-id/status', {
      method: 'PATCH',
      json: { status: 'approved' },
      ...as(s.admin),
    });
    expect(res.status).toBe(404);
    expect((await json(res)).message).toBe('Application not found');
    await expect(s.caller('admin').applications.updateStatus({ id: 'no-such-id', status: 'approved' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('works the same through tRPC', async () => {
    const id = insertApplication(s);
    const out = await s.caller('admin').applications.updateStatus({ id, status: 'more-info' });
    expect(out).toMatchObject({ success: true, application: { id, status: 'more-info' }, emailRequested: false });
    expect(statusOf(s, id)).toBe('more-info');
  });
});

describe('DELETE /api/enrollment-applications/{id}', () => {
  it('deletes the application', async () => {
    const id = insertApplication(s);
    const res = await s.request(`/api/enrollment-applications/${id}`, { method: 'DELETE', ...as(s.admin) });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true, id });
    expect(statusOf(s, id)).toBeUndefined();
    const again = await s.request(`/api/enrollment-applications/${id}`, { method: 'DELETE', ...as(s.admin) });
    expect(again.status).toBe(404);
  });

  it('keeps a child enrolled from it, unlinked', async () => {
    const id = insertApplication(s, { status: 'approved' });
    const { child } = await s.caller('admin').applications.enroll(id);
    await s.caller('admin').applications.delete(id);
    const row = s.db
      .select({ id: enrolledChildren.id, applicationId: enrolledChildren.applicationId })
      .from(enrolledChildren)
      .where(eq(enrolledChildren.id, child.id))
      .get();
    expect(row).toEqual({ id: child.id, applicationId: null });
  });

  it('answers 400 to an id that is far too long', async () => {
    const res = await s.request(`/api/enrollment-applications/${'x'.repeat(100)}`, { method: 'DELETE', ...as(s.admin) });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/enrollment-applications/{id}/enroll', () => {
  it('refuses an application that is not approved, and enrolls nobody', async () => {
    for (const status of APPLICATION_STATUSES.filter((st) => st !== 'approved')) {
      const id = insertApplication(s, { status });
      const res = await s.request(`/api/enrollment-applications/${id}/enroll`, { method: 'POST', ...as(s.admin) });
      expect(res.status, status).toBe(409);
      expect((await json(res)).message).toBe('Only an approved application can be enrolled. Set its status to Approved first.');
      expect(childrenOf(id)).toEqual([]);
    }
  });

  it('creates the enrolled child from an approved application, once', async () => {
    const id = insertApplication(s, { status: 'approved', parentEmail: 'Maria.Lopez@Example.com' });
    const res = await s.request(`/api/enrollment-applications/${id}/enroll`, { method: 'POST', ...as(s.admin) });
    expect(res.status).toBe(201);
    const body = await json<{ success: boolean; message: string; child: Record<string, unknown> }>(res);
    expect(body.success).toBe(true);
    expect(body.message).toBe('Emma Lopez has been enrolled.');
    // The staff page says it from the staff catalogue: the id and its values (ADR 086).
    expect(body).toMatchObject({ notice: { id: 'staff.notice.enrolled', values: { child: 'Emma Lopez' } } });
    expect(body.child).toMatchObject({
      childName: 'Emma Lopez',
      parentName: 'Maria Lopez',
      parentEmail: 'maria.lopez@example.com',
      parentPhone: '(614) 555-0199',
      dateOfBirth: '2023-04-12',
      program: 'preschool',
      startDate: '2027-01-04',
      isActive: true,
      applicationId: id,
    });
    const notes = body.child.notes as string;
    for (const part of [
      'Allergies: Peanuts',
      'Medications: Inhaler as needed',
      'Medical conditions: Mild asthma',
      'Special instructions: Naps after lunch',
      'Pediatrician: Dr. Shah, (614) 555-0111',
      'Emergency contact: Rosa Lopez (Grandparent), (614) 555-0100',
    ]) {
      expect(notes).toContain(part);
    }
    // The relationship reads as the form's label, not the stored value.
    expect(notes).not.toContain('(grandparent)');

    const listed = (
      await json<{ id: string; enrolledChildId: string | null }[]>(await s.request('/api/enrollment-applications', as(s.admin)))
    ).find((a) => a.id === id);
    expect(listed?.enrolledChildId).toBe(body.child.id);

    const again = await s.request(`/api/enrollment-applications/${id}/enroll`, { method: 'POST', ...as(s.admin) });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('This application is already enrolled.');
    await expect(s.caller('admin').applications.enroll(id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This application is already enrolled.',
    });
    expect(childrenOf(id)).toHaveLength(1);
  });

  it('enrolls exactly once when two requests arrive together', async () => {
    const id = insertApplication(s, { status: 'approved' });
    const enroll = () => s.request(`/api/enrollment-applications/${id}/enroll`, { method: 'POST', ...as(s.admin) });
    const results = await Promise.all([enroll(), enroll(), enroll()]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(childrenOf(id)).toHaveLength(1);
  });

  it('enrolls exactly once when two tRPC calls race', async () => {
    const id = insertApplication(s, { status: 'approved' });
    const results = await Promise.allSettled([s.caller('admin').applications.enroll(id), s.caller('admin').applications.enroll(id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['CONFLICT']);
    expect(childrenOf(id)).toHaveLength(1);
  });

  it('answers 404 for an unknown application', async () => {
    const res = await s.request('/api/enrollment-applications/no-such-id/enroll', { method: 'POST', ...as(s.admin) });
    expect(res.status).toBe(404);
  });

  it('falls back to preschool for a program it does not know', async () => {
    const id = insertApplication(s, { status: 'approved', programRequested: 'mystery' });
    const { child } = await s.caller('admin').applications.enroll(id);
    expect(child.program).toBe('preschool');
  });
});
