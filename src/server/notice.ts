import { t } from '~/shared/i18n';
import type { StaffKey } from '~/shared/i18n/staff-en';
import type { StaffTabKey } from '~/shared/i18n/staff-tabs-en';

/** A notice's values: plain text and whole numbers as text, so FormatJS and the page's small formatter agree. */
export type NoticeValues = Record<string, string>;

/**
 * The server's answer to a staff write that the staff page shows (ADR 086): `notice` is the catalogue id and its
 * values, which the page formats itself (admin/tabs/tab-words.ts; the sign-in pages' few, in staff-en.ts, through
 * admin/staff-words.ts); `message` is the same sentence in English, for the REST clients and the audit of the
 * answer, which keep the body they always had.
 */
export function staffNotice<Id extends (StaffTabKey | StaffKey) & `staff.notice.${string}`>(id: Id, values: NoticeValues = {}) {
  return { message: t('en', id, values), notice: { id, values } };
}
