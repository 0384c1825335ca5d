import { PartyPopper } from 'lucide-react';
import { formatDate } from '../../lib/format';
import { Badge, Card } from '../ui/Card';
import { capitalize, difficultyTone } from './labels';
import { type Achievement, type Milestone, MilestoneBadge } from './MilestoneCard';

/** An achievement with its milestone (joined by milestoneId on the client, SPEC.md §7). */
export function AchievementCard({ achievement: a, milestone }: { achievement: Achievement; milestone: Milestone | undefined }) {
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        <MilestoneBadge milestone={milestone ?? { badgeIcon: 'Award', badgeColor: '#0f766e' }} size="sm" />
        <div className="min-w-0 flex-1">
          <h3 className="font-bold text-stone-900">{milestone?.name ?? 'Milestone'}</h3>
          <p className="text-sm text-stone-600">Achieved on {formatDate(a.achievedAt)}</p>
        </div>
      </div>
      {a.notes && <p className="mt-3 text-sm text-stone-700">{a.notes}</p>}
      {a.witnessedBy && <p className="mt-2 text-sm text-stone-600">Witnessed by {a.witnessedBy}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        {milestone && <Badge tone={difficultyTone(milestone.difficulty)}>{capitalize(milestone.difficulty)}</Badge>}
        <Badge tone="sun">
          <PartyPopper aria-hidden="true" className="size-3.5" />
          {capitalize(a.celebrationLevel)} celebration
        </Badge>
      </div>
    </Card>
  );
}
