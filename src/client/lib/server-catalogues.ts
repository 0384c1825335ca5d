import { es } from '../../shared/i18n/es';
import { errorsEs } from '../../shared/i18n/errors-es';
import { portalEs } from '../../shared/i18n/portal-es';
import { registerSiteCatalogue } from '../../shared/i18n/site-catalogue';
import { registerPortalCatalogue } from './portal-catalogue';

/**
 * The server render covers every language in one pass (issue 33, ADR 045, ADR 047): every catalogue is at hand
 * there. entry-server.tsx imports this before the route tree, so whatever a route reads when it is defined finds
 * them. The browser loads Spanish on demand instead (shared/i18n/site-catalogue.ts, lib/portal-catalogue.ts).
 */
registerSiteCatalogue('es', es);
registerPortalCatalogue('es', portalEs, errorsEs);
