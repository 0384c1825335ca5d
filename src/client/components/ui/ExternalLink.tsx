import { useLocation } from '@tanstack/react-router';
import { siteText } from '~/shared/i18n/registry';
import { languageOfPath } from '~/shared/i18n/paths';
import type { AnchorHTMLAttributes } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-class';

export interface ExternalLinkButtonProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link to another site, styled like a button: it opens in a new tab and tells screen readers so. */
export function ExternalLinkButton({ variant = 'outline', size = 'md', className, children, ...props }: ExternalLinkButtonProps) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer" className={buttonClass(variant, size, className)}>
      {children}
      <span className="sr-only"> {siteText(languageOfPath(useLocation({ select: (l) => l.pathname })), 'nav.newTab')}</span>
    </a>
  );
}
