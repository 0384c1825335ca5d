/**
 * The centre hears from families. CENTRE_EMAIL gets a short notice (no private content)
 * for each new application, parent message and uploaded document; the applicant gets a confirmation; the
 * dashboard counts what staff have not seen (unread messages, new uploads, new applications).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communicationMessages } from '../../db/schema';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { decodeMime, json, sampleApplication } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily } from '../helpers/parent-fixtures';
import { loopbackSmtp } from '../helpers/smtp';

const OFFICE = 'office@centre.example';
const smtp = loopbackSmtp();
const s = sharedAdminServer(() => ({ env: { SMTP_URL: smtp.smtpUrl(), CENTRE_EMAIL: OFFICE } }));
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => decodeMime(m.raw));
const post = (path: string, body: unknown, opts: { headers: Record<string, string> }) =>
  s.request(path, { method: 'POST', json: body, ...opts });
const attention = () => s.caller('admin').overview.attention();

describe('a new application', () => {
  it('sends the applicant a confirmation with the child, the program, the start date asked for and what happens next', async () => {
    const res = await s.request('/api/enrollment', {
      method: 'POST',
      json: { ...sampleApplication, parentEmail: 'applicant@example.com' },
    });
    expect(res.status).toBe(201);
    const [mail, ...more] = mailsTo('applicant@example.com');
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: We received the enrollment application for Emma Lopez');
    expect(mail).toContain('Dear Maria,');
    expect(mail).toContain('Child: Emma Lopez');
    expect(mail).toContain('Program: Preschool Program (19 months - 4 years)');
    expect(mail).toContain('Desired start date: January 4, 2027');
    expect(mail).toContain('within 24 hours');
  });

  it('sends CENTRE_EMAIL a short notice without the family’s private details, and counts it as new until handled', async () => {
    const before = mailsTo(OFFICE).length;
    const pendingBefore = (await attention()).newApplications;
    const res = await s.request('/api/enrollment', {
      method: 'POST',
      json: { ...sampleApplication, parentEmail: 'second.applicant@example.com', allergies: 'Peanut-allergy-secret' },
    });
    const { application } = await json<{ application: { id: string } }>(res);
    const notices = mailsTo(OFFICE);
    expect(notices.length).toBe(before + 1);
    const notice = notices.at(-1)!;
    expect(notice).toContain('New enrollment application (Emma)');
    expect(notice).toContain(`${s.config.publicUrl}/admin?tab=applications`);
    for (const secret of ['Peanut-allergy-secret', 'second.applicant@example.com', '555-0199', '22 High Street', 'Lopez'])
      expect(notice).not.toContain(secret);
    expect((await attention()).newApplications).toBe(pendingBefore + 1);
    expect((await s.caller('admin').overview.counts()).attention.newApplications).toBe(pendingBefore + 1);
    await s.request(`/api/enrollment-applications/${application.id}/status`, {
      method: 'PATCH',
      json: { status: 'approved' },
      ...as(s.admin),
    });
    expect((await attention()).newApplications).toBe(pendingBefore);
  });
});

describe('a parent acts', () => {
  it('a message, urgent or not, sends CENTRE_EMAIL a notice without its words, and counts as unread until read', async () => {
    const fam = await enrolFamily(s, 'notices.family@example.com', ['Pia Notice']);
    const before = mailsTo(OFFICE).length;
    const unreadBefore = (await attention()).unreadMessages;
    expect(
      (await post('/api/parent/communications', { subject: 'Pick-up', content: 'Grandma-collects-secret' }, bearer(fam.token))).status,
    ).toBe(201);
    expect(
      (
        await post(
          '/api/parent/communications',
          { childId: fam.children[0]!.id, subject: 'Fever', content: 'Temperature-39.5', isUrgent: true },
          bearer(fam.token),
        )
      ).status,
    ).toBe(201);
    const notices = mailsTo(OFFICE).slice(before);
    expect(notices.length).toBe(2);
    expect(notices[0]).toContain('sent a message');
    expect(notices[1]).toContain('Subject: Urgent: New message from');
    expect(notices[1]).toContain('an urgent message about Pia Notice');
    for (const n of notices)
      for (const secret of ['Grandma-collects-secret', 'Temperature-39.5', 'Pick-up', 'Fever']) expect(n).not.toContain(secret);
    expect((await attention()).unreadMessages).toBe(unreadBefore + 2);
    const mine = s.db
      .select({ id: communicationMessages.id })
      .from(communicationMessages)
      .where(eq(communicationMessages.senderId, fam.parentId))
      .all();
    for (const m of mine) expect((await post(`/api/communications/${m.id}/mark-read`, {}, as(s.admin))).status).toBe(200);
    expect((await attention()).unreadMessages).toBe(unreadBefore);
  });

  it('an uploaded document sends CENTRE_EMAIL a notice without the file or the note, and counts as new until staff have seen it', async () => {
    const fam = await enrolFamily(s, 'uploads.family@example.com', ['Uma Upload']);
    const request = await json<{ id: string }>(
      await post(
        '/api/admin/document-requests',
        { childId: fam.children[0]!.id, title: 'Immunization record', description: 'Please' },
        as(s.admin),
      ),
    );
    const { uploadURL } = await json<{ uploadURL: string }>(await post('/api/objects/upload', undefined, bearer(fam.token)));
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect(
      (
        await s.request(uploadURL, {
          method: 'PUT',
          body: pdf,
          headers: { 'content-type': 'application/pdf', ...bearer(fam.token).headers },
        })
      ).ok,
    ).toBe(true);
    const before = mailsTo(OFFICE).length;
    const uploadsBefore = (await attention()).newUploads;
    const res = await post(
      `/api/parent/document-requests/${request.id}/respond`,
      { documentUrl: uploadURL, documentName: 'shots-2026-secret.pdf', message: 'Note-secret' },
      bearer(fam.token),
    );
    expect(res.status).toBe(200);
    const notice = mailsTo(OFFICE).slice(before);
    expect(notice.length).toBe(1);
    expect(notice[0]).toContain('Document uploaded for Uma Upload: Immunization record');
    for (const secret of ['shots-2026-secret', 'Note-secret', '/api/documents/']) expect(notice[0]).not.toContain(secret);
    expect((await attention()).newUploads).toBe(uploadsBefore + 1);
    expect((await s.caller('admin').overview.counts()).attention.newUploads).toBe(uploadsBefore + 1);
    expect((await post(`/api/trpc/communications.markResponseSeen`, { json: request.id }, as(s.admin))).status).toBe(200);
    expect((await attention()).newUploads).toBe(uploadsBefore);
  });

  it('refuses to mark seen a request that has no answer, or an unknown one (404), and a parent (403)', async () => {
    const fam = await enrolFamily(s, 'unanswered.family@example.com', ['Ned None']);
    const request = await json<{ id: string }>(
      await post('/api/admin/document-requests', { childId: fam.children[0]!.id, title: 'Form', description: 'Please' }, as(s.admin)),
    );
    await expect(s.caller('admin').communications.markResponseSeen(request.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(s.caller('admin').communications.markResponseSeen('no-such-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(s.caller('parent').communications.markResponseSeen(request.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
