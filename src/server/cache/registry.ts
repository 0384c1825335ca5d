/**
 * The reads whose finished answers the response cache keeps (ADR 017), each declared once: its tRPC procedure,
 * its REST path, what its answer varies on, and whose it is. The response cache (response-cache.ts), the REST
 * shim of the public lists (rest/public.ts) and the page renderer (pages/render.ts) all read this list; adding a
 * public list is one entry here.
 *
 * What an answer varies on is only what is declared: the REST path's own parameters, the query parameters named
 * in `query`, the tRPC input's fields named in `input`, the language (a page's, from its address; a read's, from
 * `?lang=` when `lang` is set: never Accept-Language, ADR 045), and, for a session's
 * read, the session the normal sign-in check found. A request with anything else in its query, a cursor (only a
 * list's first page is cached), or a header sent twice is never answered from the cache.
 */
import { languageOfPath, type PageLanguage } from '../../shared/i18n/paths';
import { PUBLIC_PAGES, SPANISH_PATHS } from '../../shared/public-pages';

/** Whose answer it is: the same for every visitor without a session, or one signed-in session's own. */
export type Whose = 'everyone' | 'parent-session' | 'staff-session';

/** The tRPC input a read takes: none, one id, or an object of these fields (values: strings, numbers, booleans, null). */
export type InputShape = 'none' | 'id' | readonly string[];

export interface CachedRead {
  procedure: string;
  /** The REST path of docs/product.md §7 (`:name` for a path parameter), when the read has one. */
  rest?: string;
  /** The REST query parameters the read takes. */
  query?: readonly string[];
  input: InputShape;
  whose: Whose;
  /** The answer is in the language `?lang=` names (en, the default, or es): a part of its key. Never Accept-Language. */
  lang?: boolean;
}

export interface CachedPage {
  path: string;
  query?: readonly string[];
  whose: 'everyone';
  /** The page's language, which its address gives (`/es/...` is Spanish: ADR 045): a part of its key. */
  lang: PageLanguage;
  /** Rendered again each minute for what the page computes from the time. */
  freshForMinute: true;
}

/** The parameter that names a page after the first; present, the request is never answered from the cache. */
export const CURSOR = 'cursor';
const PAGE = ['limit', CURSOR] as const;
/** The Audit tab's filters (GET /api/admin/audit-log). */
const AUDIT_FILTERS = ['actorId', 'entity', 'entityId', 'from', 'to'] as const;
/** The Billing tab's invoice filters (GET /api/admin/invoices). */
const INVOICE_FILTERS = ['status', 'familyEmail', 'period'] as const;

/** The public lists: every visitor reads the same answer; a page may be rendered with them. */
export const PUBLIC_LISTS = [
  { procedure: 'events.list', rest: '/api/events', input: 'none', whose: 'everyone' },
  { procedure: 'announcements.list', rest: '/api/announcements', input: 'none', whose: 'everyone' },
  { procedure: 'gallery.list', rest: '/api/gallery', input: 'none', whose: 'everyone' },
  { procedure: 'milestones.list', rest: '/api/milestones', input: 'none', whose: 'everyone' },
  { procedure: 'achievements.list', rest: '/api/achievements', input: 'none', whose: 'everyone' },
  { procedure: 'achievements.recent', rest: '/api/achievements/recent', input: 'none', whose: 'everyone' },
] as const satisfies readonly CachedRead[];

/** The name of a public list (a page names those it is rendered with: client/entry-server.tsx). */
export type PublicListName = (typeof PUBLIC_LISTS)[number]['procedure'];

