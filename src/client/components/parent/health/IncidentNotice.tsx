import { TriangleAlert } from 'lucide-react';
import { usePortalIntl } from '~/client/i18n';
import { Button } from '../../ui/Button';

/**
 * On the Today tab: how many of the child's incident reports are not yet signed (ADR 093; the tab asks, and draws
 * this only when there is one), with a button to the Health tab where they are read and signed.
 */
export function IncidentNotice({ count, childName, onOpen }: { count: number; childName: string; onOpen: () => void }) {
  const { t } = usePortalIntl();
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">{t('portal.incidents.notice', { count, child: childName })}</p>
      <Button size="sm" className="min-h-11" onPress={onOpen}>
        {t('portal.incidents.open')}
      </Button>
    </div>
  );
}
