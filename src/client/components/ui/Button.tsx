import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-class';

export { type ButtonSize, type ButtonVariant, buttonClass } from './button-class';
export { LinkButton, type LinkButtonProps } from './LinkButton';

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** React Aria button: keyboard, press and focus handling done right; styled once here. */
export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonClass(variant, size, className)} />;
}
