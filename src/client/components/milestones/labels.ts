import type { BadgeTone } from '../ui/Card';

/** Difficulty badges: challenging red, normal blue, otherwise (easy) green, as the parent portal shows them. */
export function difficultyTone(difficulty: string): BadgeTone {
  if (difficulty === 'challenging') return 'red';
  if (difficulty === 'normal') return 'blue';
  return 'green';
}

export function capitalize(value: string): string {
  return value ? value[0]!.toUpperCase() + value.slice(1) : value;
}
