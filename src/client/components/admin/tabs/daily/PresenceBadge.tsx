import type { StaffKey } from '~/shared/i18n/staff-en';
import { cn } from '~/client/components/ui/cn';
import { staffText } from '../../staff-words';

export type Presence = 'present' | 'absent' | 'gone';

const LOOK: Record<Presence, { key: StaffKey; className: string }> = {
  present: { key: 'staff.daily.presence.present', className: 'bg-green-100 text-green-900' },
  absent: { key: 'staff.daily.presence.absent', className: 'bg-stone-200 text-stone-800' },
  gone: { key: 'staff.daily.presence.gone', className: 'bg-amber-100 text-amber-900' },
};

/** Where a child is today, on the child's card in Daily sheets (ADR 080): present, absent or gone home. */
export function PresenceBadge({ presence }: { presence: Presence }) {
  const look = LOOK[presence];
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', look.className)}>{staffText(look.key)}</span>;
}
