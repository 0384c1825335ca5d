/**
 * The pages only the server renders (ADR 037): the app has no route for them, so a link to one is a plain link,
 * a full page load, never a change within the app (which would find no route and show the not-found page): the
 * enrollment form and the parent sign-in, and their Spanish twins.
 */
export const isDocumentOnly = (href: string) => /^(\/es)?\/(enrollment|parent-login)([?#]|$)/.test(href);
