import { useHydrated } from '../../lib/use-hydrated';
import { Button, type ButtonProps } from './Button';

/**
 * A server-rendered form's submit button, disabled until React has the page (see useHydrated): before then,
 * pressing it (or Enter in a field) would send the form as a plain POST and what the family typed would be lost.
 * The enrollment form and the parent sign-in use it; its own component, so only the button is rendered again once
 * React has the page, not the whole form.
 */
export function SubmitButton({ isDisabled, ...props }: Omit<ButtonProps, 'type'>) {
  const hydrated = useHydrated();
  return <Button {...props} type="submit" isDisabled={!hydrated || isDisabled} />;
}
