import type { Choice } from './constants';

/**
 * The enrollment form's own choices (docs/product.md §5), apart from constants.ts: the parent portal loads the constants
 * with its first page and needs none of these (the bytes paid for the portal's clearer words).
 */
export const STATE_CHOICES = [
  { value: 'OH', label: 'Ohio' },
  { value: 'MI', label: 'Michigan' },
  { value: 'PA', label: 'Pennsylvania' },
  { value: 'IN', label: 'Indiana' },
  { value: 'KY', label: 'Kentucky' },
  { value: 'WV', label: 'West Virginia' },
] as const satisfies readonly Choice[];

export const RELATIONSHIP_CHOICES = [
  { value: 'grandparent', label: 'Grandparent' },
  { value: 'aunt-uncle', label: 'Aunt/Uncle' },
  { value: 'family-friend', label: 'Family Friend' },
  { value: 'neighbor', label: 'Neighbor' },
  { value: 'other-relative', label: 'Other Relative' },
] as const satisfies readonly Choice[];

export const HOW_HEARD_CHOICES = [
  { value: 'google', label: 'Google Search' },
  { value: 'social-media', label: 'Social Media' },
  { value: 'referral', label: 'Friend/Family Referral' },
  { value: 'drive-by', label: 'Drive by' },
  { value: 'community-board', label: 'Community Board' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Choice[];

export function choiceLabel(choices: readonly Choice[], value: string | null | undefined): string {
  if (!value) return '';
  return choices.find((c) => c.value === value)?.label ?? value;
}
