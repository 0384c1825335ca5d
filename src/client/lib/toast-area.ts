/*
 * In a module of its own, free of imports: the dashboards read TOAST_CLEARANCE for their layout without loading the
 * toast queue (React Aria) with their first script.
 */

/**
 * The room a toast takes at its edge (a title and a two-line description, with its gap): what the dashboards leave
 * free at their end (TOAST_CLEARANCE) and what a toast keeps clear of besides the control just used (toast.ts).
 */
export const TOAST_AREA = 128;

/** The padding at the end of a dashboard, as tall as TOAST_AREA: scrolled to its end, no row is under a toast. */
export const TOAST_CLEARANCE = 'pb-32';
