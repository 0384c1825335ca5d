import type { ComponentProps } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-class';

export interface PlainButtonProps extends Omit<ComponentProps<'button'>, 'className'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * A native button, styled as Button is, for the pages loaded first (the home page's scroll buttons, the
 * navigation's Menu, Try again): a click is all they need. Everywhere else (forms, dialogs, menus) use
 * Button, React Aria's, whose press, focus and slot handling those need; it costs ~15 KB compressed.
 */
export function PlainButton({ variant = 'primary', size = 'md', className, type = 'button', ...props }: PlainButtonProps) {
  return <button {...props} type={type} className={buttonClass(variant, size, className)} />;
}
