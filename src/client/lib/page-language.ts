import { useLocation } from '@tanstack/react-router';
import { languageOfPath, type PageLanguage } from '../../shared/i18n/paths';

/**
 * The public pages' language, from their address (ADR 045): `/es/...` is Spanish. Read from the router's location,
 * so the same components render `/events` and `/es/events`, on the server and in the app alike.
 */
export function usePageLanguage(): PageLanguage {
  return languageOfPath(useLocation({ select: (l) => l.pathname }));
}
