/**
 * What a teacher must know about a child where she works (ADR 081): the allergies and care needs held in the child's
 * record. The record keeps them as labelled lines of its notes, as enrolment from an application writes them
 * (enrollment/applications.ts `notesFromApplication`) and as staff type them in the Enrolled tab's notes: a line that
 * starts with one of these labels (any case) is a flag; every other line (the emergency contact, the pediatrician)
 * stays in the notes only.
 */
export const ALLERGY_LABELS = ['Allergies', 'Allergy'] as const;
export const CARE_NEED_LABELS = [
  'Medications',
  'Medication',
  'Medical conditions',
  'Special instructions',
  'Care needs',
  'Care need',
] as const;

/** What a family writes for "nothing to flag" (in English or Spanish): no flag, or every card would carry one. */
const NOTHING = new Set(['none', 'no', 'n/a', 'na', 'nothing', 'nka', 'nkda', 'no known allergies', 'ninguna', 'ninguno', 'nada', '-']);

/** `carePlan` is the care plan's "what staff must do" (health/records.ts, ADR 094), when the child has one. */
export type CareFlags = { allergies: string | null; careNeeds: string | null; carePlan?: string | null };

/** The text after `label:` on a line, or null when the line does not start with one of the labels. */
function labelled(line: string, labels: readonly string[]): string | null {
  const colon = line.indexOf(':');
  if (colon < 0) return null;
  const label = line.slice(0, colon).trim().toLowerCase();
  if (!labels.some((l) => l.toLowerCase() === label)) return null;
  const text = line.slice(colon + 1).trim();
  return text && !NOTHING.has(text.toLowerCase().replace(/\.$/, '')) ? text : null;
}

/**
 * The allergies and care needs in a child's notes, each a line or several joined by "; ", null when there are none,
 * and the care plan's summary when the caller reads it (the staff lists: health/records.ts `carePlansOf`).
 */
export function careFlagsOf(notes: string | null, carePlan?: string | null): CareFlags {
  const allergies: string[] = [];
  const careNeeds: string[] = [];
  for (const line of (notes ?? '').split(/\r?\n/)) {
    const allergy = labelled(line, ALLERGY_LABELS);
    if (allergy) {
      allergies.push(allergy);
      continue;
    }
    const need = labelled(line, CARE_NEED_LABELS);
    if (need) careNeeds.push(need);
  }
  const flags = { allergies: allergies.join('; ') || null, careNeeds: careNeeds.join('; ') || null };
  return carePlan === undefined ? flags : { ...flags, carePlan };
}
