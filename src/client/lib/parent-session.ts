/**
 * The parent session as docs/product.md §4 and §9 keep it in browser storage: one key for the token, one for the
 * parent record (never a hash). The token goes out as `Authorization: Bearer` on tRPC calls; the server also
 * set it as an HttpOnly cookie at sign-in, so the session survives a reload either way.
 */
export interface StoredParent {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

export const PARENT_TOKEN_KEY = 'parentToken';
export const PARENT_USER_KEY = 'parentUser';

export function getParentToken(): string | null {
  try {
    return window.localStorage.getItem(PARENT_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function getStoredParent(): StoredParent | null {
  try {
    const raw = window.localStorage.getItem(PARENT_USER_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as StoredParent;
    return value && typeof value === 'object' && typeof value.email === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function storeParentSession(token: string, parent: StoredParent): void {
  const { id, email, firstName, lastName, phone } = parent;
  window.localStorage.setItem(PARENT_TOKEN_KEY, token);
  window.localStorage.setItem(PARENT_USER_KEY, JSON.stringify({ id, email, firstName, lastName, phone }));
}

export function clearParentSession(): void {
  window.localStorage.removeItem(PARENT_TOKEN_KEY);
  window.localStorage.removeItem(PARENT_USER_KEY);
}

/** Why the sign-in page is shown again, as a plain sentence (never a blank screen). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * Why the sign-in page is shown again. The address carries only one of these codes, never the sentence
 * itself, so a link from elsewhere cannot make our page display words of its choosing.
 */
export const PARENT_NOTICES = {
  'session-ended': SESSION_ENDED_MESSAGE,
  'password-changed': 'Your password has been changed. Please sign in with your new password.',
} as const;
export type ParentNotice = keyof typeof PARENT_NOTICES;
