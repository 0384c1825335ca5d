/**
 * The note a teacher is typing in a child's sheet, kept in this browser tab (sessionStorage, one per child) until it
 * is saved or discarded: closing the sheet does not lose it (ADR 080). Storage refused (private browsing): the
 * draft lasts while the sheet is open.
 */
const key = (childId: string) => `daily-note-draft:${childId}`;

export function readNoteDraft(childId: string): string {
  try {
    return sessionStorage.getItem(key(childId)) ?? '';
  } catch {
    return '';
  }
}

export function storeNoteDraft(childId: string, text: string): void {
  try {
    if (text === '') sessionStorage.removeItem(key(childId));
    else sessionStorage.setItem(key(childId), text);
  } catch {
    // Not kept: see above.
  }
}
