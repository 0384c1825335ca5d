/**
 * The pages only the server renders (ADR 037): the app has no route for them, so a link to one is a plain link,
 * a full page load, never a change within the app (which would find no route and show the not-found page).
 */
export const DOCUMENT_ONLY_PATHS: ReadonlySet<string> = new Set(['/enrollment', '/parent-login', '/es/enrollment', '/es/parent-login']);

export const isDocumentOnly = (href: string) => DOCUMENT_ONLY_PATHS.has(href.replace(/[?#].*$/, ''));
