import { es } from '../../shared/i18n/es';
import { portalErrorIn } from '../../shared/i18n/portal-errors';
import { portalEs } from '../../shared/i18n/portal-es';
import { registerSiteCatalogue } from '../../shared/i18n/site-catalogue';
import { registerPortalCatalogue } from './portal-catalogue';

/**
 * The server render covers every language in one pass (ADR 045, ADR 047): every catalogue is at hand
 * there. entry-server.tsx imports this before the route tree, so whatever a route reads when it is defined finds
 * them. The browser loads Spanish on demand instead (shared/i18n/site-catalogue.ts, lib/portal-catalogue.ts).
 */
registerSiteCatalogue('es', es);
registerPortalCatalogue('es', portalEs, portalErrorIn);
