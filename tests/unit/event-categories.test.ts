import { describe, expect, it } from 'vitest';
import { eventCategoryTone, publicEventCategoryLabel } from '../../src/client/components/events/categories';
import { ADMIN_EVENT_CATEGORIES, PUBLIC_EVENT_CATEGORIES } from '../../src/shared/constants';

describe('public event category badges (docs/product.md §9: an unknown category falls back to general)', () => {
  it('shows the public categories by their own label', () => {
    expect(PUBLIC_EVENT_CATEGORIES.map(publicEventCategoryLabel)).toEqual(['General', 'Holiday', 'Field Trip', 'Conference', 'Health']);
  });

  it('shows the admin-only categories, unknown ones and none as General, in General colours', () => {
    const adminOnly = ADMIN_EVENT_CATEGORIES.filter((c) => !(PUBLIC_EVENT_CATEGORIES as readonly string[]).includes(c));
    expect(adminOnly).toEqual(['education', 'parent-meeting']);
    for (const category of [...adminOnly, 'staff-party', '', null, undefined]) {
      expect(publicEventCategoryLabel(category)).toBe('General');
      expect(eventCategoryTone(category)).toBe(eventCategoryTone('general'));
    }
  });
});
