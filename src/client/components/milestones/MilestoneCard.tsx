import { Badge, Card } from '../ui/Card';
import { BadgeIcon } from './badgeIcons';
import { difficultyTone } from './labels';
import { useMilestoneLabels } from './use-labels';
import type { RouterOutputs } from '../../lib/trpc';

type Outputs = RouterOutputs;
export type Milestone = Outputs['milestones']['list'][number];
export type Achievement = Outputs['achievements']['list'][number];

export function MilestoneBadge({ milestone, size = 'md' }: { milestone: Pick<Milestone, 'badgeIcon' | 'badgeColor'>; size?: 'md' | 'sm' }) {
  return (
    <span
      className={
        size === 'md'
          ? 'flex size-12 shrink-0 items-center justify-center rounded-full shadow-inner'
          : 'flex size-10 shrink-0 items-center justify-center rounded-full'
      }
      style={{ backgroundColor: milestone.badgeColor }}
    >
      <BadgeIcon name={milestone.badgeIcon} aria-hidden="true" className={size === 'md' ? 'size-6 text-white' : 'size-5 text-white'} />
    </span>
  );
}

export function MilestoneCard({ milestone: m }: { milestone: Milestone }) {
  const labels = useMilestoneLabels();
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        <MilestoneBadge milestone={m} />
        <div className="min-w-0">
          <h3 className="font-bold text-stone-900">{m.name}</h3>
          <p className="text-sm text-stone-600">{labels.age(m.ageRange)}</p>
        </div>
      </div>
      <p className="mt-3 flex-1 text-sm text-stone-700">{m.description}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Badge tone="purple">{labels.category(m.category)}</Badge>
        <Badge tone={difficultyTone(m.difficulty)}>{labels.difficulty(m.difficulty)}</Badge>
      </div>
    </Card>
  );
}
