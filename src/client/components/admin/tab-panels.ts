import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { ADMIN_TABS, type AdminTabId } from './admin-tabs';

/**
 * Every tab module in `tabs/`, not yet loaded: each is a chunk of its own, fetched when its tab is first shown, so
 * the overview does not wait for the gallery's code. Only the dashboard imports this file.
 */
export const TAB_MODULES = import.meta.glob<{ default: ComponentType }>('./tabs/*Tab.tsx');

/** The key in TAB_MODULES of a tab's panel (`panel` in ADMIN_TABS). */
export const panelModule = (panel: string) => `./tabs/${panel}.tsx`;

/** Each tab's panel, from its entry in ADMIN_TABS. */
export const PANELS = new Map<AdminTabId, LazyExoticComponent<ComponentType>>(
  ADMIN_TABS.map((tab) => {
    const load = TAB_MODULES[panelModule(tab.panel)];
    if (!load) throw new Error(`The ${tab.id} tab names tabs/${tab.panel}.tsx, which is not there`);
    return [tab.id, lazy(load)];
  }),
);
