import {
  Activity,
  BookOpen,
  Brain,
  type LucideIcon,
  type LucideProps,
  MessageCircle,
  Palette,
  Puzzle,
  Star,
  Trees,
  Users,
} from 'lucide-react';
import type { PortalIntl } from '../../i18n';
import type { BadgeTone } from '../ui/Card';

/** docs/product.md §2: note categories with distinct icons (others a default icon). */
const NOTE_ICONS: Record<string, LucideIcon> = {
  physical: Activity,
  cognitive: Brain,
  social: Users,
  language: MessageCircle,
  creativity: Palette,
};
/** docs/product.md §2: activity categories with icons: learning, play, creative, outdoor (others default). */
const ACTIVITY_ICONS: Record<string, LucideIcon> = { learning: BookOpen, play: Puzzle, creative: Palette, outdoor: Trees };

const ACTIVITY_TONES: Record<string, BadgeTone> = {
  learning: 'blue',
  play: 'green',
  creative: 'purple',
  outdoor: 'orange',
  meals: 'sun',
  rest: 'stone',
};
const NOTE_TONES: Record<string, BadgeTone> = {
  physical: 'green',
  cognitive: 'blue',
  social: 'pink',
  language: 'purple',
  creativity: 'orange',
};

/** A note category's icon (components, not functions that return one, so each render draws the same component). */
export function NoteIcon({ category, ...props }: LucideProps & { category: string }) {
  const Icon = NOTE_ICONS[category] ?? Star;
  return <Icon {...props} />;
}
export function ActivityIcon({ category, ...props }: LucideProps & { category: string }) {
  const Icon = ACTIVITY_ICONS[category] ?? Star;
  return <Icon {...props} />;
}
export const activityTone = (category: string): BadgeTone => ACTIVITY_TONES[category] ?? 'stone';
export const noteTone = (category: string): BadgeTone => NOTE_TONES[category] ?? 'stone';

export function label(value: string): string {
  return value ? value[0]!.toUpperCase() + value.slice(1).replaceAll('_', ' ') : value;
}

/** A category's name in the portal's language; one the catalogue does not know is written as `label` writes it. */
export function categoryLabel(intl: PortalIntl, kind: 'activity' | 'note', value: string): string {
  const key = `portal.${kind}.${value}`;
  return intl.language !== 'en' && intl.has(key) ? intl.t(key) : label(value);
}
