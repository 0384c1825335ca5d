import { PHYSICIAN_REASONS, type PhysicianReason } from '~/shared/medication-rules';
import { Checkbox } from '~/client/components/ui/Checkbox';
import { TextField } from '~/client/components/ui/Field';

/**
 * The fields of a medication request (ADR 092, form JFS 01217) as typed: the parent's form in the portal and the
 * staff's paper-form dialog both hold one, and both send it through `medicationRequestFields` to a procedure whose
 * schema is built from the one set of fields in shared/schemas/medication.ts.
 */
export interface MedicationDraft {
  medicationName: string;
  reason: string;
  dose: string;
  route: string;
  /** The times as typed ("9:00, 13:30"). */
  times: string;
  asNeeded: boolean;
  /** The sign to look for, when given as needed. */
  sign: string;
  startDate: string;
  endDate: string;
  refrigerate: boolean;
  prescription: boolean;
  reasons: PhysicianReason[];
}

export const emptyMedicationDraft = (today: string): MedicationDraft => ({
  medicationName: '',
  reason: '',
  dose: '',
  route: '',
  times: '',
  asNeeded: false,
  sign: '',
  startDate: today,
  endDate: today,
  refrigerate: false,
  prescription: false,
  reasons: [],
});

/** The times as typed ("9:00, 13:30") in the schema's form ("09:00", "13:30"); the server checks each. */
const timesOf = (typed: string) =>
  typed
    .split(/[,\s]+/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => (x.length === 4 ? `0${x}` : x));

/** The draft as the request schema's fields: the times or the sign (one of them), the physician's reasons. */
export function medicationRequestFields(d: MedicationDraft) {
  return {
    medicationName: d.medicationName,
    reason: d.reason,
    dose: d.dose,
    route: d.route,
    times: d.asNeeded ? [] : timesOf(d.times),
    asNeeded: d.asNeeded ? d.sign : null,
    startDate: d.startDate,
    endDate: d.endDate,
    refrigerate: d.refrigerate,
    prescription: d.prescription,
    physicianNeeded: d.reasons.length > 0,
    physicianReasons: d.reasons,
  };
}

/** The fields' words, from the caller's catalogue: the staff area's, or the portal's in the parent's language. */
export interface MedicationFieldWords {
  name: string;
  reason: string;
  dose: string;
  route: string;
  asNeeded: string;
  sign: string;
  times: string;
  timesHelp: string;
  start: string;
  end: string;
  /** Under the end date: how far ahead it may be (the portal's). */
  endHelp?: string;
  refrigerate: string;
  prescription: string;
  physicianLegend: string;
  physician: (reason: PhysicianReason) => string;
}

/** A field's message by the schema's field name (the staff dialog shows the server's refusals at their fields). */
export type MedicationFieldErrors = Partial<Record<string, string>>;

/**
 * The request's fields, from the medicine to the physician's reasons. `onChange` receives each change (one field's
 * new value); a choice of "as needed" swaps the times for the sign to look for.
 */
export function MedicationFields({
  value: v,
  onChange,
  errors = {},
  words,
}: {
  value: MedicationDraft;
  onChange: (change: Partial<MedicationDraft>) => void;
  errors?: MedicationFieldErrors;
  words: MedicationFieldWords;
}) {
  const set =
    <K extends keyof MedicationDraft>(key: K) =>
    (value: MedicationDraft[K]) =>
      onChange({ [key]: value });
  const toggleReason = (reason: PhysicianReason) => (on: boolean) =>
    onChange({ reasons: on ? [...v.reasons, reason] : v.reasons.filter((r) => r !== reason) });
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={words.name} required value={v.medicationName} onChange={set('medicationName')} error={errors.medicationName} />
        <TextField label={words.reason} required value={v.reason} onChange={set('reason')} error={errors.reason} />
        <TextField label={words.dose} required value={v.dose} onChange={set('dose')} error={errors.dose} />
        <TextField label={words.route} required value={v.route} onChange={set('route')} error={errors.route} />
      </div>
      <Checkbox isSelected={v.asNeeded} onChange={set('asNeeded')}>
        {words.asNeeded}
      </Checkbox>
      {v.asNeeded ? (
        <TextField label={words.sign} required value={v.sign} onChange={set('sign')} error={errors.asNeeded || errors.times} />
      ) : (
        <TextField
          label={words.times}
          description={words.timesHelp}
          required
          value={v.times}
          onChange={set('times')}
          error={errors.times}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={words.start} type="date" required value={v.startDate} onChange={set('startDate')} error={errors.startDate} />
        <TextField
          label={words.end}
          type="date"
          required
          value={v.endDate}
          onChange={set('endDate')}
          description={words.endHelp}
          error={errors.endDate}
        />
      </div>
      <Checkbox isSelected={v.refrigerate} onChange={set('refrigerate')}>
        {words.refrigerate}
      </Checkbox>
      <Checkbox isSelected={v.prescription} onChange={set('prescription')}>
        {words.prescription}
      </Checkbox>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">{words.physicianLegend}</legend>
        {PHYSICIAN_REASONS.map((reason) => (
          <Checkbox key={reason} isSelected={v.reasons.includes(reason)} onChange={toggleReason(reason)}>
            {words.physician(reason)}
          </Checkbox>
        ))}
      </fieldset>
    </>
  );
}
