import { useT } from '../../lib/i18n';
import { ArrowDown, CircleAlert, Info } from 'lucide-react';
import { cn } from '../ui/cn';

/** Distinct icons for high, normal and low priority (docs/product.md §2); decorative, the badge carries the word. */
export function PriorityIcon({ priority, className }: { priority: string; className?: string }) {
  if (priority === 'high') return <CircleAlert aria-hidden="true" className={cn('text-red-600', className)} />;
  if (priority === 'low') return <ArrowDown aria-hidden="true" className={cn('text-stone-500', className)} />;
  return <Info aria-hidden="true" className={cn('text-blue-600', className)} />;
}

/** The priority's badge in the page's language (the catalogue's words: 'High Priority', 'Prioridad alta'). */
export function usePriorityLabel(): (priority: string) => string {
  const t = useT();
  return (priority) =>
    t(priority === 'high' ? 'events.priority.high' : priority === 'low' ? 'events.priority.low' : 'events.priority.normal');
}

export function priorityLabel(priority: string): string {
  if (priority === 'high') return 'High Priority';
  if (priority === 'low') return 'Low Priority';
  return 'Normal Priority';
}
