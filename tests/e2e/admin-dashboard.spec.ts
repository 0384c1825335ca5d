import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { centre } from '../../src/shared/centre';
import { announcements } from '../../db/schema';
import { addDays, centreDateOf } from '../../src/shared/centre-time';
import { expect, test } from './fixtures';

/** Unique per run, so tests sharing a worker's database never see each other's rows. */
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

// Every test here is the director's: each takes the worker's signed-in page (`directorPage`, tests/e2e/fixtures.ts).

test('Overview shows the four counts and the lists; add an event in the Events tab (with inline validation) and find it on /events', async ({
  directorPage: page,
}) => {
  // What were two tests: given the time of two.
  test.slow();
  const title = unique('Zoo trip');
  await page.goto('/admin');
  await test.step('Overview shows the four counts and the lists', async () => {
    const totals = page.getByRole('list', { name: 'Totals' });
    for (const label of ['Total Events', 'Announcements', 'Applications', 'Enrolled Children'])
      await expect(totals.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent Applications' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
  });
  await page.getByRole('tab', { name: 'Events' }).click();
  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });

  // Nothing filled in: the form says what is missing, next to each field.
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  // Focus goes to the first field to correct, as every form's messages take it (it stayed on the button).
  await expect(dialog.getByLabel('Title')).toBeFocused();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Bring a packed lunch and a sun hat.');
  // The date defaults to today at the centre, so the event is in Upcoming Events.
  await expect(dialog.getByLabel('Date')).toHaveValue(centreDateOf(new Date()));
  await dialog.getByLabel('Start time').fill('10:00');
  await dialog.getByLabel('End time').fill('11:30');
  await dialog.getByRole('button', { name: /Category/ }).click();
  // The picker says which categories the public calendar shows as 'General'.
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Education' })).toHaveText('Education (shown as General on the website)');
  await expect(options.filter({ hasText: 'Parent Meeting' })).toHaveText('Parent Meeting (shown as General on the website)');
  await expect(options.filter({ hasText: 'Holiday' })).toHaveText('Holiday');
  await page.getByRole('option', { name: 'Field Trip' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByLabel('Location').fill('Columbus Zoo');
  await dialog.getByRole('button', { name: 'Create Event' }).click();

  await expect(page.getByText('Event Created')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Field Trip')).toBeVisible();
  await expect(row.getByText('10:00 AM - 11:30 AM')).toBeVisible();
  await expect(row.getByText('Columbus Zoo')).toBeVisible();

  await page.goto('/events');
  await expect(page.getByRole('region', { name: 'Upcoming Events' }).getByText(title)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Events on / }).getByText(title)).toBeVisible();
});

