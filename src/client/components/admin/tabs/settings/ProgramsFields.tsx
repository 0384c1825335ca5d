import { Plus, Trash2 } from 'lucide-react';
import { Button } from '~/client/components/ui/Button';
import { TextField } from '~/client/components/ui/Field';
import { tabText } from '../tab-words';

/** A program as typed: its id and its ages in whole months, still text. */
export type ProgramDraft = { id: string; fromMonths: string; toMonths: string };

/** The typed programs as the profile holds them; an age that is not a number is sent as one the server refuses. */
export const programsOf = (drafts: ProgramDraft[]) =>
  drafts.map((p) => ({
    id: p.id.trim(),
    fromMonths: p.fromMonths.trim() === '' ? Number.NaN : Number(p.fromMonths),
    toMonths: p.toMonths.trim() === '' ? Number.NaN : Number(p.toMonths),
  }));

/**
 * The Settings tab's programs (ADR 090): each with its id (the enrollment form's program) and the ages it takes in
 * whole months; added, renamed and removed here, validated by the server (shared/schemas/centre-profile.ts), whose
 * messages (`programs.1.toMonths`) are shown under their field.
 */
export function ProgramsFields({
  value,
  onChange,
  errors,
}: {
  value: ProgramDraft[];
  onChange: (programs: ProgramDraft[]) => void;
  errors: Record<string, string>;
}) {
  const set = (i: number, change: Partial<ProgramDraft>) => onChange(value.map((p, j) => (j === i ? { ...p, ...change } : p)));
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 font-semibold text-stone-900">{tabText('staff.settings.programs')}</legend>
      {errors.programs && (
        <p role="alert" className="text-sm text-red-700">
          {errors.programs}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {value.map((p, i) => {
          const n = i + 1;
          return (
            <li key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_8rem_8rem_auto]">
              <TextField
                label={tabText('staff.settings.programId', { n })}
                value={p.id}
                onChange={(id) => set(i, { id })}
                error={errors[`programs.${i}.id`] ?? errors[`programs.${i}`]}
                required
              />
              <TextField
                label={tabText('staff.settings.programFrom', { n })}
                inputMode="numeric"
                value={p.fromMonths}
                onChange={(fromMonths) => set(i, { fromMonths })}
                error={errors[`programs.${i}.fromMonths`]}
                required
              />
              <TextField
                label={tabText('staff.settings.programTo', { n })}
                inputMode="numeric"
                value={p.toMonths}
                onChange={(toMonths) => set(i, { toMonths })}
                error={errors[`programs.${i}.toMonths`]}
                required
              />
              <Button variant="outline" onPress={() => onChange(value.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden="true" className="size-4" />
                {tabText('staff.settings.programRemove', { id: p.id || String(n) })}
              </Button>
            </li>
          );
        })}
      </ul>
      <div>
        <Button variant="outline" onPress={() => onChange([...value, { id: '', fromMonths: '', toMonths: '' }])}>
          <Plus aria-hidden="true" className="size-4" />
          {tabText('staff.settings.programAdd')}
        </Button>
      </div>
    </fieldset>
  );
}
