import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Button, Group, Input, Label, TextField } from 'react-aria-components';
import { inputClass } from './ui/Field';
import { FieldMessages } from './ui/FieldMessages';
import { cn } from './ui/cn';

interface PasswordFieldProps {
  /** The field's name, in the page's language (the caller's catalogue: staff, portal or reset-password words). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  name?: string;
  autoComplete?: string;
  /** Help under the field (what a new password must be), read out with it. */
  description?: string;
  /** The show/hide button's names, in the page's language (the parent portal's, ADR 047). */
  toggleLabels: { show: string; hide: string };
}

/** Password input with a show/hide toggle (docs/product.md §2 Admin Login). */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  name = 'password',
  autoComplete = 'current-password',
  description,
  toggleLabels,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      value={value}
      onChange={onChange}
      name={name}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      isRequired
      isInvalid={!!error}
      validationBehavior="aria"
      className="flex flex-col gap-1"
    >
      {/* Always required: the asterisk the other required fields show, beside the label rather than in it (the
          label's text stays the field's name alone). Hidden from screen readers, which hear "required". */}
      <div className="text-sm font-medium text-stone-800">
        <Label>{label}</Label>
        <span aria-hidden="true" className="text-red-600">
          {' '}
          *
        </span>
      </div>
      <Group className="relative">
        <Input className={cn(inputClass, 'pr-12')} />
        <Button
          aria-label={visible ? toggleLabels.hide : toggleLabels.show}
          onPress={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-600 outline-none hover:text-stone-900 focus-visible:ring-3 focus-visible:ring-brand-500/50"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </Button>
      </Group>
      <FieldMessages description={description} error={error} />
    </TextField>
  );
}
