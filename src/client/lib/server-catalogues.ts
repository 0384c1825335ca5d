import { errorsEn } from '../../shared/i18n/errors-en';
import { errorsEs } from '../../shared/i18n/errors-es';
import { es } from '../../shared/i18n/es';
import { portalEn } from '../../shared/i18n/portal-en';
import { portalEs } from '../../shared/i18n/portal-es';
import { registerCatalogue } from '../../shared/i18n/registry';
import { registerPortalCatalogue } from './portal-catalogue';

/**
 * The server render covers every language in one pass (ADR 045, ADR 047, ADR 070): every catalogue is at hand
 * there. entry-server.tsx imports this before the route tree, so whatever a route reads when it is defined finds
 * them. The browser loads them on demand instead (shared/i18n/registry.ts).
 */
registerCatalogue('site', 'es', es);
registerPortalCatalogue('en', portalEn, errorsEn);
registerPortalCatalogue('es', portalEs, errorsEs);
