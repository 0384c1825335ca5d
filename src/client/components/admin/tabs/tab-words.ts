import { formatLite } from '~/shared/i18n/lite';
import { type StaffKey, staffEn } from '~/shared/i18n/staff-en';
import { type StaffTabKey, staffTabsEn } from '~/shared/i18n/staff-tabs-en';

/**
 * A dashboard tab's words: the staff area of the catalogue (English-only, ADR 070), its tabs' file and the words the
 * dashboard already loaded (admin/staff-words.ts), through the small formatter. Only the tabs import this file, so
 * their words load with their chunks, not with the dashboard's first load (ADR 086).
 */
/** The words of a staff list's 'Load more' button (ui/LoadMoreButton). */
export function staffLoadMoreWords(): { more: string; loading: string; end: string } {
  return { more: tabText('staff.loadMore'), loading: tabText('staff.loading'), end: tabText('staff.everything') };
}

export function tabText(key: StaffTabKey | StaffKey, values?: Record<string, string | number>): string {
  return formatLite('en-US', key in staffTabsEn ? staffTabsEn[key as StaffTabKey] : staffEn[key as StaffKey], values);
}
