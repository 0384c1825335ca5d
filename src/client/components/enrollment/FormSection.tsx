import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../ui/Card';

/** One card of the application: a fieldset whose legend is the card's heading, so each field is heard in its group. */
export function FormSection({
  title,
  description,
  icon: Icon,
  children,
}: {
  title: string;
  description?: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Card>
      <fieldset className="min-w-0 p-5 sm:p-6">
        <legend className="float-left mb-1 w-full">
          <h2 className="flex items-center gap-2 text-xl font-bold text-stone-900">
            <Icon aria-hidden="true" className="size-5 text-brand-700" />
            {title}
          </h2>
        </legend>
        {description && <p className="clear-both text-sm text-stone-600">{description}</p>}
        <div className="clear-both mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
      </fieldset>
    </Card>
  );
}
