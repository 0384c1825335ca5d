import {
  Activity,
  Apple,
  Armchair,
  Award,
  Baby,
  Bike,
  Blocks,
  BookOpen,
  Calculator,
  CupSoda,
  Droplets,
  Eye,
  Footprints,
  Hand,
  Heart,
  type LucideIcon,
  type LucideProps,
  MessageCircle,
  Music,
  PenLine,
  Search,
  Shirt,
  Smile,
  Users,
} from 'lucide-react';

/**
 * The lucide icons that milestone badges name (db/milestones.ts). Only these are bundled; any other
 * name shows the Award icon.
 */
const BADGE_ICONS: Record<string, LucideIcon> = {
  Activity,
  Apple,
  Armchair,
  Award,
  Baby,
  Bike,
  Blocks,
  BookOpen,
  Calculator,
  CupSoda,
  Droplets,
  Eye,
  Footprints,
  Hand,
  Heart,
  MessageCircle,
  Music,
  PenLine,
  Search,
  Shirt,
  Smile,
  Users,
};

/** A badge's icon by its name (a component, not a function that returns one, so each render draws the same one). */
export function BadgeIcon({ name, ...props }: LucideProps & { name: string | null | undefined }) {
  const Icon = (name && BADGE_ICONS[name]) || Award;
  return <Icon {...props} />;
}
