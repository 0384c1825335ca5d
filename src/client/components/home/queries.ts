import { CACHE, trpc } from '../../lib/trpc';

/**
 * The home page's gallery, shared by the route's loader and the section. Apart from the component: whatever a
 * route's loader imports is loaded by every page.
 */
export const galleryQuery = () => trpc.gallery.list.queryOptions(undefined, { staleTime: CACHE.gallery });
