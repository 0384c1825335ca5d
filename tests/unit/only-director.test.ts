/** The Staff tab hides the demote and deactivate buttons of the only active director (the server refuses them too). */
import { describe, expect, it } from 'vitest';
import { isOnlyActiveDirector } from '../../src/shared/schemas/staff';

describe('isOnlyActiveDirector', () => {
  const ann = { id: 'a', role: 'director' as const, isActive: true };
  const bo = { id: 'b', role: 'director' as const, isActive: false };
  const cy = { id: 'c', role: 'teacher' as const, isActive: true };

  it('is true only for the one active director', () => {
    expect(isOnlyActiveDirector([ann, bo, cy], 'a')).toBe(true);
    expect(isOnlyActiveDirector([ann, bo, cy], 'b')).toBe(false);
    expect(isOnlyActiveDirector([ann, bo, cy], 'c')).toBe(false);
  });

  it('is false for everyone once a second director is active', () => {
    expect(isOnlyActiveDirector([ann, { ...bo, isActive: true }, cy], 'a')).toBe(false);
  });
});
