import { useT } from '../../lib/i18n';
import { Baby, Check, GraduationCap, Shapes } from 'lucide-react';
import { Badge, Card } from '../ui/Card';
import { programAgesText } from '~/shared/centre-hours';
import { pageCentre } from '~/shared/page-centre';

const PROGRAMS = [
  { id: 'infant', icon: Baby, accent: 'bg-pink-100 text-pink-700' },
  { id: 'preschool', icon: Shapes, accent: 'bg-sun-100 text-amber-700' },
  { id: 'kindergarten', icon: GraduationCap, accent: 'bg-brand-100 text-brand-800' },
] as const;

const HIGHLIGHTS = ['h1', 'h2', 'h3'] as const;

export function ProgramsSection() {
  const t = useT();
  // The programs the centre's profile lists, with its ages (ADR 090); a program the catalogue has no card for is not drawn.
  const offered = new Map(pageCentre().programs.map((p) => [p.id, p]));
  return (
    <section id="programs" tabIndex={-1} aria-labelledby="programs-heading" className="bg-white py-16 outline-none">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="programs-heading" className="text-center text-3xl font-bold text-stone-900">
          {t('home.programs.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-stone-600">{t('home.programs.lead')}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {PROGRAMS.filter(({ id }) => offered.has(id)).map(({ id, icon: Icon, accent }) => {
            const name = t(`home.programs.${id}.name`);
            return (
              <li key={id}>
                <Card className="flex h-full flex-col p-6">
                  <div className="flex items-start justify-between gap-3">
                    <span className={`flex size-12 items-center justify-center rounded-2xl ${accent}`}>
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    <Badge tone="green">{t('home.programs.enrolling')}</Badge>
                  </div>
                  <h3 className="mt-4 text-xl font-bold text-stone-900">{name}</h3>
                  <p className="text-sm font-semibold text-brand-700">{programAgesText(offered.get(id)!, t)}</p>
                  <p className="mt-3 text-sm text-stone-600">{t(`home.programs.${id}.summary`)}</p>
                  <ul className="mt-4 flex flex-col gap-2" aria-label={t('home.programs.highlights', { name })}>
                    {HIGHLIGHTS.map((h) => (
                      <li key={h} className="flex items-center gap-2 text-sm text-stone-800">
                        <Check aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                        {t(`home.programs.${id}.${h}`)}
                      </li>
                    ))}
                  </ul>
                </Card>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
