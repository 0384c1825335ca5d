import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { enrollmentApplications } from '../../db/schema';
import { centre } from '../../src/shared/centre';
import { PROGRAM_CHOICES, RELATIONSHIP_CHOICES } from '../../src/shared/constants';
import { expect, openBeforeScripts, test } from './fixtures';

/** Opens a React Aria select by its button and picks an option, as a person does. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills every required field (and a few optional ones) with valid answers. */
async function fillApplication(page: Page, parentEmail: string, childFirstName: string) {
  await page.getByLabel('Parent First Name').fill('Maria');
  await page.getByLabel('Parent Last Name').fill('Lopez');
  await page.getByLabel('Email Address').fill(parentEmail);
  await page.getByLabel('Phone Number').fill('(614) 555-0199');
  await page.getByLabel('Street Address').fill('22 High Street');
  await page.getByLabel('City').fill('Columbus');
  await page.getByLabel('ZIP Code').fill('43215');
  await page.getByLabel("Child's First Name").fill(childFirstName);
  await page.getByLabel("Child's Last Name").fill('Lopez');
  await page.getByLabel('Date of Birth').fill('2023-04-12');
  await page.getByLabel("Child's Age").fill('3 years');
  await choose(page, /Program Requested/, 'Preschool Program (19 months - 4 years)');
  await page.getByLabel('Desired Start Date').fill('2027-01-04');
  await page.getByLabel('Emergency Contact Name').fill('Rosa Lopez');
  await page.getByLabel('Emergency Contact Phone').fill('614-555-0100');
  await choose(page, /Relationship to Child/, 'Grandparent');
  await page.getByLabel('Allergies').fill('Peanuts');
  await choose(page, /How did you hear about us\?/, 'Friend/Family Referral');
}

const unique = () => crypto.randomUUID().slice(0, 8);

test('a family completes the application and it is stored as pending', async ({ page, server }) => {
  const email = `maria.${unique()}@example.com`;
  const child = `Sofia${unique()}`;
  await page.goto('/enrollment');
  await expect(page.getByRole('heading', { level: 1, name: 'Online Enrollment Application' })).toBeVisible();
  for (const card of ['Parent/Guardian Information', 'Child Information', 'Emergency Contact', 'Medical Information', 'Additional Information']) {
    await expect(page.getByRole('group', { name: card, exact: true })).toBeVisible();
  }
  // Ohio is preselected.
  await expect(page.getByRole('button', { name: /State/ })).toContainText('Ohio');

  await fillApplication(page, email, child);
  await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();

  await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
  await expect(page.getByText('Application Submitted!', { exact: true })).toBeVisible();
  await expect(page.getByText("We'll contact you within 24 hours to discuss next steps.")).toBeVisible();
  await expect(page.getByText('We will call you within 24 hours')).toBeVisible();
  await expect(page.getByText('Schedule a facility tour')).toBeVisible();
  await expect(page.getByText('Complete enrollment paperwork')).toBeVisible();
  for (const phone of centre.phones) await expect(page.getByRole('link', { name: phone })).toBeVisible();
  await expect(page.getByRole('link', { name: centre.email })).toHaveAttribute('href', `mailto:${centre.email}`);

  const rows = server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.parentEmail, email)).all();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    status: 'pending',
    parentFirstName: 'Maria',
    parentState: 'OH',
    parentZip: '43215',
    childFirstName: child,
    childDateOfBirth: '2023-04-12',
    programRequested: 'preschool',
    startDate: '2027-01-04',
    emergencyContactRelationship: 'grandparent',
    allergies: 'Peanuts',
    medications: null,
    howDidYouHear: 'referral',
  });
});

test('while the application is sent the button reads Submitting Application... and is disabled', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/trpc/enrollment.submit**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/enrollment');
  await fillApplication(page, `pending.${unique()}@example.com`, 'Leo');
  await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
  const busy = page.getByRole('button', { name: 'Submitting Application...' });
  await expect(busy).toBeDisabled();
  release();
  await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
});

