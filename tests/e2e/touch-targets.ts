import type { Page } from '@playwright/test';

/**
 * Every link, button, tab and form control a person can see on the page (or inside `within`, a CSS selector) that is
 * narrower or shorter than `min` CSS px, with its size: 44 (WCAG 2.5.5) for what a parent taps on a phone, 24 (WCAG
 * 2.2's 2.5.8) for a staff screen's text links and small buttons. Elements that are visually hidden (the skip link
 * before it is focused, 1 × 1 px) are checked once focused; elements hidden from everyone are left out.
 */
export async function smallTargets(page: Page, min: number, within = 'body'): Promise<string[]> {
  return page.evaluate(
    ([min, within]) => {
      const selector =
        'a[href], button, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="option"], input:not([type="hidden"]), select, textarea, summary';
      const small: string[] = [];
      for (const scope of document.querySelectorAll(within)) {
        for (const el of scope.querySelectorAll<HTMLElement>(selector)) {
          if (el.closest('[aria-hidden="true"], [inert]')) continue;
          if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
          // Visually hidden, itself (the skip link until focused) or inside a wrapper (React Aria's Dismiss buttons for screen readers).
          let hidden = false;
          for (let node: HTMLElement | null = el; node && !hidden; node = node.parentElement) {
            const style = getComputedStyle(node);
            hidden = style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
          }
          if (hidden) continue;
          const r = el.getBoundingClientRect();
          if (r.width < min || r.height < min) {
            const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.tagName)
              .trim()
              .replace(/\s+/g, ' ')
              .slice(0, 40);
            small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
          }
        }
      }
      return small;
    },
    [min, within] as const,
  );
}
