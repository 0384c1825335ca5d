import { ArrowDown, CircleAlert, Info } from 'lucide-react';
import { cn } from '../ui/cn';

/** Distinct icons for high, normal and low priority (SPEC.md §2); decorative, the badge carries the word. */
export function PriorityIcon({ priority, className }: { priority: string; className?: string }) {
  if (priority === 'high') return <CircleAlert aria-hidden="true" className={cn('text-red-600', className)} />;
  if (priority === 'low') return <ArrowDown aria-hidden="true" className={cn('text-stone-500', className)} />;
  return <Info aria-hidden="true" className={cn('text-blue-600', className)} />;
}

export function priorityLabel(priority: string): string {
  if (priority === 'high') return 'High Priority';
  if (priority === 'low') return 'Low Priority';
  return 'Normal Priority';
}
