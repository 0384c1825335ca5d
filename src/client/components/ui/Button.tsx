import { type Ref, useContext } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { SendingPaused } from '../../lib/sending-paused';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-class';

export { type ButtonSize, type ButtonVariant, buttonClass } from './button-class';
export { LinkButton, type LinkButtonProps } from './LinkButton';

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** What it does needs the server (it sends, uploads or downloads): disabled while the portal is offline. */
  needsNetwork?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * React Aria button: keyboard, press and focus handling done right; styled once here. Inside the parent portal
 * offline (lib/sending-paused.ts, ADR 051) a submit button, or one that `needsNetwork`, is disabled.
 */
export function Button({ variant = 'primary', size = 'md', className, needsNetwork, ...props }: ButtonProps) {
  const paused = useContext(SendingPaused) && (needsNetwork || props.type === 'submit');
  return <AriaButton {...props} isDisabled={props.isDisabled || paused} className={buttonClass(variant, size, className)} />;
}
