/**
 * The dashboard's tabs, in order, and the `?tab=` search parameter: one entry per tab, its id (its label is the staff
 * catalogue's `staff.tab.<id>`, read by the dashboard) and the file in `tabs/` that draws its panel (tab-panels.ts loads it, a chunk of its own). Kept apart from the dashboard
 * component (and free of zod) because the route definitions import it: whatever they import is loaded by every
 * page, while the dashboard itself is a chunk of its own.
 */
export const ADMIN_TABS = [
  { id: 'overview', panel: 'OverviewTab' },
  { id: 'events', panel: 'EventsTab' },
  { id: 'announcements', panel: 'AnnouncementsTab' },
  { id: 'applications', panel: 'ApplicationsTab' },
  { id: 'children', panel: 'ChildrenTab' },
  { id: 'classrooms', panel: 'ClassroomsTab' },
  { id: 'activities', panel: 'ActivitiesTab' },
  { id: 'attendance', panel: 'AttendanceTab' },
  { id: 'daily', panel: 'DailySheetsTab' },
  { id: 'medication', panel: 'MedicationTab' },
  { id: 'incidents', panel: 'IncidentsTab' },
  { id: 'compliance', panel: 'ComplianceTab' },
  { id: 'communication', panel: 'CommunicationTab' },
  { id: 'payments', panel: 'PaymentsTab' },
  { id: 'billing', panel: 'BillingTab' },
  { id: 'gallery', panel: 'GalleryTab' },
  { id: 'staff', panel: 'StaffTab' },
  { id: 'audit', panel: 'AuditTab' },
  { id: 'settings', panel: 'SettingsTab' },
] as const;
export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

export type StaffRoleName = 'director' | 'teacher';

/**
 * The tabs each role sees (ADR 039): a director every tab, a teacher the children's day. Only what is
 * shown: the server refuses a teacher every director's call whatever the page asks.
 */
const TEACHER_TABS: readonly AdminTabId[] = ['activities', 'attendance', 'daily', 'medication', 'incidents', 'communication'];

export function tabsFor(role: StaffRoleName): (typeof ADMIN_TABS)[number][] {
  return ADMIN_TABS.filter((t) => role === 'director' || TEACHER_TABS.includes(t.id));
}

/** The tab a dashboard opens on when none is asked for: a teacher's is the Attendance tab, her own rooms first. */
export function landingTab(role: StaffRoleName | undefined): AdminTabId {
  return role === 'teacher' ? 'attendance' : 'overview';
}

/** What `overview.attention` counts, and the tab whose badge shows it (a tab may show the sum of several). */
export type AttentionCounts = { unreadMessages: number; newUploads: number; newApplications: number };
export const TAB_COUNTS: Partial<Record<AdminTabId, (a: AttentionCounts) => number>> = {
  applications: (a) => a.newApplications,
  communication: (a) => a.unreadMessages + a.newUploads,
};

const TAB_IDS: readonly string[] = ADMIN_TABS.map((t) => t.id);

/** A record id as the server makes them: letters, digits, '-' and '_', never long. */
const CHILD_ID = /^[\w-]{1,64}$/;

/**
 * `validateSearch` of the dashboard routes: an unknown tab is ignored (the overview shows). The key is always
 * returned, `undefined` when unknown: TanStack Router lays the validated search over the raw one, so leaving
 * the key out would let the raw value through.
 */
export function adminSearch(search: Record<string, unknown>): { tab?: AdminTabId; child?: string } {
  return {
    tab: typeof search.tab === 'string' && TAB_IDS.includes(search.tab) ? (search.tab as AdminTabId) : undefined,
    // The Enrolled tab opens this child's edit dialog (a link from the notice of children who start later).
    child: typeof search.child === 'string' && CHILD_ID.test(search.child) ? search.child : undefined,
  };
}

/**
 * `validateSearch` of /admin/login: `redirect` names the tab to return to after signing in. Only a known tab
 * is kept, so the parameter can never send anyone to another page or site.
 */
export function loginSearch(search: Record<string, unknown>): { redirect?: AdminTabId } {
  return { redirect: adminSearch({ tab: search.redirect }).tab };
}
