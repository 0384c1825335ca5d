/**
 * The site's words that every page of the app may draw before its own code has loaded (ADR 108): the header, the
 * loading bar, the not-found page and its footer, the pages' titles and descriptions (with the state names they
 * use), a failed load, the events page's waiting and failure. en.ts spreads them and adds the rest, so the server
 * and every `SiteKey` see one catalogue; in the browser these are the only site words in the app's first load, and
 * the rest loads with the public pages' code (client/lib/i18n.ts). tests/e2e/size-budget.spec.ts checks the
 * parent dashboard's first load names no site key but these.
 */
export const siteFrameEn = {
  'nav.skip': 'Skip to content',
  'nav.main': 'Main',
  'nav.events': 'Events',
  'nav.milestones': 'Milestones',
  'nav.parentPortal': 'Parent Portal',
  'nav.enrollment': 'Online Enrollment',
  'nav.back': 'Back to Home',
  'nav.menu': 'Menu',
  'nav.staffArea': 'Staff dashboard',
  'nav.loadingPage': 'Loading the page',
  'nav.otherLanguage': 'Español',
  'nav.otherLanguageLabel': 'Ver esta página en español',
  'nav.newTab': '(opens in a new tab)',
  'nav.actionBar': 'Call or apply',
  'nav.call': 'Call',
  'nav.apply': 'Apply',
  'nav.tryAgain': 'Try again',
  'nav.tryingAgain': 'Trying again...',
  'nav.logoAlt': '{name} logo',
  'nav.notifications': 'Notifications',
  'nav.close': 'Close',
  'footer.tagline': 'Licensed childcare and early education in {city}, {state}, for children 6 weeks to 5 years.',
  'footer.programs': 'Programs',
  'footer.follow': 'Follow Us',
  'footer.facebook': 'Visit our Facebook page (opens in a new tab)',
  'footer.instagram': 'Instagram (coming soon)',
  'footer.admin': 'Admin',
  'footer.rights': '© {year} {name}. All rights reserved.',
  'events.title': 'Events & Announcements',
  'events.loading': 'Loading events...',
  'events.loadFailed': 'We could not load the events and announcements right now. Please try again in a moment.',
  'enrollment.state.OH': 'Ohio',
  'enrollment.state.MI': 'Michigan',
  'enrollment.state.PA': 'Pennsylvania',
  'enrollment.state.IN': 'Indiana',
  'enrollment.state.KY': 'Kentucky',
  'enrollment.state.WV': 'West Virginia',
  'meta.siteTitle': '{name} | Childcare in {city}, {state}',
  'notFound.title': 'Page Not Found',
  'notFound.heading': '404 Page Not Found',
  'notFound.text': 'Did you forget to add the page to the router?',
  'meta.pageTitle': '{title} | {name}',
  'meta.home.description':
    'Licensed childcare in {city}, {state} for children 6 weeks to 5 years: infant, preschool and kindergarten prep programs. Now enrolling.',
  'meta.events.title': 'Events & Announcements',
  'meta.events.description': 'Family events, celebrations, closures and news from {name} in {city}, {state}.',
  'meta.enrollment.title': 'Online Enrollment Application',
  'meta.enrollment.description': 'Apply online for a place at {name}: infant care, preschool and kindergarten prep in {city}, {state}.',
  'meta.portal.title': 'Parent Dashboard',
  'meta.portal.description':
    "Your child's activities, development notes, milestones, messages and receipts at {name}. Sign in with the login the centre sent you.",
  'meta.milestones.title': 'Milestone Achievement Badges',
  'meta.milestones.description':
    "The developmental milestones we celebrate at {name}, from first words to kindergarten readiness, and the children's latest badges.",
} as const;

export type SiteFrameKey = keyof typeof siteFrameEn;
