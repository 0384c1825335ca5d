import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { usePortalIntl } from '~/client/i18n';
import { trpc } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';

/**
 * On the Today tab: the child's incident reports not yet signed (ADR 093), with a button to the Health tab where they
 * are read and signed. Nothing at all while there is none.
 */
export function IncidentNotice({ childId, childName, onOpen }: { childId: string; childName: string; onOpen: () => void }) {
  const { t } = usePortalIntl();
  const list = useQuery({ ...trpc.incidents.parentList.queryOptions({ childId, limit: 20 }), staleTime: 0 });
  const open = list.data?.items.filter((r) => !r.acknowledgedAt).length ?? 0;
  if (open === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">{t('portal.incidents.notice', { count: open, child: childName })}</p>
      <Button size="sm" className="min-h-11" onPress={onOpen}>
        {t('portal.incidents.open')}
      </Button>
    </div>
  );
}