test('a bad e-mail address is explained next to the field, focused, and nothing is stored', async ({ page, server }) => {
  const child = `Bad${unique()}`;
  await page.goto('/enrollment');
  await fillApplication(page, 'maria-at-example', child);
  await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();

  const email = page.getByLabel('Email Address');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(page.getByText('Submission Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Please check your information and try again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toHaveCount(0);
  expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);

  // Fixing the field clears its message at once.
  await email.fill('maria@example.com');
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
});

test('an empty form shows a message under each required field and focuses the first', async ({ page, server }) => {
  const before = server.db.select().from(enrollmentApplications).all().length;
  await page.goto('/enrollment');
  await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();

  await expect(page.getByLabel('Parent First Name')).toBeFocused();
  for (const message of [
    'Parent first name is required',
    'Please enter a valid email address',
    'Please enter a valid ZIP code',
    "Child's date of birth is required",
    'Please select a program',
    'Desired start date is required',
    'Please select a relationship',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Please enter a valid phone number', { exact: true })).toHaveCount(2);
  // Optional fields stay quiet.
  await expect(page.getByLabel('Allergies')).not.toHaveAttribute('aria-invalid', 'true');
  expect(server.db.select().from(enrollmentApplications).all().length).toBe(before);
});

test('the spam trap is hidden from people and from assistive technology', async ({ page }) => {
  await page.goto('/enrollment');
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(trap.locator('xpath=ancestor::*[@aria-hidden="true"]')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
  await expect(trap).not.toBeInViewport();
});

test.describe('when the submission fails', () => {
  const SUBMIT = /\/api\/trpc\/[^?]*enrollment\.submit/;

  for (const [failure, answer] of [
    ['the server fails (500)', { status: 500, contentType: 'text/plain', body: 'Internal Server Error: SqliteError: database is locked' }],
    ['the server answers with a technical JSON error', { status: 502, contentType: 'application/json', body: '{"error":{"json":{"message":"ECONNREFUSED 127.0.0.1:3000","code":-32603,"data":{"httpStatus":502}}}}' }],
  ] as const) {
    test(`${failure}: a plain sentence, and every answer is kept`, async ({ page, server }) => {
      const child = `Kept${unique()}`;
      await page.route(SUBMIT, (route) => route.fulfill(answer));
      await page.goto('/enrollment');
      await fillApplication(page, `kept.${unique()}@example.com`, child);
      await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
      const toast = page.getByRole('alertdialog');
      await expect(toast.getByText('Submission Failed')).toBeVisible();
      const text = await toast.innerText();
      expect(text).toMatch(/Please try again|check your internet connection/);
      expect(text).not.toMatch(/\d{3}:|Error|ECONN|\{|Failed to fetch|Unable to transform/);
      await expect(page.getByLabel("Child's First Name")).toHaveValue(child);
      await expect(page.getByLabel('Allergies')).toHaveValue('Peanuts');
      await expect(page.getByRole('button', { name: /Program Requested/ })).toContainText('Preschool Program (19 months - 4 years)');
      await expect(page.getByRole('button', { name: 'Submit Enrollment Application' })).toBeEnabled();
      expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);
    });
  }

  test('the network fails: the parent reads that we could not be reached, and sending again works', async ({ page, server }) => {
    const child = `Retry${unique()}`;
    await page.route(SUBMIT, (route) => route.abort('internetdisconnected'));
    await page.goto('/enrollment');
    await fillApplication(page, `retry.${unique()}@example.com`, child);
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    const toast = page.getByRole('alertdialog');
    await expect(toast).toContainText('We could not reach the centre. Please check your internet connection and try again');
    await expect(toast).not.toContainText('Failed to fetch');
    await page.unroute(SUBMIT);
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
    expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(1);
  });
});

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('choosing the program with the longest name keeps the page within the phone', async ({ page }) => {
    await page.goto('/enrollment');
    await choose(page, /Program Requested/, 'Preschool Program (19 months - 4 years)');
    await expect(page.getByRole('button', { name: /Program Requested/ })).toContainText('Preschool Program');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('the failure toast does not cover the Submit button, and a swipe to the right (past 50 px) dismisses it', async ({ page }) => {
    await page.route(/\/api\/trpc\/[^?]*enrollment\.submit/, (route) => route.fulfill({ status: 500, body: 'x' }));
    await page.goto('/enrollment');
    await fillApplication(page, `swipe.${unique()}@example.com`, 'Swipe');
    const submit = page.getByRole('button', { name: 'Submit Enrollment Application' });
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    const toast = page.getByRole('alertdialog');
    await expect(toast.getByText('Submission Failed')).toBeVisible();
    const t = (await toast.boundingBox())!;
    const s = (await submit.boundingBox())!;
    const overlaps = t.x < s.x + s.width && s.x < t.x + t.width && t.y < s.y + s.height && s.y < t.y + t.height;
    expect(overlaps, `toast ${JSON.stringify(t)} covers Submit ${JSON.stringify(s)}`).toBe(false);

    // A short drag is not a swipe: the toast springs back.
    const y = t.y + t.height / 2;
    const x = t.x + 40;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 4 });
    await page.mouse.up();
    await expect(toast).toBeVisible();
    // A leftward drag is not one either (SPEC.md §9: swipe direction right).
    await page.mouse.move(x + 100, y);
    await page.mouse.down();
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.up();
    await expect(toast).toBeVisible();
    // Past 50 px to the right: gone.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 6 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });
});

test.describe('before the scripts have run', () => {
  test('what a family types while the page is still loading is kept and sent', async ({ page, server }) => {
    const email = `early.${unique()}@example.com`;
    const child = `Early${unique()}`;
    const ready = await openBeforeScripts(page, '/enrollment', (p) => p.getByLabel('Parent First Name'));
    // The form the server drew cannot be sent yet: pressing Enter in a field sends nothing.
    await expect(page.getByRole('button', { name: 'Submit Enrollment Application' })).toBeDisabled();
    await page.getByLabel('Parent First Name').fill('Maria');
    await page.getByLabel('Parent Last Name').fill('Lopez');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('(614) 555-0199');
    await page.getByLabel('Street Address').fill('22 High Street');
    await page.getByLabel('City').fill('Columbus');
    await page.getByLabel('ZIP Code').fill('43215');
    await page.getByLabel("Child's First Name").fill(child);
    await page.getByLabel("Child's Last Name").fill('Lopez');
    await page.getByLabel('Date of Birth').fill('2023-04-12');
    await page.getByLabel("Child's Age").fill('3 years');
    await page.getByLabel('Desired Start Date').fill('2027-01-04');
    await page.getByLabel('Emergency Contact Name').fill('Rosa Lopez');
    await page.getByLabel('Emergency Contact Phone').fill('614-555-0100');
    await page.getByLabel('Allergies').fill('Peanuts');
    await ready();

    // The selects work once the page is ready; everything typed before is still there and is what is sent.
    await choose(page, /Program Requested/, 'Preschool Program (19 months - 4 years)');
    await choose(page, /Relationship to Child/, 'Grandparent');
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
    const rows = server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ parentFirstName: 'Maria', parentEmail: email, parentState: 'OH', parentZip: '43215', childDateOfBirth: '2023-04-12', allergies: 'Peanuts' });
  });

  test('pressing Enter before the page is ready sends nothing and loses nothing', async ({ page, server }) => {
    const child = `Early${unique()}`;
    const ready = await openBeforeScripts(page, '/enrollment', (p) => p.getByLabel('Parent First Name'));
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.getByLabel("Child's First Name").fill(child);
    await page.getByLabel('Parent First Name').fill('Maria');
    await page.getByLabel('Parent First Name').press('Enter');
    await ready();
    await expect(page.getByLabel('Parent First Name')).toHaveValue('Maria');
    expect(posts).toEqual([]);
    // Sent now, the answers typed before are checked as they are: the first name is not reported missing.
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    await expect(page.getByText('Parent last name is required')).toBeVisible();
    await expect(page.getByLabel('Parent First Name')).toHaveValue('Maria');
    await expect(page.getByLabel('Parent First Name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);
  });

  test('Submit pressed the moment the page is adopted checks what was typed before, not an empty form', async ({ page, server }) => {
    const child = `Early${unique()}`;
    const ready = await openBeforeScripts(page, '/enrollment', (p) => p.getByLabel('Parent First Name'));
    await page.getByLabel('Parent First Name').fill('Maria');
    await page.getByLabel("Child's First Name").fill(child);
    // Pressed in the very task in which the button comes to work: as early as a tap can come.
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
      new MutationObserver((_, observer) => {
        if (button.disabled) return;
        observer.disconnect();
        button.click();
      }).observe(button, { attributes: true, attributeFilter: ['disabled'] });
    });
    await ready();
    // The press was handled (the missing answers are reported), and the answers typed before were in what it checked.
    await expect(page.getByText('Parent last name is required')).toBeVisible();
    await expect(page.getByLabel('Parent First Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel("Child's First Name")).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Parent First Name')).toHaveValue('Maria');
    expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);
  });

  test('a select opened the moment the page is adopted lists each choice once, and picking one works', async ({ page }) => {
    const ready = await openBeforeScripts(page, '/enrollment', (p) => p.getByLabel('Parent First Name'));
    // Typed before: the form is drawn again as the app takes it over, while the selects still hold the options
    // drawn on the server (they move to React Aria's portal in a transition after, ADR 015).
    await page.getByLabel('Parent First Name').fill('Maria');
    // Opened in the very task in which the form comes to work: before that transition has run.
    await page.evaluate(() => {
      const submit = document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
      const label = [...document.querySelectorAll('span')].find((s) => s.textContent?.startsWith('Program Requested'))!;
      new MutationObserver((_, observer) => {
        if (submit.disabled) return;
        observer.disconnect();
        document.querySelector<HTMLButtonElement>(`button[aria-labelledby~="${label.id}"]`)!.click();
      }).observe(submit, { attributes: true, attributeFilter: ['disabled'] });
    });
    await ready();
    const options = page.getByRole('option');
    await expect(options).toHaveText(PROGRAM_CHOICES.map((c) => c.label));
    await options.filter({ hasText: 'Kindergarten Prep' }).click();
    await expect(page.getByRole('button', { name: /Program Requested/ })).toContainText('Kindergarten Prep (4-5 years)');
    await expect(page.getByLabel('Parent First Name')).toHaveValue('Maria');
    // And each select, opened after, lists its choices once.
    await page.getByRole('button', { name: /Relationship to Child/ }).click();
    await expect(page.getByRole('option')).toHaveText(RELATIONSHIP_CHOICES.map((c) => c.label));
  });

  test('scrolled down before the page is ready, the form stays where the reader is when the app takes it over', async ({ page }) => {
    const ready = await openBeforeScripts(page, '/enrollment', (p) => p.getByLabel('Parent First Name'));
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
    // Every position the page takes from now on (the jump to the top came just before the app said it was ready).
    await page.evaluate(() => {
      const w = window as unknown as { lowestScroll: number };
      w.lowestScroll = window.scrollY;
      window.addEventListener('scroll', () => (w.lowestScroll = Math.min(w.lowestScroll, window.scrollY)));
    });
    await ready();
    // The app's first drawing restores no scroll position: it used to put the reader back at the top.
    expect(await page.evaluate(() => window.scrollY)).toBe(700);
    expect(await page.evaluate(() => (window as unknown as { lowestScroll: number }).lowestScroll)).toBe(700);
    // A page opened from here still starts at its top.
    await page.getByRole('link', { name: 'Back to Home' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test("the form cannot be sent, so the family's answers never reach the address or a log", async ({ page, server }) => {
      await page.goto('/enrollment');
      const child = `Early${unique()}`;
      const requests: string[] = [];
      page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
      await page.getByLabel('Parent First Name').fill('Maria');
      await page.getByLabel("Child's First Name").fill(child);
      await page.getByLabel('Allergies').fill('Peanuts');
      await expect(page.getByRole('button', { name: 'Submit Enrollment Application' })).toBeDisabled();
      // Said in a <noscript> (which Playwright's switch does not show: the page is still parsed as scriptable).
      expect(await (await page.request.get('/enrollment')).text()).toMatch(/<noscript>[^]*This form needs JavaScript to send your answers\.[^]*<\/noscript>/);
      await page.getByLabel("Child's First Name").press('Enter');
      await expect(page).toHaveURL(/\/enrollment$/);
      expect(requests.filter((r) => r.includes('Peanuts') || r.startsWith('POST'))).toEqual([]);
      expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);
    });
  });
});

test.describe('a phone set to Spanish', () => {
  test.use({ locale: 'es-ES' });

  // React Aria adds a few words of its own (such as the hidden "Dismiss" button of an open list, for screen
  // readers) in the browser's language unless told otherwise: the site tells it English, like all its text
  // (src/client/lib/aria-locale.ts), which the build's change to React Aria also relies on (ADR 015).
  test("React Aria's own words are English like the rest of the page", async ({ page }) => {
    await page.goto('/enrollment');
    await page.getByRole('button', { name: /Program Requested/ }).click();
    await expect(page.getByRole('option', { name: 'Infant Care (6 weeks - 18 months)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dismiss' }).first()).toBeAttached();
    await expect(page.getByRole('button', { name: 'Descartar' })).toHaveCount(0);
  });
});
