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

/**
 * A control marked `data-scroll-to="<section id>"` (View Programs, the footer's program links) scrolls to that
 * section: listened for on the document, so it works on the home page whether React has it or not (ADR 016).
 * The footer's are real links to `#programs` (they work without any script); with this, the scroll is smooth,
 * focus moves to the section and the address stays as it was. Call once per document.
 */
export function listenToSectionLinks(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-scroll-to]') : null;
    const id = control?.dataset.scrollTo;
    if (!id || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    scrollToSection(id);
  });
}
