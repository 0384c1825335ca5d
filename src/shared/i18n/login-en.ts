/**
 * The parent sign-in page's words (docs/product.md §2 Parent login, §8 toasts), in English exactly as the page has always
 * said them; login-es.ts is its Spanish twin, /es/parent-login (ADR 052). Server-only like the e-mails'
 * (mail-en.ts): the server draws the page from these, and gives the page's script the few it says itself as a data
 * block (server/pages/forms.ts). Never imported by the app: the dashboards' first load does not carry them.
 * `{phone}` is the office's number; `{name}` the parent's first name, filled in by the page's script.
 */
export const loginEn = {
  'login.title': 'Parent Portal',
  'login.lead': "Follow your child's day, development and milestones.",
  'login.signIn': 'Sign In',
  'login.failed': 'Login Failed',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.showPassword': 'Show password',
  'login.hidePassword': 'Hide password',
  'login.forgot': 'Forgot your password?',
  'login.help': 'Need help signing in? Contact the office at',
  'login.newParent': 'New Parent?',
  'login.newParentText': 'Your Parent Portal login is given to you by the centre when your child is enrolled.',
  'login.resetLabel': 'Reset your password',
  'login.resetIntro': 'Enter your e-mail and we will send you a link to choose a new password.',
  'login.resetEmail': 'Your email',
  'login.resetSend': 'Send reset link',
  'login.signingIn': 'Signing in...',
  'login.sending': 'Sending...',
  'login.welcome': 'Welcome back!',
  'login.welcomeText': 'Hello, {name}! Here is how your child is doing.',
  'login.parent': 'Parent',
  'login.requestFailed': 'Request Failed',
  'login.loginFailed': 'Login failed',
  'login.tryAgain': 'Please try again.',
  'login.toast.region': 'Notifications',
  'login.toast.close': 'Close',
  'login.notice.sessionEnded': 'Your session has ended. Please sign in again.',
  'login.notice.passwordChanged': 'Your password has been changed. Please sign in with your new password.',
  'login.meta.title': 'Parent Portal',
  'login.meta.description':
    "Parents of {centre}: sign in to follow your child's day, development and milestones, message the centre and see your payments.",
  'login.resetRequested':
    'If a Parent Portal account exists for that e-mail, we have sent it a link to choose a new password. The link works once, within one hour.',
  // The parent pages' worker answers these when the network is out and it has no copy (client/sw/offline-page.ts).
  'login.offline.heading': 'You are offline.',
  'login.offline.body': 'The Parent Portal will open when you are back online.',
} as const;

export type LoginKey = keyof typeof loginEn;
