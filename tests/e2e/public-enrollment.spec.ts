import type { Page, Route } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { enrollmentApplications } from '../../db/schema';
import { centre } from '../../src/shared/centre';
import { expect, openBeforeScripts, test } from './fixtures';

/** Picks an option of a select by its words, as a person does (native selects: they work with no script). */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}

/** The page's own script (ADR 037), held back by openBeforeScripts. */
const PAGE_SCRIPT = /\/assets\/enrollment-[^/]*\.js$/;

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

// The rules the server holds (the schema's messages, the age warning, the spam trap's refusal, what is stored, the rate)
// are read in tests/integration/public-api.test.ts and form-pages.test.ts. Here, what the page's script and the
// browser show, one walk per setup, a `test.step` for each former test.

test('a family completes the application: Submitting Application... while it is sent, then the success screen, and it is stored as pending', async ({
  visitorPage: page,
  server,
}) => {
  const email = `maria.${unique()}@example.com`;
  const child = `Sofia${unique()}`;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/enrollment', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/enrollment');
  await expect(page.getByRole('heading', { level: 1, name: 'Online Enrollment Application' })).toBeVisible();
  for (const card of [
    'Parent/Guardian Information',
    'Child Information',
    'Emergency Contact',
    'Medical Information',
    'Additional Information',
  ]) {
    await expect(page.getByRole('group', { name: card, exact: true })).toBeVisible();
  }
  // Ohio is preselected.
  await expect(page.getByRole('combobox', { name: /State/ })).toHaveValue('OH');
  await expect(page.getByRole('combobox', { name: /State/ }).locator('option:checked')).toHaveText('Ohio');

  await fillApplication(page, email, child);
  await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
  // While the application is sent the button says so and is disabled.
  await expect(page.getByRole('button', { name: 'Submitting Application...' })).toBeDisabled();
  release();

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

test('checked as the family goes: the spam trap hidden, a field checked as it is left, a bad e-mail at its field, an age warning to accept', async ({
  visitorPage: page,
  server,
}) => {
  // Several former tests' walk in one (a step each): their time in one budget.
  test.slow();
  await page.goto('/enrollment');

  await test.step('the spam trap is hidden from people and from assistive technology', async () => {
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    await expect(trap.locator('xpath=ancestor::*[@aria-hidden="true"]')).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
    await expect(trap).not.toBeInViewport();
  });

  await test.step('a field is checked as it is left, and its message goes as soon as the answer is right', async () => {
    const email = page.getByLabel('Email Address');
    // Passing through an untouched field scolds nobody.
    await email.focus();
    await page.getByLabel('Phone Number').focus();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await email.fill('maria-at');
    await page.getByLabel('Phone Number').focus();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await email.fill('maria@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  });

  await test.step('a bad e-mail address is explained next to the field, focused, and nothing is stored', async () => {
    const child = `Bad${unique()}`;
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
    await email.fill(`young.${unique()}@example.com`);
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  await test.step("a program that does not fit the child's age is a warning, shown as the answers change, that the family can accept", async () => {
    const child = `Young${unique()}`;
    await page.getByLabel("Child's First Name").fill(child);
    const warning = page.getByText(/^Kindergarten Prep \(4-5 years\) is for children 4 to 5 years; your child will be \d+ months old/);
    await expect(warning).toHaveCount(0);
    await page.getByLabel('Date of Birth').fill('2026-04-04');
    await choose(page, /Program Requested/, 'Kindergarten Prep (4-5 years)');
    await expect(warning).toBeVisible();
    const accept = page.getByRole('checkbox', { name: 'Apply for this program anyway' });
    // Sent without accepting it: nothing is sent, and the family is taken to the choice.
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    await expect(accept).toBeFocused();
    expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);
    await accept.check();
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
    expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).get()).toMatchObject({
      programRequested: 'kindergarten',
    });
  });
});

test('what was typed comes back after a reload of the tab and is gone once the application is sent; an empty form shows a message under each required field', async ({
  visitorPage: page,
  server,
}) => {
  // Several former tests' walk in one (a step each): their time in one budget.
  test.slow();
  await test.step('what was typed comes back after a reload of the tab, and is gone once the application is sent', async () => {
    await page.goto('/enrollment');
    await page.getByLabel('Parent First Name').fill('Maria');
    await page.getByLabel('Allergies').fill('Peanuts');
    await choose(page, /Relationship to Child/, 'Grandparent');
    await page.reload();
    await expect(page.getByLabel('Parent First Name')).toHaveValue('Maria');
    await expect(page.getByLabel('Allergies')).toHaveValue('Peanuts');
    await expect(page.getByRole('combobox', { name: /Relationship to Child/ })).toHaveValue('grandparent');
    await fillApplication(page, `draft.${unique()}@example.com`, `Draft${unique()}`);
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
    await page.goto('/enrollment');
    await expect(page.getByLabel('Parent First Name')).toHaveValue('');
  });

  await test.step('an empty form shows a message under each required field and focuses the first', async () => {
    const before = server.db.select().from(enrollmentApplications).all().length;
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
});

test('when the submission fails (a 500, a technical JSON error, the network): a plain sentence, every answer kept, and sending again works', async ({
  visitorPage: page,
  server,
}) => {
  // Several former tests' walk in one (a step each): their time in one budget.
  test.slow();
  const SUBMIT = /\/api\/enrollment$/;
  const child = `Kept${unique()}`;
  let answer: Parameters<Route['fulfill']>[0] | 'network' = 'network';
  await page.route(SUBMIT, (route) => (answer === 'network' ? route.abort('internetdisconnected') : route.fulfill(answer)));
  await page.goto('/enrollment');
  await fillApplication(page, `kept.${unique()}@example.com`, child);
  const toast = page.getByRole('alertdialog');

  for (const [failure, fulfilled] of [
    ['the server fails (500)', { status: 500, contentType: 'text/plain', body: 'Internal Server Error: SqliteError: database is locked' }],
    [
      'the server answers with a technical JSON error',
      {
        status: 502,
        contentType: 'application/json',
        body: '{"error":{"json":{"message":"ECONNREFUSED 127.0.0.1:3000","code":-32603,"data":{"httpStatus":502}}}}',
      },
    ],
  ] as const) {
    await test.step(`${failure}: a plain sentence, and every answer is kept`, async () => {
      answer = fulfilled;
      await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
      await expect(toast.getByText('Submission Failed')).toBeVisible();
      const text = await toast.innerText();
      expect(text).toMatch(/Please try again|check your internet connection/);
      expect(text).not.toMatch(/\d{3}:|Error|ECONN|\{|Failed to fetch|Unable to transform/);
      await expect(page.getByLabel("Child's First Name")).toHaveValue(child);
      await expect(page.getByLabel('Allergies')).toHaveValue('Peanuts');
      await expect(page.getByRole('combobox', { name: /Program Requested/ })).toHaveValue('preschool');
      await expect(page.getByRole('button', { name: 'Submit Enrollment Application' })).toBeEnabled();
      expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);
      // Closed, so the next step reads its own toast.
      await toast.getByRole('button').click();
      await expect(toast).toHaveCount(0);
    });
  }

  await test.step('the network fails: the parent reads that we could not be reached, and sending again works', async () => {
    answer = 'network';
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
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

  test('the program with the longest name keeps the page within the phone; the failure toast does not cover the Submit button, and a swipe to the right (past 50 px) dismisses it', async ({
    visitorPage: page,
  }) => {
    await page.route(/\/api\/enrollment$/, (route) => route.fulfill({ status: 500, body: 'x' }));
    await page.goto('/enrollment');
    // fillApplication chooses the program with the longest name.
    await fillApplication(page, `swipe.${unique()}@example.com`, 'Swipe');
    await expect(page.getByRole('combobox', { name: /Program Requested/ })).toHaveValue('preschool');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
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
    // A leftward drag is not one either (docs/product.md §9: swipe direction right).
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

test('before the page script has run: a form sent gets the same answers from the server with nothing typed lost, and a page scrolled down stays where the reader is', async ({
  visitorPage: page,
  server,
}) => {
  // Several former tests' walk in one (a step each): their time in one budget.
  test.slow();
  await test.step('a family who sends the form before its script has run gets the same answers from the server, and nothing typed is lost', async () => {
    const email = `early.${unique()}@example.com`;
    const child = `Early${unique()}`;
    const ready = await openBeforeScripts(page, '/enrollment', (p) => p.getByLabel('Parent First Name'), PAGE_SCRIPT);
    await page.getByLabel("Child's First Name").fill(child);
    await page.getByLabel('Parent First Name').fill('Maria');
    await page.getByLabel('Allergies').fill('Peanuts');
    // Enter sends the form to the server, which answers with the messages at the fields and every answer kept.
    await page.getByLabel('Parent First Name').press('Enter');
    await expect(page.getByLabel('Parent Last Name')).toHaveAccessibleDescription('Parent last name is required');
    await expect(page.getByLabel('Parent Last Name')).toBeFocused();
    await expect(page.getByLabel('Parent First Name')).toHaveValue('Maria');
    await expect(page.getByLabel('Parent First Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Allergies')).toHaveValue('Peanuts');
    expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);
    await ready();
    await fillApplication(page, email, child);
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
    const rows = server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      parentFirstName: 'Maria',
      parentEmail: email,
      parentState: 'OH',
      parentZip: '43215',
      childDateOfBirth: '2023-04-12',
      allergies: 'Peanuts',
    });
  });

  await test.step('scrolled down before the script is there, the form stays where the reader is when it arrives', async () => {
    const ready = await openBeforeScripts(page, '/enrollment', (p) => p.getByLabel('Parent First Name'), PAGE_SCRIPT);
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
    await page.evaluate(() => {
      const w = window as unknown as { lowestScroll: number };
      w.lowestScroll = window.scrollY;
      window.addEventListener('scroll', () => (w.lowestScroll = Math.min(w.lowestScroll, window.scrollY)));
    });
    await ready();
    expect(await page.evaluate(() => window.scrollY)).toBe(700);
    expect(await page.evaluate(() => (window as unknown as { lowestScroll: number }).lowestScroll)).toBe(700);
    // A page opened from here still starts at its top.
    await page.getByRole('link', { name: 'Back to Home' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the server answers with the messages at the fields, then its age warning, which accepted sends the application: the success screen, and it is stored', async ({
    page,
    server,
  }) => {
    const email = `nojs.${unique()}@example.com`;
    const child = `NoJs${unique()}`;
    await page.goto('/enrollment');
    await page.getByLabel('Parent First Name').fill('Maria');
    await page.getByLabel("Child's First Name").fill(child);
    await page.getByLabel('Email Address').fill('maria-at-example');
    await page.getByLabel('Allergies').fill('Peanuts');
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();

    // What the toast says, in a summary at the top that links to each field; the messages at their fields.
    const summary = page.getByRole('alert').filter({ hasText: 'Submission Failed' });
    await expect(summary).toContainText('Please check your information and try again.');
    await expect(summary.getByRole('link', { name: 'Please enter a valid email address' })).toHaveAttribute('href', '#parentEmail');
    const emailField = page.getByLabel('Email Address');
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(emailField).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(page.getByLabel('Parent Last Name')).toHaveAccessibleDescription('Parent last name is required');
    await expect(page.getByLabel('Parent Last Name')).toBeFocused();
    for (const phone of [/^Phone Number/, /^Emergency Contact Phone/])
      await expect(page.getByRole('textbox', { name: phone })).toHaveAccessibleDescription('Please enter a valid phone number');
    // Every answer kept, the spam trap still hidden; nothing stored.
    await expect(page.getByLabel('Parent First Name')).toHaveValue('Maria');
    await expect(page.getByLabel('Allergies')).toHaveValue('Peanuts');
    await expect(page.getByLabel('Allergies')).not.toHaveAttribute('aria-invalid', 'true');
    expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);

    // The age warning is the server's, and accepting it sends the application.
    await fillApplication(page, email, child);
    await page.getByLabel('Date of Birth').fill('2026-04-04');
    await choose(page, /Program Requested/, 'Kindergarten Prep (4-5 years)');
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    await expect(
      page.getByText(
        /^Kindergarten Prep \(4-5 years\) is for children 4 to 5 years; your child will be 9 months old on the desired start date\./,
      ),
    ).toBeVisible();
    const accept = page.getByRole('checkbox', { name: 'Apply for this program anyway' });
    await expect(accept).toBeFocused();
    expect(server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all()).toHaveLength(0);
    await expect(page.getByLabel("Child's First Name")).toHaveValue(child);
    await accept.check();
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();

    await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
    await expect(page.getByText('We will call you within 24 hours')).toBeVisible();
    for (const phone of centre.phones) await expect(page.getByRole('link', { name: phone })).toBeVisible();
    // No answer in the address, nor sent again by a reload.
    expect(page.url()).not.toContain('Maria');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
    const rows = server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, child)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      parentEmail: email,
      programRequested: 'kindergarten',
      emergencyContactRelationship: 'grandparent',
      allergies: 'Peanuts',
      howDidYouHear: 'referral',
    });

    // A pending application in the dashboard's list is admin-enrollment.spec.ts's walk (by name, with its status).
  });
});
