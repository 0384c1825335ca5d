/**
 * Smoothly scrolls to a section of the home page and moves keyboard focus there, so the next Tab
 * continues from the section (the sections carry tabIndex -1). Honors reduced-motion preferences.
 */
export function scrollToSection(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  el.focus({ preventScroll: true });
}
