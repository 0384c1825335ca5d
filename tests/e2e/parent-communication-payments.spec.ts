import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';
import { parentFamily, signIn, tag } from './parent-family';

/**
 * The parent's side of the Communication Center and of payments, in the portal on a phone: a document the
 * centre asked for is uploaded from the phone and the admin can open it; messages go both ways with the
 * unread badge; the parent downloads their own year-end statement.
 */
test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 60_000 });

const family = (server: TestServer) => parentFamily(server, 'portal');

test('a parent uploads a requested PDF from the portal, and staff can open it', async ({ parentPage: page, server }, testInfo) => {
  const fam = await family(server);
  const title = `Immunization record ${tag()}`;
  const requested = await server.request('/api/admin/document-requests', {
    method: 'POST',
    headers: fam.admin,
    json: {
      childId: fam.child.id,
      documentType: 'immunization',
      title,
      description: 'The latest record from your pediatrician.',
      dueDate: '2099-01-31',
      isUrgent: false,
    },
  });
  expect(requested.status).toBe(201);

  await signIn(page, fam.email, fam.password);
  await page.getByRole('tab', { name: 'Communication', exact: true }).click();
  await page.getByRole('tab', { name: /^Documents/ }).click();
  const request = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(request.getByText('Pending')).toBeVisible();
  await request.getByRole('button', { name: `Submit document for ${title}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Submit Document' });
  const submit = dialog.getByRole('button', { name: 'Submit Document' });
  await expect(submit).toBeDisabled();
  const file = testInfo.outputPath('immunizations.pdf');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await dialog.getByLabel('Choose a file').setInputFiles(file);
  await expect(dialog.getByText('Uploaded: immunizations.pdf')).toBeVisible();
  await expect(submit).toBeEnabled();
  await dialog.getByLabel('Message').fill('Here it is.');
  await submit.click();
  await expect(page.getByText('Document submitted successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(request.getByText('Fulfilled')).toBeVisible();

  // Staff see the request fulfilled and can open the file; it is the very bytes the parent chose.
  const list = (await (await server.request('/api/admin/document-requests', { headers: fam.admin })).json()) as {
    title: string;
    status: string;
    responseDocumentUrl: string;
  }[];
  const answered = list.find((r) => r.title === title)!;
  expect(answered.status).toBe('fulfilled');
  const opened = await server.request(answered.responseDocumentUrl, { headers: fam.admin });
  expect(opened.status).toBe(200);
  expect(opened.headers.get('content-type')).toContain('application/pdf');
  expect((await opened.text()).startsWith('%PDF-1.4')).toBe(true);
});

test("messages both ways in the portal: the unread badge counts the centre's message until it is answered", async ({
  parentPage: page,
  server,
}) => {
  const fam = await family(server);
  const subject = `Picture day ${tag()}`;
  const sent = await server.request('/api/admin/communications', {
    method: 'POST',
    headers: fam.admin,
    json: { childId: fam.child.id, subject, content: 'Picture day is on Friday.', isUrgent: false },
  });
  expect(sent.status).toBe(201);

  await signIn(page, fam.email, fam.password);
  await page.getByRole('tab', { name: 'Communication', exact: true }).click();
  const messagesTab = page.getByRole('tab', { name: /^Messages/ });
  await expect(messagesTab).toContainText('1 unread');
  const messages = page.getByRole('list', { name: 'Messages' });
  const item = messages.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });

  // Answering a message is reading it: the reply clears its 'New' and the badge (Mark as Read is the staff test's).
  await item.getByRole('button', { name: `Reply to ${subject}` }).click();
  const reply = page.getByRole('dialog', { name: 'Reply to Message' });
  await expect(reply.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
  await reply.getByLabel('Message').fill('We will wear the blue shirt.');
  await reply.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(messages.getByRole('heading', { name: `Re: ${subject}` })).toBeVisible();
  await expect(messagesTab).not.toContainText('unread');
  await expect(item.getByText('New', { exact: true })).toBeHidden();

  // The centre receives it, about the same child, unread.
  const inbox = (await (await server.request('/api/admin/communications', { headers: fam.admin })).json()) as {
    subject: string;
    childId: string;
    isRead: boolean;
    senderType: string;
  }[];
  const received = inbox.find((m) => m.subject === `Re: ${subject}`)!;
  expect(received).toMatchObject({ childId: fam.child.id, isRead: false, senderType: 'parent' });
});

test('a parent downloads their own year-end tax statement from the portal', async ({ parentPage: page, server }) => {
  const fam = await family(server);
  const year = String(new Date().getFullYear());
  for (const amount of ['450.10', '450.20']) {
    const made = await server.request('/api/admin/payment-receipts', {
      method: 'POST',
      headers: fam.admin,
      json: {
        childId: fam.child.id,
        parentName: fam.child.parentName,
        parentEmail: fam.email,
        paymentType: 'tuition',
        amount,
        paymentMethod: 'cash',
        paymentDate: `${year}-01-15`,
      },
    });
    expect(made.status).toBe(201);
  }

  await signIn(page, fam.email, fam.password);
  await page.getByRole('tab', { name: 'Payments', exact: true }).click();
  const statements = page.getByRole('list', { name: 'Year-End Tax Statements' });
  await expect(statements.getByText('2 payments · $900.30')).toBeVisible();
  const download = page.waitForEvent('download');
  await statements.getByRole('button', { name: `Download ${year} tax statement` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
