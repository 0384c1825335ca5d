import type { PortalIntl } from '../../i18n';

/**
 * A child's program as docs/product.md names it, in the portal's language (English, as staff read it, elsewhere). Apart
 * from categories.tsx: the dashboard's header names programs, and the categories' icons are not in its first load
 * (ADR 108).
 */
export function programLabel(intl: PortalIntl, program: string): string {
  const key = `portal.program.${program}`;
  return intl.has(key) ? intl.t(key) : program;
}
