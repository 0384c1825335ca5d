/**
 * The authorization matrix: for every tRPC procedure and every REST path, the HTTP status each caller gets
 * with a valid input that names family A's records. `tests/integration/authorization-matrix.test.ts` lists the
 * procedures from appRouter and the paths from the Hono app and fails for any that has no entry here, so a new
 * procedure or path cannot ship without someone deciding who may call it.
 *
 * Callers: anonymous, parent A (owns every id below), parent B (another family), and staff. Parent B asking
 * for family A's records gets 404 — the same answer as for an id that does not exist.
 *
 * This file is the only record of who may call what. `tests/integration/admin-access.test.ts` reads from it
 * which procedures and paths are public (anonymous is not answered 401) and which both parents and staff use,
 * then calls every other one with made-up ids and no input, checking the guard answers 401 and 403 before
 * anything else is read.
 */
import { json, sampleApplication, sampleChild } from './helpers/enrollment-fixtures';
import { as } from './helpers/admin-server';
import { type Fixtures, PDF, type Role } from './helpers/authz-fixtures';
import { archiveLinkToken } from '../src/server/exports/archive-links';
import { centreDateOf } from '../src/shared/centre-time';
import { centreClock24 } from '../src/shared/centre-clock';
import { lateFeeProposalFor } from './helpers/billing';

export type Expected = Record<Role, number>;
type Maybe<T> = T | Promise<T>;

export interface ProcedureEntry {
  expect: Expected;
  input?: (f: Fixtures, role: Role) => Maybe<unknown>;
}

export interface RouteEntry {
  expect: Expected;
  /** The path with its parameters filled in (default: the registered path, which then has none). */
  path?: (f: Fixtures, role: Role) => Maybe<string>;
  /** A JSON body, or a FormData / raw bytes sent as they are. */
  body?: (f: Fixtures, role: Role) => Maybe<unknown>;
  /**
   * The path carries a signature that is checked before the session (a link e-mailed to a family): a made-up one is
   * 404 to everyone, so the guard checks with made-up ids (admin-access.test.ts) cannot reach the session check.
   * The statuses above are for a genuine link.
   */
  signedLink?: true;
}

