import { PartyPopper } from 'lucide-react';
import { formatDay, usePageLanguage, useT } from '../../lib/i18n';
import { useMilestoneLabels } from './use-labels';
import { Badge, Card } from '../ui/Card';
import { difficultyTone } from './labels';
import { type Achievement, type Milestone, MilestoneBadge } from './MilestoneCard';

/** An achievement with its milestone (joined by milestoneId on the client, docs/product.md §7). */
export function AchievementCard({ achievement: a, milestone }: { achievement: Achievement; milestone: Milestone | undefined }) {
  const t = useT();
  const language = usePageLanguage();
  const labels = useMilestoneLabels();
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        <MilestoneBadge milestone={milestone ?? { badgeIcon: 'Award', badgeColor: '#0f766e' }} size="sm" />
        <div className="min-w-0 flex-1">
          <h3 className="font-bold text-stone-900">{milestone?.name ?? t('milestones.fallbackName')}</h3>
          <p className="text-sm text-stone-600">{t('milestones.achievedOn', { date: formatDay(language, a.achievedAt) })}</p>
        </div>
      </div>
      {a.notes && <p className="mt-3 text-sm text-stone-700">{a.notes}</p>}
      {a.witnessedBy && <p className="mt-2 text-sm text-stone-600">{t('milestones.witnessedBy', { name: a.witnessedBy })}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        {milestone && <Badge tone={difficultyTone(milestone.difficulty)}>{labels.difficulty(milestone.difficulty)}</Badge>}
        <Badge tone="sun">
          <PartyPopper aria-hidden="true" className="size-3.5" />
          {labels.celebration(a.celebrationLevel)}
        </Badge>
      </div>
    </Card>
  );
}
