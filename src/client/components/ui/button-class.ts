import { cn } from './cn';

/**
 * The look of every button and button-like link, in one place. Apart from Button.tsx so that the pages loaded
 * first (the public pages' links and plain buttons) take the classes without React Aria's button.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'sun';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors select-none cursor-pointer ' +
  'outline-none focus-visible:ring-3 focus-visible:ring-brand-500/60 focus-visible:ring-offset-2 ' +
  'disabled:opacity-60 disabled:cursor-not-allowed data-[disabled]:opacity-60 data-[disabled]:cursor-not-allowed';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 data-[pressed]:bg-brand-900',
  secondary: 'bg-brand-100 text-brand-900 hover:bg-brand-200',
  outline: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
  ghost: 'text-stone-700 hover:bg-stone-100',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  sun: 'bg-sun-400 text-stone-900 hover:bg-sun-300',
};

const sizes: Record<ButtonSize, string> = {
  // 44 px on touch screens (WCAG 2.5.5); the compact 36 px only where a mouse is likely.
  sm: 'min-h-11 px-3 text-sm md:min-h-9',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cn(base, variants[variant], sizes[size], extra);
}

/**
 * A text link or small text button in a staff list or form (a record's name, "History", an e-mail address): at least
 * 24 px tall, WCAG 2.2's 2.5.8 target size. Underlined in the caller's colour.
 */
export const INLINE_TARGET = 'inline-flex min-h-6 items-center underline underline-offset-2';

/** A file input, its button drawn as the app's buttons are: 44 px tall (a parent's phone, a tablet). */
export const FILE_INPUT =
  'block w-full min-h-11 rounded-lg border border-stone-300 bg-white text-sm text-stone-700 file:mr-3 file:min-h-11 file:cursor-pointer file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900 hover:file:bg-brand-200 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/40';
