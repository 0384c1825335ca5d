/**
 * The staff area's words, in English only (ADR 070: the staff screens and the staff's own e-mails are an English-only
 * area, declared as such in shared/i18n/index.ts's CATALOGUES; the catalogue test asks no Spanish of them). Plain
 * strings and ICU messages alike: the e-mails format them through `t`, the staff screens through lite.ts (admin/staff-words.ts).
 */
export const staffEn = {
  'staff.loading': 'Loading...',
  'staff.dashboard.title': 'Admin Dashboard',
  'staff.dashboard.welcome': 'Welcome back, {name}',
  'staff.dashboard.lastLogin': 'Last login: {when}',
  'staff.dashboard.loadFailed': 'The dashboard could not be loaded. Please refresh the page.',
  'staff.dashboard.sections': 'Dashboard sections',
  'staff.tab.overview': 'Overview',
  'staff.tab.events': 'Events',
  'staff.tab.announcements': 'Announcements',
  'staff.tab.applications': 'Applications',
  'staff.tab.children': 'Enrolled',
  'staff.tab.classrooms': 'Classrooms',
  'staff.tab.activities': 'Activities',
  'staff.tab.attendance': 'Attendance',
  'staff.tab.daily': 'Daily sheets',
  'staff.tab.communication': 'Communication',
  'staff.tab.payments': 'Payments',
  'staff.tab.gallery': 'Gallery',
  'staff.tab.staff': 'Staff',
  'staff.tab.audit': 'Audit',
  'staff.startingLater.title': '{count, plural, one {# child starts later} other {# children start later}}',
  'staff.startingLater.child': '{name} on {day}',
  'staff.startingLater.change': 'Change start date',
  'staff.startingLater.changeFor': 'for {name}',
  'staff.startingLater.askDirector': 'A director changes a start date in the Enrolled tab.',
  'staff.care.allergies': 'Allergies',
  'staff.care.careNeeds': 'Care needs',
  'staff.care.notesHint':
    'A line that starts "Allergies:" or "Care needs:" (or Medications, Medical conditions, Special instructions) shows on the child\'s card in Attendance and Daily sheets.',
  'staffMail.dearSomeone': 'there',
  'staffMail.invitation.subject': 'Your staff account at {centre}',
  'staffMail.invitation.invited': "You have been invited to {centre}'s staff dashboard as a {role}.",
  'staffMail.invitation.link': 'Choose your password here: {link}',
  'staffMail.invitation.linkLabel': 'Choose your password',
  'staffMail.invitation.once': 'The link works once, within 7 days. If you were not expecting it, you can ignore this message.',
  'staffMail.reset.subject': 'Choose a new staff password for {centre}',
  'staffMail.reset.asked': 'Someone (we hope you) asked to choose a new password for your staff account.',
  'staffMail.reset.link': 'Choose a new password here: {link}',
  'staffMail.reset.linkLabel': 'Choose a new password',
  'staffMail.reset.once':
    'The link works once, within one hour. If you did not ask for it, you can ignore this message: your password stays as it is.',
} as const;

export type StaffKey = keyof typeof staffEn;