/** Anyone, signed in or not. */
const everyone = (ok = 200): Expected => ({ anonymous: ok, parentA: ok, parentB: ok, teacher: ok, admin: ok });
/** Every staff member, teacher or director (the children's day): 401 without a session, 403 to a parent. */
const staff = (ok = 200): Expected => ({ anonymous: 401, parentA: 403, parentB: 403, teacher: ok, admin: ok });
/** A director only: a teacher gets 403 with a sentence (ADR 039). */
const director = (ok = 200): Expected => ({ anonymous: 401, parentA: 403, parentB: 403, teacher: 403, admin: ok });
/** Any parent, for their own records (no id of another family in the input). */
const parents = (ok = 200): Expected => ({ anonymous: 401, parentA: ok, parentB: ok, teacher: 403, admin: 403 });
/** Parent A only: the input names family A's records, which parent B cannot tell from records that do not exist. */
const familyA = (ok = 200): Expected => ({ anonymous: 401, parentA: ok, parentB: 404, teacher: 403, admin: 403 });
/** Staff and parent A (what both roles do, such as reading a family's document); parent B gets 404. */
const staffOrFamilyA = (ok = 200): Expected => ({ anonymous: 401, parentA: ok, parentB: 404, teacher: ok, admin: ok });

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}`;

/** A valid patch of the centre's profile: a new licence number, which no page or test reads. */
const centrePatch = () => ({ licenceNumber: unique('LIC') });

const event = () => ({ title: unique('Pajama Day'), description: 'Wear your pajamas', eventDate: '2026-12-04' });
const announcement = () => ({
  title: unique('Picture day'),
  content: 'Photos on Tuesday',
  category: 'general',
  priority: 'normal',
  isPublic: true,
});
const child = () => ({ ...sampleChild, parentEmail: `${unique('matrix.parent')}@example.com` });
const application = () => ({ ...sampleApplication, parentEmail: `${unique('matrix.applicant')}@example.com` });
const activity = (f: Fixtures) => ({
  childId: f.childA,
  activityDate: '2026-11-20',
  category: 'creative',
  title: 'Ashdown-finger-painting',
  description: 'Painted',
  skillsPracticed: 'colour',
});
const note = (f: Fixtures) => ({
  childId: f.childA,
  category: 'social',
  title: 'Ashdown-private-note',
  content: 'Shares toys',
  isPrivate: true,
});
const receipt = (f: Fixtures) => ({
  childId: f.childA,
  parentName: 'Ann Ashdown',
  parentEmail: f.a.email,
  amount: '80.00',
  paymentMethod: 'cash',
  paymentDate: '2026-11-03',
  paymentType: 'tuition',
});
const message = (f: Fixtures) => ({ childId: f.childA, subject: 'Ashdown-message-subject', content: 'See you soon' });
const documentRequest = (f: Fixtures) => ({
  childId: f.childA,
  documentType: 'immunization',
  title: 'Ashdown-request-title',
  description: 'Please send it',
});
const dailyEntry = (f: Fixtures) => ({ childId: f.childA, kind: 'meal', details: { meal: 'lunch', amount: 'most', food: 'Pasta' } });
const groupEntry = (f: Fixtures) => ({ childIds: [f.childA], kind: 'meal', details: { meal: 'pm_snack', amount: 'all' } });
const week = { weekStartDate: '2026-11-15', weekEndDate: '2026-11-21' };
const adminLogin = (f: Fixtures) => ({ email: f.adminEmail, password: f.passwords.admin });
const parentLogin = (f: Fixtures) => ({ email: f.a.email, password: f.passwords.parentA });
const forgot = () => ({ email: `${unique('forgetful')}@example.com` });
const reset = async (f: Fixtures) => ({ token: await f.resetToken(), password: unique('Lantern orchard pebble') });
/** The caller's own current password and a new one; a parent's change is remembered for the next sign-in. */
function passwordChange(f: Fixtures, role: Role) {
  const who = role === 'parentB' ? 'parentB' : 'parentA';
  const currentPassword = f.passwords[who];
  const newPassword = unique('Lantern orchard pebble');
  if (role === who) f.passwords[who] = newPassword;
  return { currentPassword, newPassword };
}
/** A staff member's own password change: the director's or the teacher's account, remembered for the next sign-in. */
function staffPasswordChange(f: Fixtures, role: Role) {
  const who = role === 'teacher' ? 'teacher' : 'admin';
  const currentPassword = f.passwords[who];
  const newPassword = unique('Lantern orchard pebble');
  if (role === who) f.passwords[who] = newPassword;
  return { currentPassword, newPassword };
}
/** A staff member's password typed again: the teacher's for the teacher, the director's for anyone else. */
const ownPassword = (f: Fixtures, role: Role) => ({ password: f.passwords[role === 'teacher' ? 'teacher' : 'admin'] });
const invite = () => ({ name: unique('Tess Teacher'), email: `${unique('matrix.invite')}@example.com`, role: 'teacher' });
const setPassword = async (f: Fixtures) => ({ token: await f.staffToken(), password: unique('Lantern orchard pebble') });
/**
 * The first start's setup form (ADR 091): the matrix's centre has staff, so no link can set it up again: 400 to
 * everyone, and no role gets an account out of it (tests/integration/first-start.test.ts has the working link).
 */
const firstStart = () => ({
  token: unique('setup-token'),
  name: 'Dana Director',
  email: `${unique('matrix.setup')}@example.com`,
  password: unique('Lantern orchard pebble'),
});
const respond = async (f: Fixtures) => ({
  id: await f.documentRequestA(),
  documentUrl: await f.uploadedByA(),
  documentName: 'Immunization record',
});

// ── classrooms and attendance: fresh rows per call, so a role's call never meets another's ──
const room = () => ({ name: unique('Sunflower Room'), ageGroup: 'preschool_3', capacity: 16 });
const pickup = () => ({ name: unique('Grace Grandma'), relationship: 'Grandmother', phone: '614-555-0199' });
async function adminPost(f: Fixtures, path: string, body: unknown): Promise<string> {
  const res = await f.s.request(path, { method: 'POST', json: body, ...as(f.s.admin) });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await json<{ id: string }>(res)).id;
}
/** Tuition billing (ADR 100): a plan, family A's child billed on one, and family A's invoice of a month of its own. */
const billingPlan = () => ({ name: unique('Preschool full time'), program: 'preschool', period: 'monthly', amount: '1080.00' });
const newPlan = (f: Fixtures) => adminPost(f, '/api/admin/billing/plans', billingPlan());
const terms = async (f: Fixtures) => ({
  planId: await newPlan(f),
  startDate: '2026-01-01',
  discountPercent: 0,
  discountReason: null,
  subsidy: null,
});
let invoiceMonths = 0;
async function newInvoiceA(f: Fixtures): Promise<string> {
  const put = await f.s.request(`/api/admin/children/${f.childA}/billing`, { method: 'PUT', json: await terms(f), ...as(f.s.admin) });
  if (put.status !== 200) throw new Error(`terms: ${put.status} ${await put.text()}`);
  const month = ++invoiceMonths;
  const period = `${2030 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}`;
  const generated = await f.s.request('/api/admin/invoices/generate', { method: 'POST', json: { period }, ...as(f.s.admin) });
  if (generated.status !== 200) throw new Error(`generate: ${generated.status} ${await generated.text()}`);
  const list = await f.s.request(`/api/admin/invoices?period=${period}&familyEmail=${encodeURIComponent(f.a.email)}`, as(f.s.admin));
  return (await json<{ id: string }[]>(list))[0]!.id;
}
/** A path's row made by `path` for its `body` (path is called first, for the same fixtures). */
const pendingPickup = new WeakMap<Fixtures, string>();
const pendingTime = new WeakMap<Fixtures, string>();
const newRoom = (f: Fixtures) => adminPost(f, '/api/admin/classrooms', room());
async function newPickup(f: Fixtures): Promise<{ childId: string; id: string }> {
  const childId = await f.child();
  return { childId, id: await adminPost(f, `/api/admin/enrolled-children/${childId}/pickups`, pickup()) };
}
/** A fresh person on family A's child's list (a parent's removal takes one each call). */
async function pickupOfA(f: Fixtures): Promise<{ childId: string; id: string }> {
  return { childId: f.childA, id: await adminPost(f, `/api/admin/enrolled-children/${f.childA}/pickups`, pickup()) };
}
// ── incident reports (ADR 093): a fresh report of family A's child per call, for what a call uses up ──
const incident = (f: Fixtures) => ({
  childId: f.childA,
  occurredAt: new Date(f.s.clock.now().getTime() - 3_600_000).toISOString(),
  location: 'Playground',
  kind: 'injury',
  description: 'Fell from the slide and scraped a knee',
  firstAid: 'Washed and a plaster',
  witnesses: ['Tess Teacher'],
  serious: true,
});
const newIncident = (f: Fixtures) => adminPost(f, '/api/admin/incidents', incident(f));
const licensingNotice = (f: Fixtures) => ({ notifiedAt: f.s.clock.now().toISOString(), method: 'phone', reference: 'OH-1' });
/** A check-in an hour ago of a fresh child, and a time half an hour later to correct it to. */
async function checkIn(f: Fixtures): Promise<{ id: string; at: string }> {
  const hourAgo = f.s.clock.now().getTime() - 3_600_000;
  const id = await adminPost(f, '/api/admin/attendance', {
    childId: await f.child(),
    kind: 'in',
    by: 'Jin Park',
    at: new Date(hourAgo).toISOString(),
  });
  return { id, at: new Date(hourAgo + 1_800_000).toISOString() };
}

// ── medication (ADR 092): fresh requests per call, so an approval or a dose never meets another role's ──
const todayOf = (f: Fixtures) => centreDateOf(f.s.clock.now());
const medication = (f: Fixtures) => ({
  medicationName: 'Amoxicillin',
  reason: 'Ear infection',
  dose: '5 ml',
  route: 'By mouth',
  times: [centreClock24(f.s.clock.now())],
  asNeeded: null,
  startDate: todayOf(f),
  endDate: todayOf(f),
  refrigerate: true,
  prescription: true,
  physicianNeeded: false,
  signature: 'Ann Ashdown',
});
const paperMedication = (f: Fixtures) => ({ ...medication(f), childId: f.childA, signedOn: todayOf(f) });
/** A pending request for family A's child, entered by the director from paper. */
const pendingMedication = (f: Fixtures) => adminPost(f, '/api/admin/medication-authorizations', paperMedication(f));
/** An approved request due now, for a dose. */
async function activeMedication(f: Fixtures): Promise<string> {
  const id = await pendingMedication(f);
  const res = await f.s.request(`/api/admin/medication-authorizations/${id}/approve`, { method: 'POST', ...as(f.s.admin) });
  if (res.status !== 200) throw new Error(`approve: ${res.status} ${await res.text()}`);
  return id;
}
const dose = async (f: Fixtures) => ({
  authorizationId: await activeMedication(f),
  givenAt: f.s.clock.now().toISOString(),
  dose: '5 ml',
  notes: null,
});
// ── health records, the yearly review, staff records, the inspector's view (ADR 094) ──
const health = () => ({
  medicalExamDate: '2026-10-01',
  examiner: 'Dr. Lee',
  immunizations: 'complete',
  carePlanRequired: false,
  carePlanSummary: null,
});
/** A file the role uploaded, for the role that may hand it in; a made-up URL for the others (refused before it is read). */
async function healthUpload(f: Fixtures, role: Role): Promise<string> {
  if (role === 'parentA') return f.uploadedByA();
  if (role !== 'admin') return '/api/objects/upload/not-a-token';
  const res = await f.s.request('/api/objects/upload', { method: 'POST', headers: f.headers('admin') });
  const { uploadURL } = await json<{ uploadURL: string }>(res);
  const put = await f.s.request(uploadURL, {
    method: 'PUT',
    body: PDF,
    headers: { ...f.headers('admin'), 'content-type': 'application/pdf' },
  });
  if (put.status !== 201) throw new Error(`upload: ${put.status}`);
  return uploadURL;
}
/** Family A's child with no yearly review waiting: any waiting one is countersigned first, so the parent may sign again. */
async function noReviewWaiting(f: Fixtures): Promise<void> {
  const waiting = await json<{ id: string }[]>(await f.s.request('/api/admin/annual-reviews', { headers: f.headers('admin') }));
  for (const r of waiting)
    await f.s.request(`/api/admin/annual-reviews/${r.id}/countersign`, { method: 'POST', headers: f.headers('admin') });
}
/** A review of family A's child waiting for the director, for the director's call; a made-up id for the others. */
async function reviewWaiting(f: Fixtures, role: Role): Promise<string> {
  if (role !== 'admin') return 'no-such-review';
  await noReviewWaiting(f);
  const res = await f.s.request(`/api/parent/children/${f.childA}/annual-review`, {
    method: 'POST',
    json: { signature: 'Ada Ashdown' },
    headers: f.headers('parentA'),
  });
  if (res.status !== 201) throw new Error(`review: ${res.status} ${await res.text()}`);
  return (await json<{ id: string }>(res)).id;
}
const staffRecord = () => ({
  backgroundCheckDate: '2024-05-01',
  firstAidExpires: '2027-05-01',
  cprExpires: '2027-05-01',
  trainingHours: 12,
});
const staffFor = (f: Fixtures, role: Role) => (role === 'admin' ? f.staffAccount() : 'no-such-staff');

export const PROCEDURES: Record<string, ProcedureEntry> = {
  'events.list': { expect: everyone() },
  'events.calendar': { expect: everyone() },
  'events.all': { expect: director() },
  'events.create': { expect: director(), input: event },
  'events.update': { expect: director(), input: async (f) => ({ id: await f.event(), ...event() }) },
  'events.delete': { expect: director(), input: (f) => f.event() },
  // The centre's profile (ADR 090).
  'centre.public': { expect: everyone() },
  'centre.profile': { expect: director() },
  'centre.update': { expect: director(), input: centrePatch },
  // A logo is uploaded first each time, so that removing it writes (removing no logo changes nothing).
  'centre.removeLogo': {
    expect: director(),
    input: async (f) => {
      await f.centreLogo();
      return undefined;
    },
  },
  'announcements.list': { expect: everyone() },
  'announcements.all': { expect: director() },
  'announcements.create': { expect: director(), input: announcement },
  'announcements.update': { expect: director(), input: async (f) => ({ id: await f.announcement(), ...announcement() }) },
  'announcements.delete': { expect: director(), input: (f) => f.announcement() },
  'gallery.list': { expect: everyone() },
  'milestones.list': { expect: everyone() },
  'achievements.list': { expect: everyone() },
  'achievements.recent': { expect: everyone() },
  'achievements.forChild': { expect: staff(), input: (f) => f.childA },
  'achievements.record': { expect: staff(), input: (f) => ({ childId: f.childA, milestoneId: f.milestone(), achievedAt: '2026-11-19' }) },
  'achievements.delete': { expect: staff(), input: (f) => f.achievement() },
  'enrollment.submit': { expect: everyone(), input: application },
  'adminAuth.login': { expect: everyone(), input: adminLogin },
  'adminAuth.logout': { expect: everyone() },
  'adminAuth.me': { expect: staff() },
  'adminAuth.forgotPassword': { expect: everyone(), input: forgot },
  'adminAuth.setPassword': { expect: everyone(), input: setPassword },
  'adminAuth.setup': { expect: everyone(400), input: firstStart },
  'adminAuth.changePassword': { expect: staff(), input: staffPasswordChange },
  // The password again before a second-factor change (auth/recent-proof.ts): the role's own, as a change left it.
  'adminAuth.reauth': { expect: staff(), input: ownPassword },
  // The second factor (ADR 102). Without a pending sign-in or a challenge of this browser, the second steps are 400.
  'adminAuth.loginMfa': { expect: everyone(400), input: () => ({ code: '123456' }) },
  'adminAuth.passkeyOptions': { expect: everyone() },
  'adminAuth.loginPasskey': { expect: everyone(400), input: () => ({ response: { id: 'made-up' } }) },
  'staffMfa.status': { expect: staff() },
  'staffMfa.totpSetup': { expect: staff() },
  // A made-up code is refused (400) whether or not a setup was started.
  'staffMfa.totpConfirm': { expect: staff(400), input: () => ({ code: '000000' }) },
  // The matrix's accounts have no app: nothing to remove, no factor to make codes for.
  'staffMfa.totpRemove': { expect: staff(404) },
  'staffMfa.recoveryCodes': { expect: staff(409) },
  'staffMfa.passkeys': { expect: staff() },
  'staffMfa.passkeyRegistrationOptions': { expect: staff() },
  'staffMfa.passkeyRegister': { expect: staff(400), input: () => ({ name: 'Phone', response: { id: 'made-up' } }) },
  'staffMfa.passkeyRemove': { expect: staff(404), input: () => ({ id: 'no-such-passkey' }) },
  'staffMfa.setPolicy': { expect: director(), input: () => ({ required: false }) },
  'staffMfa.reset': { expect: director(), input: async (f) => ({ id: await f.staffAccount() }) },
  'staff.list': { expect: director() },
  'staff.invite': { expect: director(), input: invite },
  'staff.update': { expect: director(), input: async (f) => ({ id: await f.staffAccount(), isActive: false }) },
  'auditLog.list': { expect: director(), input: () => ({ limit: 5 }) },
  'auditLog.verify': { expect: director() },
  'applications.list': { expect: director(), input: () => ({ limit: 5, status: 'pending' }) },
  'applications.updateStatus': { expect: director(), input: (f) => ({ id: f.application(), status: 'approved' }) },
  'applications.delete': { expect: director(), input: (f) => f.application() },
  'applications.enroll': { expect: director(), input: (f) => f.application('approved') },
  'children.list': { expect: staff() },
  'children.create': { expect: director(), input: child },
  'children.update': { expect: director(), input: async (f) => ({ id: await f.child(), ...child() }) },
  'children.delete': { expect: director(), input: (f) => f.child() },
  'children.toggleActive': { expect: director(), input: (f) => f.child() },
  'children.generateParentLogin': { expect: director(), input: (f) => f.child() },
  'children.resetParentPassword': { expect: director(), input: (f) => f.childWithLogin() },
  'communications.adminMessages': { expect: staff(), input: () => ({ limit: 5 }) },
  'communications.parentMessages': { expect: parents(), input: () => ({ limit: 5 }) },
  'communications.adminSend': { expect: staff(), input: message },
  'communications.parentSend': { expect: familyA(), input: message },
  'communications.markRead': { expect: staffOrFamilyA(), input: (f, role) => f.messageFor(role) },
  'communications.adminDocumentRequests': { expect: staff(), input: () => ({ limit: 5 }) },
  'communications.parentDocumentRequests': { expect: parents(), input: () => ({ limit: 5 }) },
  'communications.requestDocument': { expect: staff(), input: documentRequest },
  'communications.markResponseSeen': { expect: staff(), input: (f) => f.answeredRequestA },
  'communications.parentRespond': { expect: familyA(), input: respond },
  'communications.createUpload': { expect: { anonymous: 401, parentA: 200, parentB: 200, teacher: 200, admin: 200 } },
  'outbox.list': { expect: director() },
  'outbox.get': { expect: director(), input: (f) => f.outboxId },
  'mail.status': { expect: director() },
  'mail.parentEmails': { expect: director() },
  'pictures.list': { expect: director() },
  'pictures.delete': { expect: director(), input: (f) => f.picture() },
  'overview.counts': { expect: director() },
  'overview.setupChecklist': { expect: director() },
  'overview.dismissSetupChecklist': { expect: director() },
  'overview.attention': { expect: staff() },
  'payments.list': { expect: director(), input: () => ({ limit: 5 }) },
  'payments.summary': { expect: director() },
  'payments.create': { expect: director(), input: receipt },
  'payments.delete': { expect: director(), input: (f) => f.receipt() },
  'payments.sendEmail': { expect: director(), input: (f) => f.receiptA },
  'payments.taxParents': { expect: director() },
  'payments.sendTaxStatement': { expect: director(), input: (f) => ({ parentEmail: f.a.email, taxYear: f.taxYear }) },
  'payments.receiptPdf': { expect: director(), input: (f) => f.receiptA },
  'payments.taxStatementPdf': { expect: director(), input: (f) => ({ parentEmail: f.a.email, taxYear: f.taxYear }) },
  // A page of the receipts of one of family A's children: parent B gets the 404 of a child that is not theirs.
  'payments.parentReceipts': { expect: familyA(), input: (f) => ({ childId: f.childA, limit: 5 }) },
  'payments.parentReceiptPdf': { expect: familyA(), input: (f) => f.receiptA },
  // Family B paid nothing that year: there is no statement for them, the same 404 as for any year without payments.
  'payments.parentTaxStatementPdf': { expect: familyA(), input: (f) => ({ taxYear: f.taxYear }) },
  'billingReports.summary': { expect: director() },
  'billingReports.aging': { expect: director() },
  'billingReports.lateFees': { expect: director() },
  'billingReports.confirmLateFee': { expect: director(), input: (f) => lateFeeProposalFor(f.s.db, f.childA) },
  'billingReports.dismissLateFee': { expect: director(), input: (f) => lateFeeProposalFor(f.s.db, f.childA) },
  // No input names a family: each parent reads their own (family B's answer holds nothing of family A).
  'billingReports.parentBilling': { expect: parents() },
  'development.childRecords': { expect: staff(), input: (f) => f.childA },
  'development.createActivity': { expect: staff(), input: activity },
  'development.updateActivity': {
    expect: staff(),
    input: async (f, role) => ({ ...activity(f), childId: undefined, id: await f.activity(role) }),
  },
  'development.deleteActivity': { expect: staff(), input: (f, role) => f.activity(role) },
  'development.createNote': { expect: staff(), input: note },
  'development.updateNote': { expect: staff(), input: async (f, role) => ({ ...note(f), childId: undefined, id: await f.note(role) }) },
  'development.deleteNote': { expect: staff(), input: (f, role) => f.note(role) },
  'development.summary': { expect: staff(), input: (f) => ({ childId: f.childA, start: '2026-11-01', end: '2026-11-30' }) },
  'development.sendWeeklyReport': { expect: staff(), input: (f) => ({ childId: f.childA, ...week }) },
  'daily.room': { expect: staff() },
  'daily.create': { expect: staff(), input: dailyEntry },
  'daily.batch': { expect: staff(), input: groupEntry },
  'daily.update': { expect: staff(), input: async (f, role) => ({ id: await f.dailyEntry(role), details: { type: 'dry' } }) },
  'daily.delete': { expect: staff(), input: (f, role) => f.dailyEntry(role) },
  'daily.parentDay': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'daily.parentPhotos': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'parentAuth.login': { expect: everyone(), input: parentLogin },
  'parentAuth.logout': { expect: everyone() },
  'parentAuth.me': { expect: parents() },
  'parentAuth.forgotPassword': { expect: everyone(), input: forgot },
  'parentAuth.resetPassword': { expect: everyone(), input: reset },
  'parentAuth.checkResetLink': { expect: everyone(), input: async (f) => ({ token: await f.resetToken() }) },
  'parentAuth.changePassword': { expect: parents(), input: passwordChange },
  'parentPortal.children': { expect: parents() },
  'parentPortal.dashboard': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'parentPortal.activities': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'parentPortal.notes': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'parentPortal.stats': { expect: familyA(), input: (f) => f.childA },
  'parentPortal.milestones': { expect: familyA(), input: (f) => f.childA },
  'archives.sendLink': { expect: director(), input: (f) => f.childA },
  'parentPortal.preferences': { expect: parents() },
  'parentPortal.updatePreferences': { expect: parents(), input: () => ({ dailySummary: false }) },
  'classrooms.list': { expect: staff() },
  'classrooms.create': { expect: director(), input: room },
  'classrooms.update': { expect: director(), input: async (f) => ({ id: await newRoom(f), capacity: 12 }) },
  'classrooms.updateChild': { expect: director(), input: async (f) => ({ id: await f.child(), photoConsent: true }) },
  'attendance.day': { expect: staff(), input: () => ({ date: '2026-11-20' }) },
  'attendance.record': { expect: staff(), input: async (f) => ({ childId: await f.child(), kind: 'in', by: 'Jin Park' }) },
  'attendance.correct': { expect: staff(), input: checkIn },
  'attendance.clock': { expect: staff(), input: async (f) => ({ kind: 'in', classroomId: await newRoom(f) }) },
  'attendance.adults': { expect: staff() },
  'attendance.pickups': { expect: staff(), input: (f) => ({ childId: f.childA }) },
  'attendance.addPickup': { expect: staff(), input: async (f) => ({ childId: await f.child(), ...pickup() }) },
  'attendance.updatePickup': { expect: staff(), input: async (f) => ({ ...(await newPickup(f)), note: 'ID checked' }) },
  'attendance.deletePickup': { expect: staff(), input: newPickup },
  'attendance.reportFile': { expect: director(), input: () => ({ month: '2026-11' }) },
  'attendance.reportPdf': { expect: director(), input: () => ({ month: '2026-11' }) },
  'attendance.sheetPdf': { expect: staff(), input: () => ({ date: '2026-11-20' }) },
  'attendance.parentPickups': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'attendance.parentAddPickup': { expect: familyA(), input: (f) => ({ childId: f.childA, ...pickup() }) },
  'attendance.parentDeletePickup': { expect: familyA(), input: pickupOfA },
  'attendance.parentHistory': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'incidents.create': { expect: staff(), input: incident },
  'incidents.list': { expect: staff(), input: (f) => ({ childId: f.childA }) },
  'incidents.get': { expect: staff(), input: newIncident },
  'incidents.amend': { expect: staff(), input: async (f) => ({ id: await newIncident(f), text: 'It was the left knee' }) },
  'incidents.licensingNotice': { expect: director(), input: async (f) => ({ id: await newIncident(f), ...licensingNotice(f) }) },
  'incidents.handOver': { expect: staff(), input: async (f) => ({ id: await newIncident(f), to: 'Ann Ashdown' }) },
  'incidents.summary': { expect: staff(), input: () => ({ from: '2026-01-01', to: '2026-12-31' }) },
  'incidents.pdf': { expect: staff(), input: newIncident },
  'incidents.parentList': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'incidents.acknowledge': { expect: familyA(), input: async (f) => ({ id: await newIncident(f), signature: 'Ann Ashdown' }) },
  'incidents.parentPdf': { expect: familyA(), input: newIncident },
  'medication.request': { expect: familyA(), input: (f) => ({ ...medication(f), childId: f.childA }) },
  'medication.familyList': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'medication.familyDoses': { expect: familyA(), input: (f) => ({ childId: f.childA }) },
  'medication.enter': { expect: staff(), input: paperMedication },
  'medication.list': { expect: staff(), input: (f) => ({ childId: f.childA }) },
  'medication.approve': { expect: director(), input: pendingMedication },
  'medication.return': { expect: director(), input: async (f) => ({ id: await pendingMedication(f), reason: 'Please add the dose' }) },
  'medication.recordDose': { expect: staff(), input: dose },
  'medication.roomDoses': { expect: staff() },
  'health.get': { expect: staff(), input: (f) => f.childA },
  'health.update': { expect: director(), input: (f) => ({ id: f.childA, ...health() }) },
  'health.addFile': {
    expect: director(),
    input: async (f, role) => ({ childId: f.childA, kind: 'medical-statement', documentUrl: await healthUpload(f, role) }),
  },
  'health.parentRecord': { expect: familyA(), input: (f) => f.childA },
  'health.parentAddFile': {
    expect: familyA(),
    input: async (f, role) => ({ childId: f.childA, kind: 'immunizations', documentUrl: await healthUpload(f, role) }),
  },
  'health.parentReview': { expect: familyA(), input: (f) => f.childA },
  'health.parentSubmitReview': {
    expect: familyA(),
    input: async (f, role) => {
      if (role === 'parentA') await noReviewWaiting(f);
      return { childId: f.childA, signature: 'Ada Ashdown', changes: [] };
    },
  },
  'health.pendingReviews': { expect: director() },
  'health.countersignReview': { expect: director(), input: reviewWaiting },
  'compliance.list': { expect: director(), input: () => ({}) },
  'compliance.export': { expect: director(), input: () => ({ status: 'overdue' }) },
  'compliance.emergencySheet': { expect: staff(), input: (f) => f.childA },
  'compliance.staffRecords': { expect: director() },
  'compliance.updateStaffRecord': {
    expect: director(),
    input: async (f, role) => ({ staffId: await staffFor(f, role), ...staffRecord() }),
  },
  'billing.plans': { expect: director() },
  'billing.createPlan': { expect: director(), input: billingPlan },
  'billing.updatePlan': { expect: director(), input: async (f) => ({ id: await newPlan(f), name: unique('Renamed plan') }) },
  'billing.terms': { expect: director(), input: (f) => f.childA },
  'billing.setTerms': { expect: director(), input: async (f) => ({ childId: f.childA, ...(await terms(f)) }) },
  'billing.generate': { expect: director(), input: () => ({ period: '2029-12' }) },
  'billing.invoices': { expect: director(), input: () => ({ status: 'open', limit: 5 }) },
  'billing.invoice': { expect: director(), input: newInvoiceA },
  'billing.addLine': {
    expect: director(),
    input: async (f) => ({ id: await newInvoiceA(f), description: 'Late pickup', amount: '15.00' }),
  },
  'billing.void': { expect: director(), input: async (f) => ({ id: await newInvoiceA(f), reason: 'Billed twice' }) },
  'billing.invoicePdf': { expect: director(), input: newInvoiceA },
  'billing.parentInvoicePdf': { expect: familyA(), input: newInvoiceA },
};

export const ROUTES: Record<string, RouteEntry> = {
  'GET /api/gallery': { expect: everyone() },
  'GET /api/events': { expect: everyone() },
  'GET /api/events.ics': { expect: everyone() },
  'GET /api/announcements': { expect: everyone() },
  'GET /api/milestones': { expect: everyone() },
  'GET /api/achievements': { expect: everyone() },
  'GET /api/achievements/recent': { expect: everyone() },
  'POST /api/enrollment': { expect: everyone(201), body: application },
  'POST /api/admin/login': { expect: everyone(), body: adminLogin },
  'POST /api/admin/logout': { expect: everyone() },
  'GET /api/admin/me': { expect: staff() },
  'POST /api/admin/forgot-password': { expect: everyone(), body: forgot },
  'POST /api/admin/set-password': { expect: everyone(), body: setPassword },
  'POST /api/admin/setup': { expect: everyone(400), body: firstStart },
  'POST /api/admin/change-password': { expect: staff(), body: staffPasswordChange },
  'POST /api/admin/reauth': { expect: staff(), body: ownPassword },
  'POST /api/admin/login/mfa': { expect: everyone(400), body: () => ({ code: '123456' }) },
  'POST /api/admin/login/passkey-options': { expect: everyone() },
  'POST /api/admin/login/passkey': { expect: everyone(400), body: () => ({ response: { id: 'made-up' } }) },
  'POST /api/admin/mfa/totp/setup': { expect: staff() },
  'POST /api/admin/mfa/totp/confirm': { expect: staff(400), body: () => ({ code: '000000' }) },
  'DELETE /api/admin/mfa/totp': { expect: staff(404) },
  'POST /api/admin/mfa/recovery-codes': { expect: staff(409) },
  'PATCH /api/admin/mfa/policy': { expect: director(), body: () => ({ required: false }) },
  'POST /api/admin/staff/:id/mfa-reset': {
    expect: director(),
    path: async (f) => `/api/admin/staff/${await f.staffAccount()}/mfa-reset`,
  },
  'POST /api/admin/passkeys/registration-options': { expect: staff() },
  'POST /api/admin/passkeys': { expect: staff(400), body: () => ({ name: 'Phone', response: { id: 'made-up' } }) },
  'GET /api/admin/passkeys': { expect: staff() },
  'DELETE /api/admin/passkeys/:id': { expect: staff(404), path: () => '/api/admin/passkeys/no-such-passkey' },
  'GET /api/admin/staff': { expect: director() },
  'POST /api/admin/staff': { expect: director(201), body: invite },
  'PATCH /api/admin/staff/:id': {
    expect: director(),
    path: async (f) => `/api/admin/staff/${await f.staffAccount()}`,
    body: () => ({ isActive: false }),
  },
  'GET /api/admin/audit-log': { expect: director(), path: () => '/api/admin/audit-log?limit=5' },
  'GET /api/admin/audit-log/verify': { expect: director() },
  'GET /api/centre': { expect: everyone() },
  'GET /api/admin/centre': { expect: director() },
  'PATCH /api/admin/centre': { expect: director(), body: centrePatch },
  'PUT /api/admin/centre/logo': {
    expect: director(),
    body: async (f) => {
      const form = new FormData();
      form.append('logo', (await f.imageForm()).get('picture')!);
      return form;
    },
  },
  'DELETE /api/admin/centre/logo': {
    expect: director(),
    path: async (f) => {
      await f.centreLogo();
      return '/api/admin/centre/logo';
    },
  },
  'POST /api/events': { expect: director(201), body: event },
  'PUT /api/events/:id': { expect: director(), path: async (f) => `/api/events/${await f.event()}`, body: event },
  'DELETE /api/events/:id': { expect: director(), path: async (f) => `/api/events/${await f.event()}` },
  'POST /api/announcements': { expect: director(201), body: announcement },
  'PUT /api/announcements/:id': {
    expect: director(),
    path: async (f) => `/api/announcements/${await f.announcement()}`,
    body: announcement,
  },
  'DELETE /api/announcements/:id': { expect: director(), path: async (f) => `/api/announcements/${await f.announcement()}` },
  'GET /api/enrollment-applications': { expect: director() },
  'PATCH /api/enrollment-applications/:id/status': {
    expect: director(),
    path: (f) => `/api/enrollment-applications/${f.application()}/status`,
    body: () => ({ status: 'approved' }),
  },
  'DELETE /api/enrollment-applications/:id': { expect: director(), path: (f) => `/api/enrollment-applications/${f.application()}` },
  'POST /api/enrollment-applications/:id/enroll': {
    expect: director(201),
    path: (f) => `/api/enrollment-applications/${f.application('approved')}/enroll`,
  },
  'GET /api/admin/parent-emails': { expect: director() },
  'GET /api/admin/enrolled-children': { expect: staff() },
  'POST /api/admin/enrolled-children': { expect: director(201), body: child },
  'PUT /api/admin/enrolled-children/:id': {
    expect: director(),
    path: async (f) => `/api/admin/enrolled-children/${await f.child()}`,
    body: child,
  },
  'DELETE /api/admin/enrolled-children/:id': { expect: director(), path: async (f) => `/api/admin/enrolled-children/${await f.child()}` },
  'PATCH /api/admin/enrolled-children/:id/toggle-active': {
    expect: director(),
    path: async (f) => `/api/admin/enrolled-children/${await f.child()}/toggle-active`,
  },
  'POST /api/admin/generate-parent-login/:id': {
    expect: director(),
    path: async (f) => `/api/admin/generate-parent-login/${await f.child()}`,
  },
  'POST /api/admin/reset-parent-password/:id': {
    expect: director(),
    path: async (f) => `/api/admin/reset-parent-password/${await f.childWithLogin()}`,
  },
  'GET /api/admin/mail-status': { expect: director() },
  'GET /api/admin/outbox': { expect: director() },
  'GET /api/admin/outbox/:id': { expect: director(), path: (f) => `/api/admin/outbox/${f.outboxId}` },
  'GET /api/admin/pictures': { expect: director() },
  'POST /api/admin/pictures': { expect: director(201), body: (f) => f.imageForm() },
  'DELETE /api/admin/pictures/:id': { expect: director(), path: async (f) => `/api/admin/pictures/${await f.picture()}` },
  'GET /api/admin/communications': { expect: staff() },
  'POST /api/admin/communications': { expect: staff(201), body: message },
  'GET /api/parent/communications': { expect: parents() },
  'POST /api/parent/communications': { expect: familyA(201), body: message },
  'POST /api/communications/:id/mark-read': {
    expect: staffOrFamilyA(),
    path: async (f, role) => `/api/communications/${await f.messageFor(role)}/mark-read`,
  },
  'GET /api/admin/document-requests': { expect: staff() },
  'POST /api/admin/document-requests': { expect: staff(201), body: documentRequest },
  'GET /api/parent/document-requests': { expect: parents() },
  'POST /api/parent/document-requests/:id/respond': {
    expect: familyA(),
    path: async (f) => `/api/parent/document-requests/${await f.documentRequestA()}/respond`,
    body: async (f) => ({ documentUrl: await f.uploadedByA(), documentName: 'Immunization record' }),
  },
  'POST /api/objects/upload': { expect: { anonymous: 401, parentA: 200, parentB: 200, teacher: 200, admin: 200 } },
  // An upload URL is signed for the account that asked for it: anyone else is told it is not valid.
  'PUT /api/objects/upload/:token': {
    expect: { anonymous: 401, parentA: 201, parentB: 404, teacher: 404, admin: 404 },
    path: (f) => f.uploadUrlA(),
    body: () => PDF,
  },
  'GET /api/documents/:id': { expect: staffOrFamilyA(), path: (f) => `/api/documents/${f.documentA}` },
  'GET /api/admin/payment-receipts': { expect: director() },
  'GET /api/admin/payment-receipts/summary': { expect: director() },
  'POST /api/admin/payment-receipts': { expect: director(201), body: receipt },
  'POST /api/admin/payment-receipts/:id/send-email': {
    expect: director(),
    path: (f) => `/api/admin/payment-receipts/${f.receiptA}/send-email`,
  },
  'DELETE /api/admin/payment-receipts/:id': { expect: director(), path: async (f) => `/api/admin/payment-receipts/${await f.receipt()}` },
  'GET /api/admin/payment-receipts/:id/pdf': { expect: director(), path: (f) => `/api/admin/payment-receipts/${f.receiptA}/pdf` },
  'GET /api/admin/tax-statement-parents': { expect: director() },
  'GET /api/admin/export/applications.csv': { expect: director() },
  'GET /api/admin/export/children.csv': { expect: director() },
  'GET /api/admin/export/payments.csv': { expect: director(), path: () => '/api/admin/export/payments.csv?from=2026-01-01&to=2026-12-31' },
  'POST /api/admin/year-end-tax-receipt': { expect: director(), body: (f) => ({ parentEmail: f.a.email, taxYear: f.taxYear }) },
  'GET /api/admin/year-end-tax-receipt/pdf': {
    expect: director(),
    path: (f) => `/api/admin/year-end-tax-receipt/pdf?parentEmail=${encodeURIComponent(f.a.email)}&taxYear=${f.taxYear}`,
  },
  'GET /api/parent/payment-receipts': { expect: familyA(), path: (f) => `/api/parent/payment-receipts?childId=${f.childA}&limit=5` },
  'GET /api/parent/payment-receipts/:id/pdf': { expect: familyA(), path: (f) => `/api/parent/payment-receipts/${f.receiptA}/pdf` },
  'GET /api/parent/tax-statements/:taxYear/pdf': { expect: familyA(), path: (f) => `/api/parent/tax-statements/${f.taxYear}/pdf` },
  'GET /api/admin/billing/summary': { expect: director() },
  'GET /api/admin/billing/aging': { expect: director() },
  'GET /api/admin/billing/aging.csv': { expect: director() },
  'GET /api/admin/billing/late-fees': { expect: director() },
  'POST /api/admin/billing/late-fees/:id/confirm': {
    expect: director(),
    path: (f) => `/api/admin/billing/late-fees/${lateFeeProposalFor(f.s.db, f.childA)}/confirm`,
  },
  'POST /api/admin/billing/late-fees/:id/dismiss': {
    expect: director(),
    path: (f) => `/api/admin/billing/late-fees/${lateFeeProposalFor(f.s.db, f.childA)}/dismiss`,
  },
  'GET /api/parent/billing': { expect: parents() },
  'GET /api/admin/child-activities/:childId': { expect: staff(), path: (f) => `/api/admin/child-activities/${f.childA}` },
  'GET /api/admin/activities-summary/:childId/:start/:end': {
    expect: staff(),
    path: (f) => `/api/admin/activities-summary/${f.childA}/2026-11-01/2026-11-30`,
  },
  'POST /api/admin/daily-activities': { expect: staff(201), body: activity },
  'PUT /api/admin/daily-activities/:id': {
    expect: staff(),
    path: async (f, role) => `/api/admin/daily-activities/${await f.activity(role)}`,
    body: (f) => ({ ...activity(f), childId: undefined }),
  },
  'DELETE /api/admin/daily-activities/:id': {
    expect: staff(),
    path: async (f, role) => `/api/admin/daily-activities/${await f.activity(role)}`,
  },
  'POST /api/admin/development-notes': { expect: staff(201), body: note },
  'PUT /api/admin/development-notes/:id': {
    expect: staff(),
    path: async (f, role) => `/api/admin/development-notes/${await f.note(role)}`,
    body: (f) => ({ ...note(f), childId: undefined }),
  },
  'DELETE /api/admin/development-notes/:id': {
    expect: staff(),
    path: async (f, role) => `/api/admin/development-notes/${await f.note(role)}`,
  },
  'POST /api/admin/send-activity-report/:childId': {
    expect: staff(),
    path: (f) => `/api/admin/send-activity-report/${f.childA}`,
    body: () => week,
  },
  'GET /api/admin/child-achievements/:childId': { expect: staff(), path: (f) => `/api/admin/child-achievements/${f.childA}` },
  'POST /api/admin/child-achievements': {
    expect: staff(201),
    body: (f) => ({ childId: f.childA, milestoneId: f.milestone(), achievedAt: '2026-11-19' }),
  },
  'DELETE /api/admin/child-achievements/:id': {
    expect: staff(),
    path: async (f) => `/api/admin/child-achievements/${await f.achievement()}`,
  },
  'POST /api/admin/daily-entries': { expect: staff(201), body: dailyEntry },
  'POST /api/admin/daily-entries/batch': { expect: staff(201), body: groupEntry },
  'PATCH /api/admin/daily-entries/:id': {
    expect: staff(),
    path: async (f, role) => `/api/admin/daily-entries/${await f.dailyEntry(role)}`,
    body: () => ({ details: { type: 'bm' } }),
  },
  'DELETE /api/admin/daily-entries/:id': {
    expect: staff(),
    path: async (f, role) => `/api/admin/daily-entries/${await f.dailyEntry(role)}`,
  },
  'GET /api/parent/daily-entries/:childId': { expect: familyA(), path: (f) => `/api/parent/daily-entries/${f.childA}` },
  'GET /api/parent/children/:id/photos': { expect: familyA(), path: (f) => `/api/parent/children/${f.childA}/photos` },
  'POST /api/admin/child-photos': { expect: staff(201), body: (f) => f.childPhotoForm() },
  'GET /api/child-photos/:id': { expect: staffOrFamilyA(), path: (f) => `/api/child-photos/${f.photoA}` },
  'GET /api/child-photos/:id/original': { expect: staffOrFamilyA(), path: (f) => `/api/child-photos/${f.photoA}/original` },
  'POST /api/parent/login': { expect: everyone(), body: parentLogin },
  'POST /api/parent/logout': { expect: everyone() },
  'POST /api/parent/forgot-password': { expect: everyone(), body: forgot },
  'POST /api/parent/reset-password': { expect: everyone(), body: reset },
  'POST /api/parent/change-password': { expect: parents(), body: passwordChange },
  'GET /api/parent/me': { expect: parents() },
  'GET /api/parent/children': { expect: parents() },
  'GET /api/parent/development-notes/:childId': { expect: familyA(), path: (f) => `/api/parent/development-notes/${f.childA}` },
  'GET /api/parent/daily-activities/:childId': { expect: familyA(), path: (f) => `/api/parent/daily-activities/${f.childA}` },
  'GET /api/parent/stats/:childId': { expect: familyA(), path: (f) => `/api/parent/stats/${f.childA}` },
  'GET /api/parent/milestones/:childId': { expect: familyA(), path: (f) => `/api/parent/milestones/${f.childA}` },
  'GET /api/parent/preferences': { expect: parents() },
  'GET /api/parent/children/:id/archive.zip': { expect: familyA(), path: (f) => `/api/parent/children/${f.childA}/archive.zip` },
  // The link e-mailed to parent A, whose account is open: only parent A signed in may use it.
  'GET /api/parent/archives/:token': {
    expect: familyA(),
    signedLink: true,
    path: (f) =>
      `/api/parent/archives/${archiveLinkToken(f.s.config, { childId: f.childA, parentId: f.a.parentId, expiresAt: f.s.clock.now().getTime() + 3_600_000 })}`,
  },
  'GET /api/admin/enrolled-children/:id/archive.zip': {
    expect: director(),
    path: (f) => `/api/admin/enrolled-children/${f.childA}/archive.zip`,
  },
  'POST /api/admin/enrolled-children/:id/archive-link': {
    expect: director(),
    path: (f) => `/api/admin/enrolled-children/${f.childA}/archive-link`,
  },
  'PATCH /api/parent/preferences': { expect: parents(), body: () => ({ dailySummary: false }) },
  'GET /api/admin/classrooms': { expect: staff() },
  'POST /api/admin/classrooms': { expect: director(201), body: room },
  'PATCH /api/admin/classrooms/:id': {
    expect: director(),
    path: async (f) => `/api/admin/classrooms/${await newRoom(f)}`,
    body: () => ({ name: unique('Maple Room') }),
  },
  'PATCH /api/admin/enrolled-children/:id': {
    expect: director(),
    path: async (f) => `/api/admin/enrolled-children/${await f.child()}`,
    body: () => ({ photoConsent: true }),
  },
  'GET /api/admin/enrolled-children/:id/pickups': { expect: staff(), path: (f) => `/api/admin/enrolled-children/${f.childA}/pickups` },
  'POST /api/admin/enrolled-children/:id/pickups': {
    expect: staff(201),
    path: async (f) => `/api/admin/enrolled-children/${await f.child()}/pickups`,
    body: pickup,
  },
  'PATCH /api/admin/enrolled-children/:id/pickups/:pickupId': {
    expect: staff(),
    path: async (f) => {
      const p = await newPickup(f);
      return `/api/admin/enrolled-children/${p.childId}/pickups/${p.id}`;
    },
    body: () => ({ note: 'ID checked' }),
  },
  'DELETE /api/admin/enrolled-children/:id/pickups/:pickupId': {
    expect: staff(),
    path: async (f) => {
      const p = await newPickup(f);
      return `/api/admin/enrolled-children/${p.childId}/pickups/${p.id}`;
    },
  },
  'DELETE /api/admin/enrolled-children/:id/pickups': {
    expect: staff(),
    path: async (f) => {
      const p = await newPickup(f);
      pendingPickup.set(f, p.id);
      return `/api/admin/enrolled-children/${p.childId}/pickups`;
    },
    body: (f) => ({ id: pendingPickup.get(f) }),
  },
  'GET /api/admin/attendance': { expect: staff(), path: () => '/api/admin/attendance?date=2026-11-20' },
  'POST /api/admin/attendance': { expect: staff(201), body: async (f) => ({ childId: await f.child(), kind: 'in', by: 'Jin Park' }) },
  'PATCH /api/admin/attendance/:id': {
    expect: staff(),
    path: async (f) => {
      const c = await checkIn(f);
      pendingTime.set(f, c.at);
      return `/api/admin/attendance/${c.id}`;
    },
    body: (f) => ({ at: pendingTime.get(f) }),
  },
  'GET /api/admin/attendance/report.csv': { expect: director(), path: () => '/api/admin/attendance/report.csv?month=2026-11' },
  'GET /api/admin/attendance/report.pdf': { expect: director(), path: () => '/api/admin/attendance/report.pdf?month=2026-11' },
  'GET /api/admin/attendance/sheet.pdf': { expect: staff(), path: () => '/api/admin/attendance/sheet.pdf?date=2026-11-20' },
  'POST /api/admin/staff-attendance': { expect: staff(201), body: async (f) => ({ kind: 'in', classroomId: await newRoom(f) }) },
  'GET /api/parent/children/:id/pickups': { expect: familyA(), path: (f) => `/api/parent/children/${f.childA}/pickups` },
  'POST /api/parent/children/:id/pickups': {
    expect: familyA(201),
    path: (f) => `/api/parent/children/${f.childA}/pickups`,
    body: pickup,
  },
  'DELETE /api/parent/children/:id/pickups/:pickupId': {
    expect: familyA(),
    path: async (f) => {
      const p = await pickupOfA(f);
      return `/api/parent/children/${p.childId}/pickups/${p.id}`;
    },
  },
  'GET /api/parent/attendance/:childId': {
    expect: familyA(),
    path: (f) => `/api/parent/attendance/${f.childA}?from=2026-11-01&to=2026-11-21`,
  },
  'POST /api/admin/incidents': { expect: staff(201), body: incident },
  'GET /api/admin/incidents': { expect: staff(), path: (f) => `/api/admin/incidents?from=2026-11-01&to=2026-11-30&childId=${f.childA}` },
  'GET /api/admin/incidents/summary': { expect: staff(), path: () => '/api/admin/incidents/summary?from=2025-11-22&to=2026-11-21' },
  'GET /api/admin/incidents/:id': { expect: staff(), path: async (f) => `/api/admin/incidents/${await newIncident(f)}` },
  // Never deleted: 405 whoever asks, before anything is read.
  'DELETE /api/admin/incidents/:id': { expect: everyone(405), path: async (f) => `/api/admin/incidents/${await newIncident(f)}` },
  'POST /api/admin/incidents/:id/amendments': {
    expect: staff(201),
    path: async (f) => `/api/admin/incidents/${await newIncident(f)}/amendments`,
    body: () => ({ text: 'It was the left knee' }),
  },
  'POST /api/admin/incidents/:id/licensing-notice': {
    expect: director(),
    path: async (f) => `/api/admin/incidents/${await newIncident(f)}/licensing-notice`,
    body: licensingNotice,
  },
  'POST /api/admin/incidents/:id/handed-over': {
    expect: staff(),
    path: async (f) => `/api/admin/incidents/${await newIncident(f)}/handed-over`,
    body: () => ({ to: 'Ann Ashdown' }),
  },
  'GET /api/admin/incidents/:id/report.pdf': {
    expect: staff(),
    path: async (f) => `/api/admin/incidents/${await newIncident(f)}/report.pdf`,
  },
  'GET /api/parent/children/:id/incidents': { expect: familyA(), path: (f) => `/api/parent/children/${f.childA}/incidents` },
  'POST /api/parent/incidents/:id/acknowledge': {
    expect: familyA(),
    path: async (f) => `/api/parent/incidents/${await newIncident(f)}/acknowledge`,
    body: () => ({ signature: 'Ann Ashdown' }),
  },
  'GET /api/parent/incidents/:id/report.pdf': {
    expect: familyA(),
    path: async (f) => `/api/parent/incidents/${await newIncident(f)}/report.pdf`,
  },
  'POST /api/parent/children/:id/medication-authorizations': {
    expect: familyA(201),
    path: (f) => `/api/parent/children/${f.childA}/medication-authorizations`,
    body: medication,
  },
  'GET /api/parent/children/:id/medication-authorizations': {
    expect: familyA(),
    path: (f) => `/api/parent/children/${f.childA}/medication-authorizations`,
  },
  'GET /api/parent/children/:id/medication-doses': {
    expect: familyA(),
    path: (f) => `/api/parent/children/${f.childA}/medication-doses?date=${todayOf(f)}`,
  },
  'POST /api/admin/medication-authorizations': { expect: staff(201), body: paperMedication },
  'GET /api/admin/medication-authorizations': {
    expect: staff(),
    path: (f) => `/api/admin/medication-authorizations?status=pending&childId=${f.childA}`,
  },
  'POST /api/admin/medication-authorizations/:id/approve': {
    expect: director(),
    path: async (f) => `/api/admin/medication-authorizations/${await pendingMedication(f)}/approve`,
  },
  'POST /api/admin/medication-authorizations/:id/return': {
    expect: director(),
    path: async (f) => `/api/admin/medication-authorizations/${await pendingMedication(f)}/return`,
    body: () => ({ reason: 'Please add the dose' }),
  },
  'POST /api/admin/medication-doses': { expect: staff(201), body: dose },
  'GET /api/admin/medication-doses': { expect: staff(), path: (f) => `/api/admin/medication-doses?date=${todayOf(f)}` },
  'GET /api/admin/children/:id/health': { expect: staff(), path: (f) => `/api/admin/children/${f.childA}/health` },
  'PUT /api/admin/children/:id/health': { expect: director(), path: (f) => `/api/admin/children/${f.childA}/health`, body: health },
  'POST /api/admin/children/:id/health/files': {
    expect: director(201),
    path: (f) => `/api/admin/children/${f.childA}/health/files`,
    body: async (f, role) => ({ kind: 'care-plan', documentUrl: await healthUpload(f, role) }),
  },
  'GET /api/admin/children/:id/emergency-sheet.pdf': {
    expect: staff(),
    path: (f) => `/api/admin/children/${f.childA}/emergency-sheet.pdf`,
  },
  'GET /api/parent/children/:id/health': { expect: familyA(), path: (f) => `/api/parent/children/${f.childA}/health` },
  'POST /api/parent/children/:id/health/files': {
    expect: familyA(201),
    path: (f) => `/api/parent/children/${f.childA}/health/files`,
    body: async (f, role) => ({ kind: 'medical-statement', documentUrl: await healthUpload(f, role) }),
  },
  'GET /api/parent/children/:id/annual-review': { expect: familyA(), path: (f) => `/api/parent/children/${f.childA}/annual-review` },
  'POST /api/parent/children/:id/annual-review': {
    expect: familyA(201),
    path: async (f, role) => {
      if (role === 'parentA') await noReviewWaiting(f);
      return `/api/parent/children/${f.childA}/annual-review`;
    },
    body: () => ({ signature: 'Ada Ashdown', changes: [{ section: 'pickups', note: 'Added Grandma' }] }),
  },
  'GET /api/admin/annual-reviews': { expect: director() },
  'POST /api/admin/annual-reviews/:id/countersign': {
    expect: director(),
    path: async (f, role) => `/api/admin/annual-reviews/${await reviewWaiting(f, role)}/countersign`,
  },
  'GET /api/admin/compliance': { expect: director(), path: () => '/api/admin/compliance?status=missing' },
  'GET /api/admin/compliance.csv': { expect: director() },
  'GET /api/admin/staff-records': { expect: director() },
  'PUT /api/admin/staff/:id/record': {
    expect: director(),
    path: async (f, role) => `/api/admin/staff/${await staffFor(f, role)}/record`,
    body: staffRecord,
  },
  'GET /api/admin/billing/plans': { expect: director() },
  'POST /api/admin/billing/plans': { expect: director(201), body: billingPlan },
  'PATCH /api/admin/billing/plans/:id': {
    expect: director(),
    path: async (f) => `/api/admin/billing/plans/${await newPlan(f)}`,
    body: () => ({ active: false }),
  },
  'GET /api/admin/children/:id/billing': { expect: director(), path: (f) => `/api/admin/children/${f.childA}/billing` },
  'PUT /api/admin/children/:id/billing': { expect: director(), path: (f) => `/api/admin/children/${f.childA}/billing`, body: terms },
  'POST /api/admin/invoices/generate': { expect: director(), body: () => ({ period: '2029-11' }) },
  'GET /api/admin/invoices': { expect: director(), path: () => '/api/admin/invoices?status=open&limit=5' },
  'GET /api/admin/invoices/:id': { expect: director(), path: async (f) => `/api/admin/invoices/${await newInvoiceA(f)}` },
  'DELETE /api/admin/invoices/:id': { expect: everyone(405), path: async (f) => `/api/admin/invoices/${await newInvoiceA(f)}` },
  'POST /api/admin/invoices/:id/lines': {
    expect: director(201),
    path: async (f) => `/api/admin/invoices/${await newInvoiceA(f)}/lines`,
    body: () => ({ description: 'Materials', amount: '20.00' }),
  },
  'POST /api/admin/invoices/:id/void': {
    expect: director(),
    path: async (f) => `/api/admin/invoices/${await newInvoiceA(f)}/void`,
    body: () => ({ reason: 'Billed twice' }),
  },
  'GET /api/admin/invoices/:id/invoice.pdf': {
    expect: director(),
    path: async (f) => `/api/admin/invoices/${await newInvoiceA(f)}/invoice.pdf`,
  },
  'GET /api/parent/invoices/:id/invoice.pdf': {
    expect: familyA(),
    path: async (f) => `/api/parent/invoices/${await newInvoiceA(f)}/invoice.pdf`,
  },
};

/** Whether an entry answers personal data to a signed-in caller (everything but the public pages' lists and the sign-in paths). */
export function isPersonal(entry: { expect: Expected }): boolean {
  return entry.expect.anonymous === 401;
}
