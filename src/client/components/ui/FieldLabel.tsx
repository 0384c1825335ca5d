import { Label } from 'react-aria-components';
import { cn } from './cn';

/** A field's label in its React Aria field's label slot, with the asterisk that marks it required (hidden from screen readers, which announce "required" from the field itself). */
export function FieldLabel({ label, required, hidden }: { label: string; required?: boolean; hidden?: boolean }) {
  return (
    <Label className={cn('text-sm font-medium text-stone-800', hidden && 'sr-only')}>
      {label}
      {required && (
        <span aria-hidden="true" className="text-red-600">
          {' '}
          *
        </span>
      )}
    </Label>
  );
}
