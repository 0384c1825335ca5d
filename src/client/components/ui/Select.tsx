import { ChevronDown } from 'lucide-react';
import { Button, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';
import { cn } from './cn';
import { FieldLabel } from './FieldLabel';
import { FieldMessages } from './FieldMessages';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string) => void;
  /** What the field shows while nothing is chosen, from the caller's catalogue (the staff area's `staff.select`). */
  placeholder: string;
  error?: string | null;
  required?: boolean;
  className?: string;
  name?: string;
  isDisabled?: boolean;
  /** Hide the visible label (it stays for screen readers). */
  hideLabel?: boolean;
}

/** React Aria select with a listbox popover: keyboard, typeahead and screen-reader friendly. */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder,
  error,
  required,
  className,
  name,
  isDisabled,
  hideLabel,
}: SelectProps) {
  return (
    <AriaSelect
      name={name}
      selectedKey={value || null}
      onSelectionChange={(key: Key | null) => key !== null && onChange(String(key))}
      isRequired={required}
      isInvalid={!!error}
      isDisabled={isDisabled}
      validationBehavior="aria"
      placeholder={placeholder}
      // min-w-0 here and on the value: a long choice is cut with an ellipsis instead of widening the field,
      // and with it its whole grid column, past a phone's screen.
      className={cn('group/select flex min-w-0 flex-col gap-1', className)}
    >
      <FieldLabel label={label} required={required} hidden={hideLabel} />
      <Button className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-left text-base outline-none focus-visible:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-500/30 group-data-[invalid]/select:border-red-500">
        <SelectValue className="min-w-0 flex-1 truncate data-[placeholder]:text-stone-500" />
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
      </Button>
      <FieldMessages error={error} />
      <Popover className="w-(--trigger-width) rounded-lg border border-stone-200 bg-white shadow-lg">
        <ListBox className="max-h-72 overflow-auto p-1 outline-none">
          {options.map((o) => (
            <ListBoxItem
              key={o.value}
              id={o.value}
              textValue={o.label}
              className="flex min-h-11 cursor-pointer items-center rounded-md px-3 py-2 text-base outline-none data-[focused]:bg-brand-50 data-[selected]:font-semibold data-[selected]:text-brand-800"
            >
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
