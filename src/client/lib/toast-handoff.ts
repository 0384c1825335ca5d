/**
 * A toast said on one page and shown on the next, across a full page load: the sign-in page's script (no React,
 * ADR 037) leaves docs/product.md §8's 'Welcome back!' for the dashboard, which the app then shows. Per tab
 * (sessionStorage), taken once.
 */
export interface HandedToast {
  title: string;
  description?: string;
}

const KEY = 'toastForNextPage';

export function leaveToastForNextPage(content: HandedToast): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ title: content.title, description: content.description }));
  } catch {
    // Storage refused (private mode): the next page simply shows no toast.
  }
}

export function takeToastLeftForThisPage(): HandedToast | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    window.sessionStorage.removeItem(KEY);
    const value = JSON.parse(raw) as Partial<HandedToast> | null;
    return value && typeof value.title === 'string'
      ? { title: value.title, description: typeof value.description === 'string' ? value.description : undefined }
      : null;
  } catch {
    return null;
  }
}
