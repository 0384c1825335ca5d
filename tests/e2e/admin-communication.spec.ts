import { communicationMessages, enrolledChildren, parentChildRelationships, parentUsers } from '../../db/schema';
import { createParentSession } from '../../src/server/auth/session';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';

/** Unique per run, so tests sharing a worker's database never see each other's rows. */
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** An enrolled child with a parent account, linked, and that parent's bearer token (the parent's side acts over HTTP). */
function family(server: TestServer) {
  const tag = Math.random().toString(36).slice(2, 8);
  const email = `fam-${tag}@example.com`;
  const child = server.db
    .insert(enrolledChildren)
    .values({
      childName: `Mia ${tag}`,
      parentName: `Lena ${tag}`,
      parentEmail: email,
      dateOfBirth: '2023-03-01',
      startDate: '2025-09-01',
      program: 'preschool',
    })
    .returning()
    .get();
  const parentId = server.db
    .insert(parentUsers)
    .values({ email, firstName: 'Lena', lastName: tag, passwordHash: 'x' })
    .returning()
    .get().id;
  server.db.insert(parentChildRelationships).values({ parentId, childId: child.id }).run();
  const { token } = createParentSession(server.db, server.clock, parentId);
  return { child, email, headers: { authorization: `Bearer ${token}` } };
}

// Each flow loads the dashboard several times; under a shared machine that takes longer than the default budget.
test.describe.configure({ timeout: 90_000 });

// Every test here is the director's: each takes the worker's signed-in page (`directorPage`, tests/e2e/fixtures.ts).

test('messages both ways: the admin writes to the parent of a child, a reply raises the unread badge, reading it on screen clears it', async ({
  directorPage: page,
  server,
}) => {
  const fam = family(server);
  const subject = unique('Field trip');
  await page.goto('/admin?tab=communication');
  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Please select a child')).toBeVisible();
  await expect(dialog.getByText('Subject is required')).toBeVisible();

  await dialog.getByRole('button', { name: /Child/ }).click();
  await page.getByRole('option', { name: fam.child.childName }).click();
  await expect(dialog.getByText(`To: ${fam.child.parentName} (${fam.email})`)).toBeVisible();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Please pack a lunch on Friday.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('heading', { name: subject })).toBeVisible();

  // The parent answers from the portal (over HTTP here); the admin's Messages tab shows one unread.
  const reply = await server.request('/api/parent/communications', {
    method: 'POST',
    json: { childId: fam.child.id, subject: `Re: ${subject}`, content: 'Will do!' },
    headers: fam.headers,
  });
  expect(reply.status).toBe(201);
  await page.reload();
  await expect(page.getByRole('tab', { name: /Messages/ })).toContainText('unread');
  const item = messages.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Re: ${subject}` }) });
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  // The button's name starts with its visible words (WCAG 2.5.3).
  await expect(item.getByRole('button', { name: `Mark as Read: Re: ${subject}` })).toHaveText('Mark as Read');

  // Shown on screen for a moment, the message counts as read without any button.
  await expect(item.getByText('New', { exact: true })).toBeHidden();
  await expect(item.getByRole('button', { name: /^Mark as Read/ })).toBeHidden();
  await expect
    .poll(
      () =>
        server.db
          .select()
          .from(communicationMessages)
          .all()
          .find((m) => m.subject === `Re: ${subject}`)?.isRead,
    )
    .toBe(true);

  // Reply from where the message is read: the child is kept and the subject starts with 'Re: ' once.
  await item.getByRole('button', { name: `Reply to Re: ${subject}` }).click();
  const replyDialog = page.getByRole('dialog', { name: 'Reply to Message' });
  await expect(replyDialog.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
  await expect(replyDialog.getByText(`To: ${fam.child.parentName} (${fam.email})`)).toBeVisible();
  await replyDialog.getByRole('button', { name: 'Cancel' }).click();

  // Staff see whether the parent has read what the centre sent.
  const sent = messages.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject, exact: true }) });
  await expect(sent.getByText('Not read yet')).toBeVisible();
  const original = server.db
    .select()
    .from(communicationMessages)
    .all()
    .find((m) => m.subject === subject)!;
  expect((await server.request(`/api/communications/${original.id}/mark-read`, { method: 'POST', headers: fam.headers })).status).toBe(200);
  await page.reload();
  await expect(sent.getByText(/^Read by the parent/)).toBeVisible();
});

test('the admin requests a document, the parent answers with a PDF, the admin opens it', async ({ directorPage: page, server }) => {
  const fam = family(server);
  const title = unique('Immunization record');
  await page.goto('/admin?tab=communication');
  await page.getByRole('tab', { name: /Document Requests/ }).click();
  await page.getByRole('button', { name: 'Request Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Document' });
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();

  await dialog.getByRole('button', { name: /Child/ }).click();
  await page.getByRole('option', { name: fam.child.childName }).click();
  await expect(dialog.getByText(`Parent: ${fam.child.parentName} (${fam.email})`)).toBeVisible();
  await dialog.getByRole('button', { name: /Document Type/ }).click();
  await page.getByRole('option', { name: 'Immunization Record' }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('The updated record from your pediatrician.');
  await dialog.getByLabel('Due Date').fill('2099-01-31');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Document request sent successfully!')).toBeVisible();
  const requests = page.getByRole('list', { name: 'Document requests' });
  const item = requests.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item.getByText('Pending')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Document Requests/ })).toContainText('pending');

  // The parent uploads a PDF by the documented flow and answers the request.
  const list = await (await server.request('/api/parent/document-requests', { headers: fam.headers })).json();
  const request = (list as { id: string; title: string }[]).find((r) => r.title === title)!;
  const { uploadURL } = (await (await server.request('/api/objects/upload', { method: 'POST', headers: fam.headers })).json()) as {
    uploadURL: string;
  };
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  expect((await server.request(uploadURL, { method: 'PUT', body: pdf, headers: fam.headers })).status).toBe(201);
  const respond = await server.request(`/api/parent/document-requests/${request.id}/respond`, {
    method: 'POST',
    json: { documentUrl: uploadURL, documentName: 'immunizations.pdf', message: 'Here you go' },
    headers: fam.headers,
  });
  expect(respond.status).toBe(200);

  await page.reload();
  await page.getByRole('tab', { name: /Document Requests/ }).click();
  await expect(item.getByText('Fulfilled')).toBeVisible();
  await expect(item.getByText('Here you go')).toBeVisible();
  const download = page.waitForEvent('download');
  await item.getByRole('link', { name: 'immunizations.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('immunizations.pdf');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the Communication Center and its compose dialog fit 375 px without sideways scrolling', async ({ directorPage: page, server }) => {
    const fam = family(server);
    await page.goto('/admin?tab=communication');
    await page.getByRole('button', { name: 'New Message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Message' });
    await dialog.getByRole('button', { name: /Child/ }).click();
    await page.getByRole('option', { name: fam.child.childName }).click();
    await dialog.getByLabel('Subject').fill(unique('A rather long subject line that a phone has to wrap'));
    await dialog.getByLabel('Message').fill('Hello');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const send = page.getByRole('button', { name: 'New Message' });
    expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });
});
