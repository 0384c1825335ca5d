import { describe, expect, it } from 'vitest';
import { adminSearch, loginSearch } from '../../src/client/components/admin/admin-tabs';

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
