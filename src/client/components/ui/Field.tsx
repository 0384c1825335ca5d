import type { ReactNode } from 'react';
import {
  Input,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cn } from './cn';
import { FieldLabel } from './FieldLabel';
import { FieldMessages } from './FieldMessages';

export const inputClass =
  'w-full min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 ' +
  'outline-none focus:border-brand-600 focus:ring-3 focus:ring-brand-500/30 ' +
  'invalid:border-red-500 data-[invalid]:border-red-500 disabled:bg-stone-100';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className'> {
  label: string;
  description?: ReactNode;
  /** A message to show under the field; marks the field invalid. */
  error?: string | null;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  className?: string;
  required?: boolean;
  /** Bounds of a date or time input (`YYYY-MM-DD` / `HH:MM`): the picker offers nothing outside them. */
  min?: string;
  max?: string;
}

/** Label, input (or textarea), help text and error message, wired together for screen readers. */
export function TextField({
  label,
  description,
  error,
  placeholder,
  multiline,
  rows = 3,
  className,
  required,
  min,
  max,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isRequired={required}
      isInvalid={!!error}
      validationBehavior="aria"
      className={cn('flex flex-col gap-1', className)}
    >
      <FieldLabel label={label} required={required} />
      {multiline ? (
        <AriaTextArea rows={rows} placeholder={placeholder} className={cn(inputClass, 'min-h-20')} />
      ) : (
        <Input placeholder={placeholder} min={min} max={max} className={inputClass} />
      )}
      <FieldMessages description={description} error={error} />
    </AriaTextField>
  );
}