export const CACHED_READS: readonly CachedRead[] = [
  ...PUBLIC_LISTS,
  // The public events as an iCalendar feed (rest/public.ts): every visitor's the same, like the lists.
  { procedure: 'events.calendar', rest: '/api/events.ics', input: ['lang'], whose: 'everyone', lang: true },
  // A signed-in parent's own reads: the portal and its dashboard.
  { procedure: 'parentAuth.me', rest: '/api/parent/me', input: 'none', whose: 'parent-session' },
  { procedure: 'parentPortal.children', rest: '/api/parent/children', input: 'none', whose: 'parent-session' },
  { procedure: 'parentPortal.dashboard', input: ['childId'], whose: 'parent-session' },
  {
    procedure: 'parentPortal.activities',
    rest: '/api/parent/daily-activities/:childId',
    query: PAGE,
    input: ['childId', ...PAGE],
    whose: 'parent-session',
  },
  {
    procedure: 'parentPortal.notes',
    rest: '/api/parent/development-notes/:childId',
    query: PAGE,
    input: ['childId', ...PAGE],
    whose: 'parent-session',
  },
  { procedure: 'parentPortal.stats', rest: '/api/parent/stats/:childId', input: 'id', whose: 'parent-session' },
  // The Today tab: a child's day, and the child's photos.
  {
    procedure: 'daily.parentDay',
    rest: '/api/parent/daily-entries/:childId',
    query: ['date'],
    input: ['childId', 'date'],
    whose: 'parent-session',
  },
  {
    procedure: 'daily.parentPhotos',
    rest: '/api/parent/children/:id/photos',
    query: PAGE,
    input: ['childId', ...PAGE],
    whose: 'parent-session',
  },
  { procedure: 'parentPortal.milestones', rest: '/api/parent/milestones/:childId', input: 'id', whose: 'parent-session' },
  { procedure: 'communications.parentMessages', rest: '/api/parent/communications', query: PAGE, input: PAGE, whose: 'parent-session' },
  {
    procedure: 'communications.parentDocumentRequests',
    rest: '/api/parent/document-requests',
    query: PAGE,
    input: PAGE,
    whose: 'parent-session',
  },
  {
    procedure: 'payments.parentReceipts',
    rest: '/api/parent/payment-receipts',
    query: ['childId', ...PAGE],
    input: ['childId', ...PAGE],
    whose: 'parent-session',
  },
  // A staff session's largest reads: the roster, a child's records, the Applications, Payments and Communication tabs.
  { procedure: 'children.list', rest: '/api/admin/enrolled-children', input: 'none', whose: 'staff-session' },
  {
    procedure: 'applications.list',
    rest: '/api/enrollment-applications',
    query: ['status', ...PAGE],
    input: ['status', ...PAGE],
    whose: 'staff-session',
  },
  { procedure: 'development.childRecords', rest: '/api/admin/child-activities/:childId', input: 'id', whose: 'staff-session' },
  { procedure: 'payments.list', rest: '/api/admin/payment-receipts', query: PAGE, input: PAGE, whose: 'staff-session' },
  { procedure: 'payments.summary', rest: '/api/admin/payment-receipts/summary', input: 'none', whose: 'staff-session' },
  // The Attendance tab's day, and the Audit tab's first page with its filters.
  { procedure: 'attendance.day', rest: '/api/admin/attendance', query: ['date'], input: ['date'], whose: 'staff-session' },
  {
    procedure: 'auditLog.list',
    rest: '/api/admin/audit-log',
    query: [...AUDIT_FILTERS, ...PAGE],
    input: [...AUDIT_FILTERS, ...PAGE],
    whose: 'staff-session',
  },
  { procedure: 'communications.adminMessages', rest: '/api/admin/communications', query: PAGE, input: PAGE, whose: 'staff-session' },
  {
    procedure: 'communications.adminDocumentRequests',
    rest: '/api/admin/document-requests',
    query: PAGE,
    input: PAGE,
    whose: 'staff-session',
  },
  // The Billing tab's invoice list with its filters (its amounts and statuses are stored: nothing in it moves with the clock).
  {
    procedure: 'billing.invoices',
    rest: '/api/admin/invoices',
    query: [...INVOICE_FILTERS, ...PAGE],
    input: [...INVOICE_FILTERS, ...PAGE],
    whose: 'staff-session',
  },
  // The Billing tab's aging report and the parent's Payments tab (ADR 101): both move with the centre's day (days
  // past due, "overdue"), which every key holds, and with any write, which empties the store.
  { procedure: 'billingReports.aging', rest: '/api/admin/billing/aging', input: 'none', whose: 'staff-session' },
  { procedure: 'billingReports.parentBilling', rest: '/api/parent/billing', input: 'none', whose: 'parent-session' },
];

/** The pages rendered the same for every visitor (pages/render.ts); the parent dashboard is rendered per parent, never cached. */
export const CACHED_PAGES: readonly CachedPage[] = [...PUBLIC_PAGES.map((p) => p.path), ...SPANISH_PATHS, '/parent-login'].map((path) => ({
  path,
  whose: 'everyone',
  lang: languageOfPath(path),
  freshForMinute: true,
}));

/** A REST path's pattern: its literal segments, and its `:name` segments as one segment of anything but a slash. */
function restPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

const BY_PROCEDURE = new Map(CACHED_READS.map((read) => [read.procedure, read]));
const REST = CACHED_READS.filter((read) => read.rest !== undefined).map((read) => ({ read, pattern: restPattern(read.rest!) }));
const PAGES = new Map(CACHED_PAGES.map((page) => [page.path, page]));

export function readOfProcedure(procedure: string): CachedRead | undefined {
  return BY_PROCEDURE.get(procedure);
}

export function readOfRestPath(path: string): CachedRead | undefined {
  return REST.find((r) => r.pattern.test(path))?.read;
}

export function pageOfPath(path: string): CachedPage | undefined {
  return PAGES.get(path);
}

/** Calls a read's procedure on a tRPC caller (the page renderer reads the public lists this way). */
export function callRead(caller: object, procedure: PublicListName): Promise<unknown> {
  const [domain, name] = procedure.split('.') as [string, string];
  const fn = (caller as Record<string, Record<string, () => Promise<unknown>>>)[domain]![name]!;
  return fn();
}
