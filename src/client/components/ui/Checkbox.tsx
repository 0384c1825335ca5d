import { Check } from 'lucide-react';
import {
  Checkbox as AriaCheckbox,
  type CheckboxProps as AriaCheckboxProps,
  Switch as AriaSwitch,
  type SwitchProps as AriaSwitchProps,
} from 'react-aria-components';
import { cn } from './cn';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className'> {
  children: React.ReactNode;
  className?: string;
}

export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={cn('group flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-800', className)}>
      <span
        aria-hidden="true"
        className="flex size-5 items-center justify-center rounded border border-stone-400 bg-white group-data-[selected]:border-brand-700 group-data-[selected]:bg-brand-700 group-data-[focus-visible]:ring-3 group-data-[focus-visible]:ring-brand-500/50"
      >
        <Check className="hidden size-4 text-white group-data-[selected]:block" />
      </span>
      {children}
    </AriaCheckbox>
  );
}

export interface SwitchProps extends Omit<AriaSwitchProps, 'children' | 'className'> {
  children: React.ReactNode;
  className?: string;
}

export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={cn('group flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-800', className)}>
      <span
        aria-hidden="true"
        className="flex h-6 w-10 items-center rounded-full bg-stone-300 px-0.5 transition-colors group-data-[selected]:bg-brand-700 group-data-[focus-visible]:ring-3 group-data-[focus-visible]:ring-brand-500/50"
      >
        <span className="size-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-4" />
      </span>
      {children}
    </AriaSwitch>
  );
}
