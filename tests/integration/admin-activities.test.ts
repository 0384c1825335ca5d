/**
 * The admin Activities tab's paths: activities and notes (validation, correction, deletion), weekly reports
 * and milestone achievements, with the e-mails received by a real SMTP server on loopback.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, childAchievements, dailyActivities, developmentNotes, milestones } from '../../db/schema';
import { NOTHING_TO_REPORT } from '../../src/shared/schemas/development';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { decodeMime, json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily } from '../helpers/parent-fixtures';
import { loopbackSmtp } from '../helpers/smtp';
import PostalMime from 'postal-mime';
import { english } from '../helpers/english';

const activity = {
  activityDate: '2026-11-18',
  category: 'outdoor',
  title: 'Leaf hunt',
  description: 'Collected leaves in the garden',
  duration: '45',
  skillsPracticed: ' sorting , counting,, colours ',
  enjoymentLevel: 5,
  participationLevel: 'eager',
};

describe('activities and notes', () => {
  const s = sharedAdminServer();

  it('adds an activity with every field: duration as whole minutes, skills split and trimmed', async () => {
    const child = await addChild(s);
    const res = await s.request('/api/admin/daily-activities', {
      method: 'POST',
      json: { ...activity, childId: child.id },
      ...as(s.admin),
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      duration: 45,
      skillsPracticed: ['sorting', 'counting', 'colours'],
      enjoymentLevel: 5,
      participationLevel: 'eager',
      category: 'outdoor',
    });
    const tab = await json<{ data: { activities: { title: string }[]; developmentNotes: unknown[] } }>(
      await s.request(`/api/admin/child-activities/${child.id}`, as(s.admin)),
    );
    expect(tab.data.activities.map((a) => a.title)).toEqual(['Leaf hunt']);
    expect(tab.data.developmentNotes).toEqual([]);
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ description: '  ' }, 'description', 'Description is required'],
    [{ activityDate: '' }, 'activityDate', 'Date is required'],
    [{ category: 'naps' }, 'category', 'Please choose a category'],
    [{ enjoymentLevel: 6 }, 'enjoymentLevel', 'Enjoyment must be a whole number from 1 to 5'],
    [{ enjoymentLevel: 0 }, 'enjoymentLevel', 'Enjoyment must be a whole number from 1 to 5'],
    [{ duration: '12.5' }, 'duration', 'Duration must be a whole number of minutes (1 to 1440)'],
    [{ duration: 'soon' }, 'duration', 'Duration must be a whole number of minutes (1 to 1440)'],
    [{ participationLevel: 'sleepy' }, 'participationLevel', 'Please choose eager, willing, reluctant or observer'],
  ])('refuses %j with a clear 400 and stores nothing', async (change, field, message) => {
    const child = await addChild(s);
    const before = s.count(dailyActivities);
    const res = await s.request('/api/admin/daily-activities', {
      method: 'POST',
      json: { ...activity, childId: child.id, ...change },
      ...as(s.admin),
    });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string> }>(res)).errors[field]).toBe(message);
    expect(s.count(dailyActivities)).toBe(before);
  });

  it('answers 404 for an unknown child, activity or note', async () => {
    expect(
      (await s.request('/api/admin/daily-activities', { method: 'POST', json: { ...activity, childId: 'nope' }, ...as(s.admin) })).status,
    ).toBe(404);
    expect(
      (
        await s.request('/api/admin/development-notes', {
          method: 'POST',
          json: { childId: 'nope', category: 'social', title: 't', content: 'c' },
          ...as(s.admin),
        })
      ).status,
    ).toBe(404);
    expect((await s.request('/api/admin/child-activities/nope', as(s.admin))).status).toBe(404);
    expect((await s.request('/api/admin/daily-activities/nope', { method: 'PUT', json: activity, ...as(s.admin) })).status).toBe(404);
    expect((await s.request('/api/admin/development-notes/nope', { method: 'DELETE', ...as(s.admin) })).status).toBe(404);
  });

  it('corrects and deletes an activity and a note; the parent sees the change', async () => {
    const fam = await enrolFamily(s, 'correct.parent@example.com', ['Kit Kay']);
    const childId = fam.children[0]!.id;
    const made = await json<{ id: string }>(
      await s.request('/api/admin/daily-activities', { method: 'POST', json: { ...activity, childId }, ...as(s.admin) }),
    );
    const fixed = await s.request(`/api/admin/daily-activities/${made.id}`, {
      method: 'PUT',
      json: { ...activity, title: 'Leaf hunt (corrected)' },
      ...as(s.admin),
    });
    expect(fixed.status).toBe(200);
    expect((await json<{ title: string }[]>(await s.request(`/api/parent/daily-activities/${childId}`, bearer(fam.token))))[0]!.title).toBe(
      'Leaf hunt (corrected)',
    );

    const note = await json<{ id: string; authorName: string }>(
      await s.request('/api/admin/development-notes', {
        method: 'POST',
        json: {
          childId,
          category: 'creativity',
          title: 'Drew a sun',
          content: 'Yellow',
          skillsObserved: 'drawing',
          developmentAreas: 'fine motor',
        },
        ...as(s.admin),
      }),
    );
    expect(note.authorName).toBe('Test Director');
    // Made private after the fact: the parent no longer sees it.
    await s.request(`/api/admin/development-notes/${note.id}`, {
      method: 'PUT',
      json: { category: 'creativity', title: 'Drew a sun', content: 'Yellow', isPrivate: true },
      ...as(s.admin),
    });
    expect(await json(await s.request(`/api/parent/development-notes/${childId}`, bearer(fam.token)))).toEqual([]);

    expect((await s.request(`/api/admin/daily-activities/${made.id}`, { method: 'DELETE', ...as(s.admin) })).status).toBe(200);
    expect((await s.request(`/api/admin/development-notes/${note.id}`, { method: 'DELETE', ...as(s.admin) })).status).toBe(200);
    expect(s.db.select().from(developmentNotes).where(eq(developmentNotes.id, note.id)).get()).toBeUndefined();
    expect(await json(await s.request(`/api/parent/daily-activities/${childId}`, bearer(fam.token)))).toEqual([]);
  });

  it('shows 5 of each, newest first', async () => {
    const child = await addChild(s);
    for (let d = 1; d <= 7; d++)
      await s.request('/api/admin/daily-activities', {
        method: 'POST',
        json: { ...activity, childId: child.id, activityDate: `2026-11-0${d}`, title: `Day ${d}` },
        ...as(s.admin),
      });
    const tab = await json<{ data: { activities: { title: string }[] } }>(
      await s.request(`/api/admin/child-activities/${child.id}`, as(s.admin)),
    );
    expect(tab.data.activities.map((a) => a.title)).toEqual(['Day 7', 'Day 6', 'Day 5', 'Day 4', 'Day 3']);
  });

  it('refuses a weekly report without both dates: Missing Dates', async () => {
    const child = await addChild(s);
    for (const body of [{}, { weekStartDate: '2026-11-15' }, { weekStartDate: '', weekEndDate: '2026-11-21' }]) {
      const res = await s.request(`/api/admin/send-activity-report/${child.id}`, { method: 'POST', json: body, ...as(s.admin) });
      expect(res.status).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe(
        'Missing Dates: Please select both start and end dates for the weekly report',
      );
    }
  });

  it('refuses a weekly report that ends before it starts, at the end date', async () => {
    const child = await addChild(s);
    const res = await s.request(`/api/admin/send-activity-report/${child.id}`, {
      method: 'POST',
      json: { weekStartDate: '2026-11-21', weekEndDate: '2026-11-15' },
      ...as(s.admin),
    });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string> }>(res)).errors).toEqual({
      weekEndDate: 'The end date must not be before the start date',
    });
  });

  it("asks for a milestone when none is chosen, in people's words (not 'An id is required')", async () => {
    const child = await addChild(s);
    for (const milestoneId of ['', undefined]) {
      const res = await s.request('/api/admin/child-achievements', {
        method: 'POST',
        json: { childId: child.id, milestoneId, achievedAt: '2026-11-20' },
        ...as(s.admin),
      });
      expect(res.status).toBe(400);
      expect((await json<{ errors: Record<string, string> }>(res)).errors.milestoneId).toBe('Please choose a milestone');
    }
  });
});

describe('weekly report and achievement e-mails (real SMTP on loopback)', () => {
  const mail = loopbackSmtp();
  const s = sharedAdminServer(() => ({ env: { SMTP_URL: mail.smtpUrl() } }));

  it('refuses a week with nothing to report, at its start date, over REST and tRPC: nothing is sent or audited', async () => {
    const fam = await enrolFamily(s, 'empty.week@example.com', ['Nell Nash']);
    const childId = fam.children[0]!.id;
    const post = (path: string, body: object) => s.request(path, { method: 'POST', json: { childId, ...body }, ...as(s.admin) });
    // Something the week's report would not show: an activity of the week after, and a private note (kept for staff).
    await post('/api/admin/daily-activities', { ...activity, activityDate: '2026-11-22', title: 'Next week' });
    await post('/api/admin/development-notes', { category: 'social', title: 'Staff only', content: 'Private', isPrivate: true });
    const week = { weekStartDate: '2026-11-15', weekEndDate: '2026-11-21' };
    const audits = () =>
      s.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'report'))
        .all()
        .filter((r) => r.entityId === childId).length;
    const before = mail.received.length;

    const rest = await s.request(`/api/admin/send-activity-report/${childId}`, { method: 'POST', json: week, ...as(s.admin) });
    expect(rest.status).toBe(400);
    expect(await json(rest)).toMatchObject({ message: english(NOTHING_TO_REPORT), errors: { weekStartDate: english(NOTHING_TO_REPORT) } });
    const trpc = await s.request('/api/trpc/development.sendWeeklyReport', {
      method: 'POST',
      json: { json: { childId, ...week } },
      ...as(s.admin),
    });
    expect(trpc.status).toBe(400);
    expect(await json(trpc)).toMatchObject({
      error: { json: { message: english(NOTHING_TO_REPORT), data: { fieldErrors: { weekStartDate: english(NOTHING_TO_REPORT) } } } },
    });
    expect(mail.received).toHaveLength(before);
    expect(audits()).toBe(0);

    // One note the parents may read is something to report: the week is sent.
    await post('/api/admin/development-notes', { category: 'language', title: 'Sang a song', content: 'All the verses' });
    const sent = await s.request(`/api/admin/send-activity-report/${childId}`, { method: 'POST', json: week, ...as(s.admin) });
    expect(sent.status).toBe(200);
    expect(mail.received).toHaveLength(before + 1);
    expect(audits()).toBe(1);
  });

  it('sends the week’s activities, public notes and skills to the parents, never a private note', async () => {
    const fam = await enrolFamily(s, 'weekly.parent@example.com', ['Lou Lane']);
    const childId = fam.children[0]!.id;
    const post = (path: string, body: object) => s.request(path, { method: 'POST', json: { childId, ...body }, ...as(s.admin) });
    await post('/api/admin/daily-activities', {
      ...activity,
      activityDate: '2026-11-15',
      title: 'Sunday painting',
      skillsPracticed: 'painting',
    });
    await post('/api/admin/daily-activities', { ...activity, activityDate: '2026-11-21', title: 'Saturday leaves' });
    await post('/api/admin/daily-activities', { ...activity, activityDate: '2026-11-22', title: 'Next week jump' });
    await post('/api/admin/development-notes', {
      category: 'language',
      title: 'Told a story',
      content: 'About a dragon',
      skillsObserved: 'narrative',
    });
    await post('/api/admin/development-notes', {
      category: 'social',
      title: 'Confidential concern',
      content: 'Staff only',
      isPrivate: true,
    });

    const before = mail.received.length;
    const res = await s.request(`/api/admin/send-activity-report/${childId}`, {
      method: 'POST',
      json: { weekStartDate: '2026-11-15', weekEndDate: '2026-11-21' },
      ...as(s.admin),
    });
    expect(res.status).toBe(200);
    const body = await json<{ success: boolean; reportData: { parent: { name: string; email: string }; summary: unknown } }>(res);
    expect(body.success).toBe(true);
    expect(body.reportData.parent).toEqual({ name: 'Jin Park', email: 'weekly.parent@example.com' });
    // The staff page says the outcome from the staff catalogue: the id and its values (ADR 086).
    expect(body).toMatchObject({
      message: 'The weekly report for Lou Lane was sent to weekly.parent@example.com.',
      notice: { id: 'staff.notice.reportSent', values: { child: 'Lou Lane', recipients: 'weekly.parent@example.com' } },
    });
    expect(body.reportData.summary).toEqual({
      totalActivities: 2,
      totalNotes: 1,
      skillsPracticed: ['colours', 'counting', 'painting', 'sorting'],
    });

    expect(mail.received).toHaveLength(before + 1);
    const m = mail.received.at(-1)!;
    expect(m.to).toEqual(['weekly.parent@example.com']);
    const text = decodeMime(m.raw);
    expect(text).toMatch(/^Subject: Lou Lane's weekly report: Sun, Nov 15, 2026 to Sat, Nov 21, 2026$/m);
    for (const words of ['Sunday painting', 'Saturday leaves', 'Told a story', 'Skills practiced: colours, counting, painting, sorting'])
      expect(text).toContain(words);
    for (const words of ['Next week jump', 'Confidential concern', 'Staff only']) expect(text).not.toContain(words);
    expect(JSON.stringify(body)).not.toContain('Confidential concern');
  });

  it('records an achievement, tells the parent by e-mail, shows it earned in the portal and only shared notes publicly', async () => {
    const fam = await enrolFamily(s, 'proud.parent@example.com', ['Max Moss'], [{ dateOfBirth: '2023-05-10' }]);
    const childId = fam.children[0]!.id;
    const milestone = s.db.select().from(milestones).where(eq(milestones.ageRange, '3-4years')).get()!;
    const before = mail.received.length;
    const res = await s.request('/api/admin/child-achievements', {
      method: 'POST',
      json: {
        childId,
        milestoneId: milestone.id,
        achievedAt: '2026-11-20',
        notes: 'Max did it at snack time',
        witnessedBy: 'Ms. Rivera',
        celebrationLevel: 'special',
      },
      ...as(s.admin),
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      emailSent: true,
      achievement: { parentNotified: true, sharePublicly: false },
      message: "Recorded. Max Moss's parents were told by e-mail.",
      notice: { id: 'staff.notice.milestoneTold', values: { child: 'Max Moss' } },
    });
    expect(mail.received).toHaveLength(before + 1);
    const text = decodeMime(mail.received.at(-1)!.raw);
    expect(mail.received.at(-1)!.to).toEqual(['proud.parent@example.com']);
    expect(text).toContain(`Max Moss reached a milestone: ${milestone.name}`);
    expect(text).toContain('Witnessed by Ms. Rivera.');

    // Twice is a conflict, not a second row.
    expect(
      (
        await s.request('/api/admin/child-achievements', {
          method: 'POST',
          json: { childId, milestoneId: milestone.id, achievedAt: '2026-11-20' },
          ...as(s.admin),
        })
      ).status,
    ).toBe(409);

    const tab = await json<{ ageBand: string; achievedMilestoneIds: string[]; milestones: { id: string }[] }>(
      await s.request(`/api/parent/milestones/${childId}`, bearer(fam.token)),
    );
    expect(tab.ageBand).toBe('3-4years');
    expect(tab.milestones.some((m) => m.id === milestone.id)).toBe(true);
    expect(tab.achievedMilestoneIds).toEqual([milestone.id]);

    // The public lists: no child id, name or photo, and the notes only when shared.
    for (const path of ['/api/achievements', '/api/achievements/recent']) {
      const text = await (await s.request(path)).text();
      expect(text).not.toContain(childId);
      expect(text).not.toContain('Max');
      expect(text).not.toContain('photoUrl');
      const list = JSON.parse(text) as { milestoneId: string; notes: string | null }[];
      expect(list.find((a) => a.milestoneId === milestone.id)!.notes).toBeNull();
    }
    const shared = s.db.select().from(milestones).where(eq(milestones.ageRange, '3-4years')).all()[1]!;
    await s.request('/api/admin/child-achievements', {
      method: 'POST',
      json: { childId, milestoneId: shared.id, achievedAt: '2026-11-21', notes: 'Counted to twenty', sharePublicly: true },
      ...as(s.admin),
    });
    const list = await json<{ milestoneId: string; notes: string | null }[]>(await s.request('/api/achievements'));
    expect(list.find((a) => a.milestoneId === shared.id)!.notes).toBe('Counted to twenty');
    expect(s.count(childAchievements)).toBe(2);
  });
});

describe("a Spanish-speaking parent's e-mails (real SMTP on loopback)", () => {
  const mail = loopbackSmtp();
  const s = sharedAdminServer(() => ({ env: { SMTP_URL: mail.smtpUrl() } }));

  it('the weekly report, a milestone reached and a password reset link come in Spanish; an English parent gets the English', async () => {
    const fam = await enrolFamily(s, 'semana.es@example.com', ['Inés Vega'], [{ dateOfBirth: '2022-05-10' }]);
    const childId = fam.children[0]!.id;
    const saved = await s.request('/api/parent/preferences', { method: 'PATCH', json: { language: 'es' }, ...bearer(fam.token) });
    expect(saved.status).toBe(200);
    const post = (path: string, body: object) => s.request(path, { method: 'POST', json: { childId, ...body }, ...as(s.admin) });
    const lastTo = async (address: string) => {
      const parsed = await PostalMime.parse(mail.received.filter((m) => m.to.includes(address)).at(-1)!.raw);
      return `Subject: ${parsed.subject}\n${parsed.text}`;
    };

    expect(
      (
        await post('/api/admin/daily-activities', {
          activityDate: '2026-11-16',
          category: 'creative',
          title: 'Pintura',
          description: 'Con los dedos',
        })
      ).status,
    ).toBe(201);
    expect(
      (await post('/api/admin/send-activity-report/' + childId, { weekStartDate: '2026-11-15', weekEndDate: '2026-11-21' })).status,
    ).toBe(200);
    const weekly = await lastTo('semana.es@example.com');
    expect(weekly).toMatch(/^Subject: Informe semanal de Inés Vega: del /m);
    expect(weekly).toContain('Actividades (1)');
    expect(weekly).toContain('[Creatividad]');
    expect(weekly).not.toMatch(/weekly report|Activities \(|Development notes|Skills practiced|Dear /);

    const milestone = s.db.select().from(milestones).where(eq(milestones.name, 'Counts to Ten')).get()!;
    expect(
      (await post('/api/admin/child-achievements', { milestoneId: milestone.id, achievedAt: '2026-11-20', witnessedBy: 'Sra. Rivera' }))
        .status,
    ).toBe(201);
    const achieved = await lastTo('semana.es@example.com');
    expect(achieved).toContain('Subject: Inés Vega alcanzó un logro: Cuenta hasta diez');
    expect(achieved).toContain('Lo presenció Sra. Rivera.');
    expect(achieved).not.toMatch(/Counts to Ten|reached a milestone|Wonderful news|Witnessed by/);

    // The reset e-mail is queued and sent after the answer: waited for by its words.
    expect((await s.request('/api/parent/forgot-password', { method: 'POST', json: { email: 'semana.es@example.com' } })).status).toBe(200);
    await expect.poll(() => lastTo('semana.es@example.com')).toContain('Elija una nueva contraseña aquí:');
    expect(await lastTo('semana.es@example.com')).not.toMatch(/Choose a new password|Someone \(we hope you\)/);

    // An English parent's reset stays word for word as before.
    await enrolFamily(s, 'reset.en@example.com', ['Ida Vale']);
    expect((await s.request('/api/parent/forgot-password', { method: 'POST', json: { email: 'reset.en@example.com' } })).status).toBe(200);
    await expect
      .poll(() => lastTo('reset.en@example.com'))
      .toContain('Someone (we hope you) asked to choose a new password for your Parent Portal account.');
    expect(await lastTo('reset.en@example.com')).toMatch(/Choose a new password here: http/);
  });
});
