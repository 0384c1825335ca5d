import type { ComponentType } from 'react';
import { I18nProvider } from 'react-aria-components';
import { usePortalIntl } from '../../i18n';

/**
 * `Part` inside React Aria's locale provider, in the portal's language: the words React Aria adds itself (a hidden
 * dismiss button's label) and its typing to pick an option. React Aria's components are only in the portal's later
 * parts (its tabs, dialogs, the child select), each loaded with this module (portal-words.ts), so the provider and
 * React Aria's i18n code are not in the dashboard's first load (ADR 108).
 */
export function inPortalLocale<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  return function InPortalLocale(props: P) {
    return (
      <I18nProvider locale={usePortalIntl().locale}>
        <Part {...props} />
      </I18nProvider>
    );
  };
}
