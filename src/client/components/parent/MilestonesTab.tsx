import { Award, CheckCircle2 } from 'lucide-react';
import { usePortalIntl } from '../../i18n';
import type { RouterOutputs } from '../../lib/trpc';
import type { PortalTabProps } from './tabs';
import { Badge, Card } from '../ui/Card';
import { AGE_RANGES, DIFFICULTIES, MILESTONE_CATEGORIES } from '~/shared/constants';
import { capitalize, difficultyTone } from '../milestones/labels';
import { MilestoneBadge } from '../milestones/MilestoneCard';

type MilestonesData = NonNullable<RouterOutputs['parentPortal']['dashboard']['milestones']>;
type Milestone = MilestonesData['milestones'][number];

/** Whether `value` is one of the product's ids, whose words the portal's catalogue holds; another is shown as it is. */
function known<const T extends string>(ids: readonly T[], value: string): value is T {
  return (ids as readonly string[]).includes(value);
}

function MilestoneItem({ milestone: m, achievedAt }: { milestone: Milestone; achievedAt: string | undefined }) {
  const intl = usePortalIntl();
  return (
    <Card className={achievedAt ? 'flex h-full flex-col border-green-300 bg-green-50/50 p-4' : 'flex h-full flex-col p-4'}>
      <div className="flex items-start gap-3">
        <MilestoneBadge milestone={m} size="sm" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-stone-900">{m.name}</h3>
          <p className="mt-1 text-sm text-stone-700">{m.description}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Badge tone="purple">
          {known(MILESTONE_CATEGORIES, m.category) ? intl.t(`portal.category.${m.category}`) : capitalize(m.category)}
        </Badge>
        <Badge tone={difficultyTone(m.difficulty)}>
          {known(DIFFICULTIES, m.difficulty) ? intl.t(`portal.difficulty.${m.difficulty}`) : capitalize(m.difficulty)}
        </Badge>
        {achievedAt && (
          <Badge tone="green">
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            {intl.t('portal.milestones.earned', { date: intl.date(achievedAt) })}
          </Badge>
        )}
      </div>
    </Card>
  );
}

/** docs/product.md §2 Milestones tab: the milestones of the child's age band, the ones the child achieved shown as earned. */
export function MilestonesTab({ data }: { data: MilestonesData }) {
  const intl = usePortalIntl();
  const { t } = intl;
  const achieved = new Map(data.achievements.map((a) => [a.milestoneId, a.achievedAt]));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        {t('portal.milestones.for', {
          age: known(AGE_RANGES, data.ageBand) ? t(`portal.age.${data.ageBand}`) : data.ageBand,
        })}{' '}
        {data.achievements.length > 0 && t('portal.milestones.earnedSoFar', { count: data.achievements.length })}
      </p>
      {data.milestones.length === 0 ? (
        <p className="py-6 text-center text-stone-600">{t('portal.milestones.none')}</p>
      ) : (
        <ul aria-label={t('portal.milestones.list')} className="grid gap-3 sm:grid-cols-2">
          {data.milestones.map((m) => (
            <li key={m.id}>
              <MilestoneItem milestone={m} achievedAt={achieved.get(m.id)} />
            </li>
          ))}
        </ul>
      )}
      {data.earnedElsewhere.length > 0 && (
        <section aria-labelledby="other-earned" className="flex flex-col gap-3">
          <h3 id="other-earned" className="flex items-center gap-2 font-semibold text-stone-900">
            <Award aria-hidden="true" className="size-5 text-brand-700" />
            {t('portal.milestones.alsoEarned')}
          </h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.earnedElsewhere.map((m) => (
              <li key={m.id}>
                <MilestoneItem milestone={m} achievedAt={achieved.get(m.id)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The Milestones tab of the dashboard (tabs.tsx): the child's milestones, when the answer has them. */
export function PortalMilestonesTab({ data }: PortalTabProps) {
  return data.milestones ? <MilestonesTab data={data.milestones} /> : null;
}
