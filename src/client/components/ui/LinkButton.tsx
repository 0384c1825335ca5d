import { Link } from '@tanstack/react-router';
import { isDocumentOnly } from '../../lib/document-pages';
import type { AnchorHTMLAttributes } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-class';

export interface LinkButtonProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> {
  /**
   * A path of this site (followed without a page load, unless only the server renders it: lib/document-pages.ts),
   * or an absolute URL (tel:, mailto:, https:).
   */
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * A link that looks like a button (navigation stays a link for assistive technology). A plain `<a>` through
 * TanStack Router's Link, not React Aria's: it is on every public page, and React Aria's link would bring its
 * press handling (~15 KB compressed) into the first load for nothing a link needs.
 */
export function LinkButton({ href, variant = 'primary', size = 'md', className, ...props }: LinkButtonProps) {
  const classes = buttonClass(variant, size, className);
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- false positive: the content arrives as `children` in the spread props
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || isDocumentOnly(href)) return <a {...props} href={href} className={classes} />;
  return <Link {...props} to={href as never} className={classes} />;
}
