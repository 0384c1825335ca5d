/**
 * What the server draws for the form pages (ADR 037; client/form-pages.tsx), the drawing itself: the messages at
 * their fields with aria-invalid and aria-describedby, the summary, focus on the first invalid field, the age
 * warning, and the sign-in's refusal. The server tests (integration/form-pages.test.ts) check what it is drawn with.
 */
import { describe, expect, it } from 'vitest';

const load = () => import('../../src/client/entry-server');
const tag = (html: string, id: string) => new RegExp(`<(input|select|textarea)[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? '';

describe('/enrollment', () => {
  it('a refused form: each message at its field, the first invalid field focused, a summary linking to each, what was typed kept', async () => {
    const { renderEnrollmentPage } = await load();
    const html = await renderEnrollmentPage({
      submitted: false,
      values: { parentFirstName: 'Maria', parentEmail: 'maria-at', allergies: 'Peanuts & <dust>' },
      errors: { parentLastName: 'Parent last name is required', parentEmail: 'Please enter a valid email address' },
    });
    expect(tag(html, 'parentLastName')).toMatch(/aria-invalid="true"/);
    expect(tag(html, 'parentLastName')).toMatch(/autofocus=""/);
    expect(tag(html, 'parentEmail')).toMatch(/aria-invalid="true"/);
    expect(tag(html, 'parentEmail')).toMatch(/aria-describedby="parentEmail-error"/);
    expect(tag(html, 'parentEmail')).not.toMatch(/autofocus/);
    expect(tag(html, 'parentEmail')).toMatch(/value="maria-at"/);
    expect(tag(html, 'parentFirstName')).not.toMatch(/aria-invalid/);
    expect(html).toMatch(/<p id="parentEmail-error"[^>]*>Please enter a valid email address<\/p>/);
    expect(html).toMatch(/<a href="#parentEmail"[^>]*>Please enter a valid email address<\/a>/);
    expect(html).toContain('Submission Failed');
    expect(html).toContain('Please check your information and try again.');
    // Typed text is escaped, never markup.
    expect(html).toContain('Peanuts &amp; &lt;dust&gt;</textarea>');
    // The success screen waits in a template for the page's script.
    expect(html).toMatch(/<template id="enrollment-success">[^]*Application Submitted Successfully![^]*<\/template>/);
  });

  it('a message for no field of the form (a rule across fields) is said for the whole form', async () => {
    const { renderEnrollmentPage } = await load();
    const html = await renderEnrollmentPage({
      submitted: false,
      values: {},
      errors: { _form: 'The start date must come after the date of birth' },
    });
    expect(html).toMatch(/role="alert"[^>]*>[^]*Submission Failed[^]*The start date must come after the date of birth/);
  });

  it('the age warning shows with its checkbox, focused when it is the only thing to answer', async () => {
    const { renderEnrollmentPage } = await load();
    const warning =
      'Kindergarten Prep (4-5 years) is for children 4 to 5 years; your child will be 9 months old on the desired start date.';
    const html = await renderEnrollmentPage({ submitted: false, values: {}, errors: {}, ageWarning: warning });
    expect(html).toMatch(/<div id="age-warning" class="[^"]*">/);
    expect(html).toContain(`<span id="age-warning-text">${warning}</span>`);
    expect(tag(html, 'applyAnyway')).toMatch(/autofocus=""/);
    const quiet = await renderEnrollmentPage({ submitted: false, values: {}, errors: {} });
    expect(quiet).toMatch(/<div id="age-warning" hidden=""/);
  });

  it('sent: the success screen of docs/product.md and no form', async () => {
    const { renderEnrollmentPage } = await load();
    const html = await renderEnrollmentPage({ submitted: true, values: {}, errors: {} });
    expect(html).toContain('Application Submitted Successfully!');
    expect(html).not.toContain('<form');
  });
});

describe('/parent-login', () => {
  it("a refusal reads 'Login Failed' with the server's sentence, the password field focused; the e-mail kept", async () => {
    const { renderParentLoginPage } = await load();
    const html = await renderParentLoginPage({ email: 'pat@example.com', failure: 'Invalid email or password' });
    expect(html).toMatch(/role="alert"[^>]*><p[^>]*>Login Failed<\/p><p[^>]*>Invalid email or password<\/p>/);
    expect(tag(html, 'email')).toMatch(/value="pat@example.com"/);
    expect(tag(html, 'password')).toMatch(/autofocus=""/);
    expect(tag(html, 'password')).not.toMatch(/value=/);
    // Refused credentials are said at the password too, when the server gives them to it.
    const atField = await renderParentLoginPage({
      failure: 'Invalid email or password',
      errors: { password: 'Invalid email or password' },
    });
    expect(tag(atField, 'password')).toMatch(/aria-invalid="true"/);
    expect(tag(atField, 'password')).toMatch(/aria-describedby="password-error"/);
    expect(tag(atField, 'password')).toMatch(/autofocus=""/);
    expect(atField).toMatch(/<p id="password-error"[^>]*>Invalid email or password<\/p>/);
    // Closed, the reset form is only in its template (no second e-mail field in the page).
    expect(html).toMatch(/<div id="reset-panel" hidden=""><\/div><template id="reset-template">/);
  });

  it('the password is marked required as the e-mail is: the asterisk beside its label, aria-required', async () => {
    const { renderParentLoginPage } = await load();
    for (const language of ['en', 'es'] as const) {
      const html = await renderParentLoginPage({ language });
      for (const id of ['email', 'password']) {
        const star = '<span aria-hidden="true"[^>]*> (<!-- -->)?\\*</span>';
        expect(html).toMatch(new RegExp(`<label for="${id}"[^>]*>[^<]+(${star}</label>|</label>${star})`));
        expect(tag(html, id)).toMatch(/aria-required="true"/);
      }
    }
  });

  it("the schema's messages at the fields, a notice by its code, and the reset panel open with its answer", async () => {
    const { renderParentLoginPage } = await load();
    const html = await renderParentLoginPage({
      errors: { email: 'Please enter a valid email address', password: 'Password is required' },
      notice: 'session-ended',
    });
    expect(html).toMatch(/<p id="email-error"[^>]*>Please enter a valid email address<\/p>/);
    expect(html).toMatch(/<p id="password-error"[^>]*>Password is required<\/p>/);
    expect(tag(html, 'email')).toMatch(/autofocus=""/);
    expect(html).toContain('Your session has ended. Please sign in again.');
    const open = await renderParentLoginPage({
      forgotOpen: true,
      resetDone: 'If a Parent Portal account exists for that e-mail, we have sent it a link.',
    });
    expect(open).toMatch(/<div id="reset-panel"><p role="status"[^>]*>If a Parent Portal account exists/);
    expect(open).toMatch(/aria-expanded="true"/);
  });
});
