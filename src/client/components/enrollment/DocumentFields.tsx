import type { InputHTMLAttributes } from 'react';
import type { Choice } from '~/shared/constants';
import { cn } from '../ui/cn';
import { inputClass } from '../ui/Field';

/**
 * Native fields for the server-rendered forms (ADR 037): a label tied to its control, the message under it, and
 * `aria-invalid`/`aria-describedby` set from the message. They work with no script at all; the page's own
 * script (client/pages/) updates the same attributes when it checks a field as it is left. Values are
 * `defaultValue`s: nothing on the server renders them again.
 */
export interface DocumentFieldProps {
  name: string;
  label: string;
  value?: string;
  error?: string | null;
  required?: boolean;
  className?: string;
  /** The first invalid field of a refused form: the browser focuses it (and scrolls to it) as the page loads. */
  focus?: boolean;
}

export const errorId = (name: string) => `${name}-error`;

/** The shared field look, red while the field has a message (the app's fields say so with React Aria's data-invalid). */
const controlClass = cn(inputClass, 'aria-[invalid=true]:border-red-500');

function DocumentLabel({ name, label, required }: Pick<DocumentFieldProps, 'name' | 'label' | 'required'>) {
  return (
    <label htmlFor={name} className="text-sm font-medium text-stone-800">
      {label}
      {required && (
        <span aria-hidden="true" className="text-red-600">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

/** The message slot is always rendered, hidden while empty, so the script only fills it. */
function Message({ name, error }: { name: string; error?: string | null }) {
  return (
    <p id={errorId(name)} data-field-error="" className="text-sm font-medium text-red-700 empty:hidden">
      {error ?? ''}
    </p>
  );
}

function controlProps({ name, error, required, focus }: DocumentFieldProps) {
  return {
    id: name,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': errorId(name),
    'aria-required': required ? true : undefined,
    autoFocus: focus || undefined,
  } as const;
}

export function DocumentTextField({
  multiline,
  rows = 3,
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  ...props
}: DocumentFieldProps & { multiline?: boolean; rows?: number } & Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'autoComplete' | 'placeholder'
  >) {
  return (
    <div className={cn('flex flex-col gap-1', props.className)}>
      <DocumentLabel {...props} />
      {multiline ? (
        <textarea
          {...controlProps(props)}
          rows={rows}
          placeholder={placeholder}
          defaultValue={props.value ?? ''}
          className={cn(controlClass, 'min-h-20')}
        />
      ) : (
        <input
          {...controlProps(props)}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          placeholder={placeholder}
          defaultValue={props.value ?? ''}
          className={controlClass}
        />
      )}
      <Message name={props.name} error={props.error} />
    </div>
  );
}

export function DocumentSelect({
  options,
  placeholder,
  ...props
}: DocumentFieldProps & { options: readonly Choice[]; placeholder?: string }) {
  return (
    <div className={cn('flex flex-col gap-1', props.className)}>
      <DocumentLabel {...props} />
      <select {...controlProps(props)} defaultValue={props.value ?? ''} className={cn(controlClass, 'appearance-auto')}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Message name={props.name} error={props.error} />
    </div>
  );
}
