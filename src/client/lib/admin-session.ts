/**
 * The `admin` record kept in local storage. It only drives the UI (redirects, the header); the
 * server decides every request by the HttpOnly session cookie and never reads this record.
 */
export interface StoredAdmin {
  id: string;
  email: string;
  name: string;
  lastLoginAt?: string | Date | null;
  previousLoginAt?: string | Date | null;
}

const KEY = 'admin';

export function getStoredAdmin(): StoredAdmin | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as StoredAdmin;
    return value && typeof value === 'object' && typeof value.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function storeAdmin(admin: StoredAdmin): void {
  window.localStorage.setItem(KEY, JSON.stringify(admin));
}

export function clearStoredAdmin(): void {
  window.localStorage.removeItem(KEY);
}
