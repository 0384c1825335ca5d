import { ClipboardList, HeartPulse, TriangleAlert } from 'lucide-react';
import { cn } from '../ui/cn';
import { staffText } from './staff-words';

/** A child's allergies, care needs and care plan (what staff must do), as the staff lists carry them (server/children/care-flags.ts). */
export type CareFlags = { allergies: string | null; careNeeds: string | null; carePlan?: string | null };

/**
 * The allergies and care needs on a child's card and in the check-in dialog (ADR 081): each with an icon and its
 * word ("Allergies: peanuts"), so neither colour nor the icon alone says it, and a screen reader reads the word and
 * the text. Spans only: it sits inside the Daily sheets' card buttons, where a list or a paragraph may not go.
 */
export function ChildCareFlags({ flags, className }: { flags: CareFlags; className?: string }) {
  if (!flags.allergies && !flags.careNeeds && !flags.carePlan) return null;
  return (
    <span className={cn('flex flex-col gap-1', className)} data-care-flags="">
      {flags.allergies && (
        <span className="flex items-start gap-1.5 rounded-md border border-red-300 bg-red-50 px-2 py-1 text-sm font-normal text-red-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{staffText('staff.care.allergies')}:</strong> {flags.allergies}
          </span>
        </span>
      )}
      {flags.careNeeds && (
        <span className="flex items-start gap-1.5 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-sm font-normal text-amber-950">
          <HeartPulse aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{staffText('staff.care.careNeeds')}:</strong> {flags.careNeeds}
          </span>
        </span>
      )}
      {flags.carePlan && (
        <span className="flex items-start gap-1.5 rounded-md border border-sky-300 bg-sky-50 px-2 py-1 text-sm font-normal text-sky-950">
          <ClipboardList aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{staffText('staff.care.carePlan')}:</strong> {flags.carePlan}
          </span>
        </span>
      )}
    </span>
  );
}
