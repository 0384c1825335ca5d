import { describe, expect, it } from 'vitest';
import { auditFieldLabel, auditFieldsText } from '../../src/client/components/admin/tabs/audit/audit-fields';
import { formatDateTime } from '../../src/client/lib/format';

describe("the Audit tab's Fields column", () => {
  it('names fields in words, not as the code spells them', () => {
    expect(auditFieldLabel('checkedInAt')).toBe('Checked in at');
    expect(auditFieldLabel('parent_email')).toBe('Parent email');
    expect(auditFieldLabel('status')).toBe('Status');
  });

  it('shows a moment in local time, yes/no for a flag, and never a secret', () => {
    const at = '2026-11-27T14:03:00.000Z';
    const text = auditFieldsText({ checkedInAt: at, isActive: false, password: null, notes: null, childId: 12 });
    expect(text).toBe(
      `Checked in at: ${formatDateTime(new Date(at))}; Is active: no; Password: changed (not kept); Notes: empty; Child id: 12`,
    );
    expect(text).not.toContain('2026-11-27T');
  });
});
