// React Aria's components take their language (for the words they add themselves, such as a hidden dismiss
// button's label, and for typing to pick an option) from the browser unless told otherwise. Every word this
// site shows is American English, so React Aria is told 'en-US' too, where it looks first: the global that a
// server uses to pass its locale to the page (react-aria/src/i18n/useDefaultLocale.ts).
// It also makes the locale the same while React hydrates a server-rendered page (the parent's dashboard) as after.
// React Aria reads the global when its i18n module first runs, so this module is one of main.tsx's first imports.
export const ARIA_LOCALE = 'en-US';
(window as unknown as Record<symbol, string>)[Symbol.for('react-aria.i18n.locale')] = ARIA_LOCALE;
