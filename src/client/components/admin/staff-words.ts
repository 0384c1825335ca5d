import { formatLite } from '~/shared/i18n/lite';
import { PROGRAMS, type Program } from '~/shared/constants';
import { type StaffKey, staffEn } from '~/shared/i18n/staff-en';

/**
 * A staff screen's words: the staff area of the catalogue, English-only (ADR 070), through the small formatter so
 * the dashboard's first load carries no FormatJS (tests/unit/i18n-lite.test.ts holds it to FormatJS's answer).
 */
export function staffText(key: StaffKey, values?: Record<string, string | number>): string {
  return formatLite('en-US', staffEn[key], values);
}

/** The show/hide button's names of a staff page's password field. */
export function staffPasswordToggle(): { show: string; hide: string } {
  return { show: staffText('staff.password.show'), hide: staffText('staff.password.hide') };
}

/** A program's words on the staff screens (`staff.program.*`); an id the product does not know, as it is. */
export function programText(program: string): string {
  return (PROGRAMS as readonly string[]).includes(program) ? staffText(`staff.program.${program as Program}`) : program;
}
