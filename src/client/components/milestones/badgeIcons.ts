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

export function badgeIcon(name: string | null | undefined): LucideIcon {
  return (name && BADGE_ICONS[name]) || Award;
}
