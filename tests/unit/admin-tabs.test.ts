import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, adminSearch, loginSearch } from '../../src/client/components/admin/admin-tabs';
import { PANELS, panelModule, TAB_MODULES } from '../../src/client/components/admin/tab-panels';

describe('the dashboard tabs: one entry each in ADMIN_TABS', () => {
  it('gives every tab its panel, from the file its entry names', () => {
    expect([...PANELS.keys()]).toEqual(ADMIN_TABS.map((t) => t.id));
    for (const tab of ADMIN_TABS) expect(Object.keys(TAB_MODULES), tab.id).toContain(panelModule(tab.panel));
  });

  it('has a tab for every panel file in tabs/, and no two tabs share one', () => {
    const named = ADMIN_TABS.map((t) => panelModule(t.panel));
    expect(new Set(named).size).toBe(named.length);
    expect(Object.keys(TAB_MODULES).sort()).toEqual([...named].sort());
  });
});

describe('the dashboard and login search parameters', () => {
  it('keep a known tab', () => {
    expect(adminSearch({ tab: 'events' })).toEqual({ tab: 'events' });
    expect(loginSearch({ redirect: 'gallery' })).toEqual({ redirect: 'gallery' });
  });

  it.each(['https://evil.example', '//evil.example', '/enrollment', 'no-such-tab', 'Events', '', 5, null, ['events'], { tab: 'events' }])(
    'drop %j, so the login page can only return to a dashboard tab',
    (value) => {
      // The key is present but undefined: TanStack Router lays the validated search over the raw one.
      expect(loginSearch({ redirect: value })).toEqual({ redirect: undefined });
      expect('redirect' in loginSearch({ redirect: value })).toBe(true);
      expect(adminSearch({ tab: value })).toEqual({ tab: undefined });
    },
  );
});
