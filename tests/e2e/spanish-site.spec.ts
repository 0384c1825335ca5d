import { eq } from 'drizzle-orm';
import { errorsEs } from '../../src/shared/i18n/errors-es';
import { enrollmentApplications } from '../../db/schema';
import { es } from '../../src/shared/i18n/es';
import { expect, test } from './fixtures';

/**
 * On a 375 px phone a family switches the site to Spanish from the phone menu and applies in Spanish:
 * the form's messages, the toast and the success screen are Spanish, and the application records it.
 */
test.use({ viewport: { width: 375, height: 812 } });

test('a visitor switches to Spanish from the phone menu and applies in Spanish', async ({ visitorPage: page, server }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: es['home.programs.heading'] })).toBeVisible();
  // The page's script listens for the menu once it has run.
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');

  // The Spanish menu, to the Spanish form.
  const menu = page.getByRole('navigation', { name: es['nav.main'] });
  const menuButton = menu.getByRole('button', { name: es['nav.menu'] });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('link', { name: es['nav.enrollment'] }).click();
  await expect(page).toHaveURL(/\/es\/enrollment$/);
  await expect(page.getByRole('heading', { name: es['enrollment.title'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');

  // Sent empty: the script's own check answers in Spanish.
  await page.getByRole('button', { name: es['enrollment.submit'] }).click();
  await expect(page.getByText(errorsEs['error.parentFirstName'])).toBeVisible();
  await expect(page.getByText(es['enrollment.failed'], { exact: true })).toBeVisible();

  const email = `lucia.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const field = (key: keyof typeof es) => page.getByLabel(es[key]);
  await field('enrollment.field.parentFirstName').fill('Lucía');
  await field('enrollment.field.parentLastName').fill('Pérez');
  await field('enrollment.field.parentEmail').fill(email);
  await field('enrollment.field.parentPhone').fill('(614) 555-0199');
  await field('enrollment.field.parentAddress').fill('22 High Street');
  await field('enrollment.field.parentCity').fill('Columbus');
  await field('enrollment.field.parentZip').fill('43215');
  await field('enrollment.field.childFirstName').fill('Emma');
  await field('enrollment.field.childLastName').fill('Pérez');
  await field('enrollment.field.childDateOfBirth').fill('2023-04-12');
  await field('enrollment.field.childAge').fill('3 años');
  await page
    .getByRole('combobox', { name: es['enrollment.field.programRequested'] })
    .selectOption({ label: es['enrollment.program.preschool'] });
  await field('enrollment.field.startDate').fill('2027-01-04');
  await field('enrollment.field.emergencyContactName').fill('Rosa Pérez');
  await field('enrollment.field.emergencyContactPhone').fill('614-555-0100');
  await page
    .getByRole('combobox', { name: es['enrollment.field.emergencyContactRelationship'] })
    .selectOption({ label: es['enrollment.relationship.grandparent'] });
  await page.getByRole('button', { name: es['enrollment.submit'] }).click();

  await expect(page.getByRole('heading', { name: es['enrollment.success.heading'] })).toBeVisible();
  await expect(page.getByText(es['enrollment.toast.sent'], { exact: true })).toBeVisible();
  await expect(page.locator('#main').getByRole('link', { name: es['enrollment.success.home'] })).toHaveAttribute('href', '/es');
  await expect
    .poll(() => server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.parentEmail, email)).get()?.language)
    .toBe('es');
});