test("add an announcement, see it with its count, then delete it; one whose expiry day has passed shows 'Expired', one expiring today or later does not", async ({
  directorPage: page,
  server,
}) => {
  const title = unique('Flu clinic');
  // What were two tests: given the time of two.
  test.slow();
  const t = Math.random().toString(36).slice(2, 8);
  const today = centreDateOf(new Date());
  for (const r of [
    { title: `Past ${t}`, expiresAt: addDays(today, -1) },
    { title: `Today ${t}`, expiresAt: today },
    { title: `Later ${t}`, expiresAt: addDays(today, 7) },
  ])
    server.db
      .insert(announcements)
      .values({ ...r, content: 'Notice for families' })
      .run();
  await page.goto('/admin?tab=announcements');
  await test.step("an announcement whose expiry day has passed shows 'Expired' in the staff list; one expiring today or later does not", async () => {
    const expiring = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await expect(expiring(`Past ${t}`).getByText('Expired', { exact: true })).toBeVisible();
    for (const name of [`Today ${t}`, `Later ${t}`]) {
      await expect(expiring(name)).toBeVisible();
      await expect(expiring(name).getByText('Expired', { exact: true })).toHaveCount(0);
    }
  });
  const heading = page.getByRole('heading', { name: /^Announcements \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const before = Number((await heading.textContent())!.match(/\((\d+)\)/)![1]);

  await page.getByRole('button', { name: 'Add Announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Announcement' });
  // Sent empty: the messages at their fields, and focus on the first of them (it stayed on the button).
  await dialog.getByRole('button', { name: 'Post Announcement' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Content is required')).toBeVisible();
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill('Flu shots in the office on Friday morning.');
  await dialog.getByRole('button', { name: /Category/ }).click();
  await page.getByRole('option', { name: 'Health' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByRole('button', { name: /Priority/ }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByRole('button', { name: 'Post Announcement' }).click();

  await expect(page.getByText('Announcement Created')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Announcements (${before + 1})` })).toBeVisible();
  const row = page.getByRole('list', { name: 'Announcements' }).getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('High Priority')).toBeVisible();
  await expect(row.getByText('Health', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Delete announcement ${title}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete Announcement' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Announcement Deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Announcements (${before})` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Announcements' }).getByText(title)).toHaveCount(0);
});

test('edit an event, then an announcement: each dialog opens filled in, and the dashboard and /events show the changes', async ({
  directorPage: page,
  server,
}) => {
  // What were two tests, each ending on the public page: given the time of two.
  test.slow();
  const oldEvent = unique('Book fair');
  const newEvent = unique('Book and bake fair');
  const admin = { cookie: await server.adminCookie() };
  const today = centreDateOf(new Date());
  const made = await server.request('/api/events', {
    method: 'POST',
    headers: admin,
    json: {
      title: oldEvent,
      description: 'In the library',
      eventDate: today,
      startTime: '09:00',
      endTime: '10:00',
      category: 'education',
      location: 'Library',
    },
  });
  expect(made.status).toBe(201);
  const oldNotice = unique('Coat drive');
  const newNotice = unique('Coat and boot drive');
  expect(
    (
      await server.request('/api/announcements', {
        method: 'POST',
        headers: admin,
        json: { title: oldNotice, content: 'Bring coats to the office.', category: 'general', priority: 'normal' },
      })
    ).status,
  ).toBe(201);

  await page.goto('/admin?tab=events');
  await page.getByRole('button', { name: `Edit event ${oldEvent}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByLabel('Title')).toHaveValue(oldEvent);
  await expect(dialog.getByLabel('Description')).toHaveValue('In the library');
  await expect(dialog.getByLabel('Date')).toHaveValue(today);
  await expect(dialog.getByLabel('Start time')).toHaveValue('09:00');
  await expect(dialog.getByLabel('Location')).toHaveValue('Library');
  await expect(dialog.getByRole('button', { name: /Category/ })).toContainText('Education');

  // The shared schema's rules hold while editing too.
  await dialog.getByLabel('Title').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();

  await dialog.getByLabel('Title').fill(newEvent);
  await dialog.getByLabel('Start time').fill('13:00');
  await dialog.getByLabel('End time').fill('14:30');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event Updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  const events = page.getByRole('list', { name: 'Events' });
  const row = events.getByRole('listitem').filter({ hasText: newEvent });
  await expect(row.getByText('1:00 PM - 2:30 PM')).toBeVisible();
  await expect(row.getByText('Library', { exact: true })).toBeVisible();
  await expect(events.getByText(oldEvent, { exact: true })).toHaveCount(0);

  // Opening Add afterwards starts blank, not from the event just edited.
  await page.getByRole('button', { name: 'Add Event' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(addDialog.getByLabel('Title')).toHaveValue('');
  await addDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(addDialog).toBeHidden();

  // The announcement, in the next tab of the same dashboard.
  await page.getByRole('tab', { name: 'Announcements' }).click();
  await page.getByRole('button', { name: `Edit announcement ${oldNotice}` }).click();
  const notice = page.getByRole('dialog', { name: 'Edit Announcement' });
  await expect(notice.getByLabel('Title')).toHaveValue(oldNotice);
  await expect(notice.getByLabel('Content')).toHaveValue('Bring coats to the office.');
  await notice.getByLabel('Title').fill(newNotice);
  await notice.getByLabel('Content').fill('Bring coats and boots to the office.');
  await notice.getByRole('button', { name: /Priority/ }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await notice.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Announcement Updated')).toBeVisible();
  await expect(notice).toBeHidden();
  const noticeRow = page.getByRole('list', { name: 'Announcements' }).getByRole('listitem').filter({ hasText: newNotice });
  await expect(noticeRow.getByText('High Priority')).toBeVisible();
  await expect(noticeRow.getByText('Bring coats and boots to the office.')).toBeVisible();

  // The public page, reached inside the app (so from the same query cache), shows the edited event and announcement.
  // The staff header has no public links (ADR 079): the centre's name leads to the site, whose header has Events.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: centre.name }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  const day = page.getByRole('region', { name: /^Events on / });
  await expect(day.getByText(newEvent)).toBeVisible();
  await expect(day.getByText(oldEvent, { exact: true })).toHaveCount(0);
  const all = page.getByRole('region', { name: 'All Announcements' });
  await expect(all.getByText(newNotice)).toBeVisible();
  await expect(all.getByText(oldNotice, { exact: true })).toHaveCount(0);
});

test('saving an event someone else deleted says so and refreshes the list; another is deleted after confirming', async ({
  directorPage: page,
  server,
}) => {
  // What were two tests: given the time of two.
  test.slow();
  const title = unique('Gone event');
  const picnic = unique('Picnic');
  const admin = { cookie: await server.adminCookie() };
  const made = (await (
    await server.request('/api/events', {
      method: 'POST',
      headers: admin,
      json: { title, description: 'Soon gone', eventDate: '2030-01-15' },
    })
  ).json()) as { id: string };
  // Through the API: the Add Event form has its own test above.
  expect(
    (
      await server.request('/api/events', {
        method: 'POST',
        headers: admin,
        json: { title: picnic, description: 'On the lawn', eventDate: '2030-01-16' },
      })
    ).status,
  ).toBe(201);

  await page.goto('/admin?tab=events');
  await page.getByRole('button', { name: `Edit event ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  expect((await server.request(`/api/events/${made.id}`, { method: 'DELETE', headers: admin })).status).toBe(200);
  await dialog.getByLabel('Description').fill('Edited too late');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update event.')).toBeVisible();
  await expect(page.getByText('Event not found')).toBeVisible();
  // The form stays open with what was typed, focus on its Save button (disabled while it sent, focus fell to <body>).
  await expect(dialog.getByLabel('Description')).toHaveValue('Edited too late');
  await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeFocused();
  // Once it is closed, the refreshed list no longer has the event, nor the Edit button that opened the dialog: focus
  // is on the tab's heading in its place.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('#events-tab-heading')).toBeFocused();
  await expect(page.getByRole('button', { name: `Edit event ${title}` })).toHaveCount(0);
  await expect(page.getByText(title)).toHaveCount(0);

  await test.step('delete an event after confirming', async () => {
    await page.getByRole('button', { name: `Delete event ${picnic}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Event' });
    await expect(confirm.getByText(`"${picnic}"`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Event Deleted')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Events' }).getByText(picnic)).toHaveCount(0);
    // The Delete button went with the event: focus is on the tab's heading in its place, not on <body>.
    await expect(page.locator('#events-tab-heading')).toBeFocused();
  });
});

test('on a 375 px phone the Events and Announcements rows fit, and Edit and Delete are full-size touch targets', async ({
  directorPage: page,
  server,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const title = unique('Phone-sized event with a rather long title');
  const admin = { cookie: await server.adminCookie() };
  expect(
    (await server.request('/api/events', { method: 'POST', headers: admin, json: { title, description: 'Fits', eventDate: '2030-02-01' } }))
      .status,
  ).toBe(201);
  expect(
    (await server.request('/api/announcements', { method: 'POST', headers: admin, json: { title, content: 'Fits too' } })).status,
  ).toBe(201);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  for (const [tab, noun] of [
    ['events', 'event'],
    ['announcements', 'announcement'],
  ] as const) {
    await page.goto(`/admin?tab=${tab}`);
    for (const action of ['Edit', 'Delete']) {
      const button = page.getByRole('button', { name: `${action} ${noun} ${title}` });
      await expect(button).toBeVisible();
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await overflow()).toBeLessThanOrEqual(0);
  }
});

// The Gallery tab, loaded once: refusals first, then an upload shown on the home page and deleted, then a picture
// the server takes by its bytes whatever its name.
test("the Gallery tab: a file that is not an image is refused with the server's message; a picture is uploaded, shown in the home page gallery with its caption (read once: the alt does not repeat it), then deleted; a real picture whose name says otherwise uploads", async ({
  directorPage: page,
}, testInfo) => {
  // What were three tests (two uploads encoded on the server, the home page between): given their time.
  test.slow();
  const fs = await import('node:fs/promises');
  await page.goto('/admin?tab=gallery');

  await test.step('a file that is not an image is refused by the server, whose message the toast shows', async () => {
    // The button with no file chosen says so.
    await page.getByRole('button', { name: 'Upload Picture' }).click();
    await expect(page.getByText('No File Selected')).toBeVisible();
    // HTML wearing a .jpg name: the browser calls it image/jpeg; and HTML named as HTML, which the browser calls
    // text/html. Both go to the server, which reads the bytes and answers 400.
    for (const name of ['cat.jpg', 'page.html']) {
      const file = testInfo.outputPath(name);
      mkdirSync(dirname(file), { recursive: true });
      await fs.writeFile(file, '<!doctype html><script>alert(1)</script>');
      await page.getByLabel('Picture', { exact: true }).setInputFiles(file);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/pictures') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Upload Picture' }).click();
      const res = await answer;
      expect(res.status()).toBe(400);
      const { message } = (await res.json()) as { message: string };
      expect(message).toBe('Only image files can be uploaded');
      const toast = page.getByRole('alertdialog').filter({ hasText: 'Upload failed' });
      await expect(toast).toBeVisible();
      await expect(toast.getByText(message)).toBeVisible();
      // Closed, so the next file's toast is its own.
      await toast.getByRole('button', { name: 'Close' }).click();
      await expect(toast).toHaveCount(0);
    }
  });

  await test.step('upload a picture, see it in the home page gallery with its caption, then delete it', async () => {
    const caption = unique('Painting at the easel');
    const file = testInfo.outputPath('easel.png');
    mkdirSync(dirname(file), { recursive: true });
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a9d8f' } })
      .png()
      .toFile(file);

    await page.getByLabel('Picture', { exact: true }).setInputFiles(file);
    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Classroom' }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.getByLabel('Caption').fill(caption);
    await page.getByRole('button', { name: 'Upload Picture' }).click();

    await expect(page.getByText('Picture Uploaded')).toBeVisible();
    const tile = page.getByRole('list', { name: 'Gallery pictures' }).getByRole('listitem').filter({ hasText: caption });
    await expect(tile.getByRole('img', { name: caption })).toBeVisible();
    await expect(tile.getByText('Classroom')).toBeVisible();

    await page.goto('/');
    const figure = page.getByRole('list', { name: 'Photo gallery' }).getByRole('listitem').filter({ hasText: caption });
    const photo = figure.locator('img');
    await expect(photo).toHaveAttribute('alt', '');
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const src = await photo.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    // The browser shows the upload's own AVIF copy (naturalWidth is scaled by srcset's density, so the file names it).
    expect(await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(src!.replace('.webp', '-320w.avif'));

    await page.goto('/admin?tab=gallery');
    await page.getByRole('button', { name: `Delete picture ${caption}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete Picture' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Picture Deleted')).toBeVisible();
    await expect(page.getByRole('img', { name: caption })).toHaveCount(0);
    // Past the browser's cache: the server itself no longer has the file.
    expect(await page.evaluate(async (path) => (await fetch(path!, { cache: 'no-store' })).status, src)).toBe(404);
  });

  await test.step('a real picture whose name says otherwise uploads: the server decides by the bytes', async () => {
    const caption = unique('Named like text');
    const file = testInfo.outputPath('photo.txt');
    mkdirSync(dirname(file), { recursive: true });
    // A PNG named .txt: the browser calls it text/plain.
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e76f51' } })
      .png()
      .toFile(file);

    await page.getByLabel('Picture', { exact: true }).setInputFiles(file);
    await page.getByLabel('Caption').fill(caption);
    await page.getByRole('button', { name: 'Upload Picture' }).click();
    await expect(page.getByText('Picture Uploaded')).toBeVisible();
    const tile = page.getByRole('list', { name: 'Gallery pictures' }).getByRole('listitem').filter({ hasText: caption });
    await expect(tile.getByRole('img', { name: caption })).toBeVisible();
    await expect(tile.getByText('photo.txt')).toBeVisible();
  });
});
