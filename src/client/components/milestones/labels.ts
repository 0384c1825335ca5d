import { AGE_RANGES, MILESTONE_CATEGORIES } from '~/shared/constants';
import type { BadgeTone } from '../ui/Card';

export const AGE_RANGE_LABELS: Record<string, string> = {
  '0-6months': '0-6 months',
  '6-12months': '6-12 months',
  '1-2years': '1-2 years',
  '3-4years': '3-4 years',
  '4-5years': '4-5 years',
};

export const MILESTONE_CATEGORY_LABELS: Record<string, string> = {
  physical: 'Physical',
  cognitive: 'Cognitive',
  social: 'Social',
  language: 'Language',
  'self-care': 'Self-Care',
};

export const AGE_FILTER_OPTIONS = [
  { value: 'all', label: 'All Ages' },
  ...AGE_RANGES.map((value) => ({ value, label: AGE_RANGE_LABELS[value]! })),
];
export const CATEGORY_FILTER_OPTIONS = [
  { value: 'all', label: 'All Categories' },
  ...MILESTONE_CATEGORIES.map((value) => ({ value, label: MILESTONE_CATEGORY_LABELS[value]! })),
];

/** Difficulty badges: challenging red, normal blue, otherwise (easy) green, as the parent portal shows them. */
export function difficultyTone(difficulty: string): BadgeTone {
  if (difficulty === 'challenging') return 'red';
  if (difficulty === 'normal') return 'blue';
  return 'green';
}

export function capitalize(value: string): string {
  return value ? value[0]!.toUpperCase() + value.slice(1) : value;
}
