import { useLocation } from '@tanstack/react-router';
import { siteText } from '~/shared/i18n/registry';
import { languageOfPath } from '~/shared/i18n/paths';
import { RotateCw } from '~/client/components/icons/first-view-icons';
import { PlainButton } from './PlainButton';
import { cn } from './cn';

/**
 * What a list says when its data could not be loaded: a plain sentence and a way to try again, never the
 * list's empty text (which would tell a parent there is nothing when we simply do not know).
 */
export function LoadFailed({
  message,
  onRetry,
  isRetrying = false,
  className,
}: {
  message: string;
  onRetry: () => void;
  isRetrying?: boolean;
  className?: string;
}) {
  const language = languageOfPath(useLocation({ select: (l) => l.pathname }));
  return (
    <div role="alert" className={cn('flex flex-col items-start gap-3', className)}>
      <p className="text-sm text-stone-700">{message}</p>
      <PlainButton variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
        <RotateCw aria-hidden="true" className="size-4" />
        {siteText(language, isRetrying ? 'nav.tryingAgain' : 'nav.tryAgain')}
      </PlainButton>
    </div>
  );
}
