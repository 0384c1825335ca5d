import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div {...props} className={cn('rounded-2xl border border-stone-200 bg-white shadow-sm', className)} />;
}

export function Badge({ className, tone = 'stone', ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      {...props}
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', badgeTones[tone], className)}
    />
  );
}

export type BadgeTone = 'stone' | 'brand' | 'sun' | 'red' | 'blue' | 'green' | 'purple' | 'pink' | 'orange';
export const badgeTones: Record<BadgeTone, string> = {
  stone: 'bg-stone-100 text-stone-800',
  brand: 'bg-brand-100 text-brand-900',
  sun: 'bg-sun-100 text-amber-900',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  purple: 'bg-purple-100 text-purple-800',
  pink: 'bg-pink-100 text-pink-800',
  orange: 'bg-orange-100 text-orange-800',
};
