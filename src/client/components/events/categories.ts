import { useT } from '../../lib/i18n';
import { PUBLIC_EVENT_CATEGORIES } from '~/shared/constants';
import type { BadgeTone } from '../ui/Card';

export type PublicEventCategory = (typeof PUBLIC_EVENT_CATEGORIES)[number];

/**
 * Badge colours of the event categories the public pages know (docs/product.md §2). Shared with the admin
 * dashboard so an event looks the same everywhere.
 */
export const EVENT_CATEGORY_TONES: Record<PublicEventCategory, BadgeTone> = {
  general: 'blue',
  holiday: 'red',
  'field-trip': 'green',
  conference: 'purple',
  health: 'orange',
};

/** An unknown category is shown as general (docs/product.md §9). */
export function publicEventCategory(category: string | null | undefined): PublicEventCategory {
  return (PUBLIC_EVENT_CATEGORIES as readonly string[]).includes(category ?? '') ? (category as PublicEventCategory) : 'general';
}

export function eventCategoryTone(category: string | null | undefined): BadgeTone {
  return EVENT_CATEGORY_TONES[publicEventCategory(category)];
}

/**
 * The badge label of an event on the public pages: only the product's public set, so a category staff use
 * among themselves (education, parent-meeting) or an unknown one reads 'General', as its colour already does.
 */
export function publicEventCategoryLabel(category: string | null | undefined): string {
  return categoryLabel(publicEventCategory(category));
}

/** The public badge of an event's category in the page's language. */
export function useEventCategoryLabel(): (category: string | null | undefined) => string {
  const t = useT();
  return (category) => t(`events.category.${publicEventCategory(category)}`);
}

/** An announcement's category in the page's language (one the catalogue does not know is shown as staff wrote it). */
export function useAnnouncementCategoryLabel(): (category: string | null | undefined) => string {
  const t = useT();
  return (category) => {
    const value = category?.trim() || 'general';
    return (['general', 'health', 'enrollment'] as const).includes(value as 'general')
      ? t(`events.category.${value as 'general' | 'health' | 'enrollment'}`)
      : categoryLabel(value);
  };
}

/** `field-trip` → `Field Trip`. */
export function categoryLabel(category: string | null | undefined): string {
  const value = category?.trim() || 'general';
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** Announcement categories (general, health, enrollment) and priorities. */
export const ANNOUNCEMENT_CATEGORY_TONES: Record<string, BadgeTone> = {
  general: 'blue',
  health: 'orange',
  enrollment: 'brand',
};

export function announcementCategoryTone(category: string | null | undefined): BadgeTone {
  return ANNOUNCEMENT_CATEGORY_TONES[category ?? ''] ?? 'blue';
}

export const PRIORITY_TONES: Record<string, BadgeTone> = {
  high: 'red',
  normal: 'blue',
  low: 'stone',
};

export function priorityTone(priority: string | null | undefined): BadgeTone {
  return PRIORITY_TONES[priority ?? ''] ?? 'blue';
}
