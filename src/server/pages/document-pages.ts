/**
 * The public pages served as documents (ADR 016, ADR 018): rendered by the server, never hydrated by the app, each
 * enhanced by a small script of its own. Each is one entry, the page's path and its script (a file in
 * src/client): the client build makes each script an input beside the app (vite.config.ts reads this list), and
 * the server names it in the page's head (pages/document-script.ts, `withOwnScript`). A page listed here whose script the
 * build lacks stops the server at start (pages/preload.ts, `entryFiles`).
 *
 * No imports: vite.config.ts reads it too.
 */
export const DOCUMENT_PAGES: ReadonlyMap<string, string> = new Map([
  ['/', 'home.ts'],
  ['/events', 'events.ts'],
  ['/milestones', 'milestones.ts'],
  // Their Spanish twins: the same scripts, which carry no words of their own.
  ['/es', 'home.ts'],
  ['/es/events', 'events.ts'],
  ['/es/milestones', 'milestones.ts'],
  // The form pages, rendered per request with what was typed and their forms posted (pages/forms.ts, ADR 037).
  ['/enrollment', 'pages/enrollment.ts'],
  ['/es/enrollment', 'pages/enrollment.ts'],
  ['/parent-login', 'pages/parent-login.ts'],
  ['/es/parent-login', 'pages/parent-login.ts'],
]);

/**
 * The not-found page's script (any address no route answers, in English or under /es in Spanish): a document like
 * the home page, with the site's header and footer, so the home page's script (the phone menu) is all it needs.
 */
export const NOT_FOUND_SCRIPT = 'home.ts';
