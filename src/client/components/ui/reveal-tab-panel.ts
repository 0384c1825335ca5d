/**
 * After a tab is chosen, brings its content into view when it starts low in the window (on a phone, below a
 * tall header, the new content began under the screen's bottom edge and nothing seemed to change): the tab list
 * is scrolled to the top, the content right under it. A panel already in view is left where it is.
 */
export function revealTabPanel(container: HTMLElement | null) {
  requestAnimationFrame(() => {
    const list = container?.querySelector<HTMLElement>('[role="tablist"]');
    const panel = container?.querySelector<HTMLElement>('[role="tabpanel"]');
    if (!list || !panel) return;
    const top = panel.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.5) list.scrollIntoView({ block: 'start', behavior: 'instant' });
  });
}
