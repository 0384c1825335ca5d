import { Baby, Check, GraduationCap, Shapes } from 'lucide-react';
import { Badge, Card } from '../ui/Card';

const PROGRAMS = [
  {
    name: 'Infant Program',
    ages: '6 weeks to 18 months',
    icon: Baby,
    accent: 'bg-pink-100 text-pink-700',
    summary: 'Responsive, loving care that follows each baby’s own rhythm for feeding, sleep and play.',
    highlights: ['Sensory exploration', 'Motor development', 'Language foundation'],
  },
  {
    name: 'Preschool Program',
    ages: '18 months to 4 years',
    icon: Shapes,
    accent: 'bg-sun-100 text-amber-700',
    summary: 'Hands-on discovery, songs and stories that turn everyday curiosity into learning.',
    highlights: ['Active imagination', 'Ohio standards', 'Social development'],
  },
  {
    name: 'Kindergarten Prep',
    ages: '4 to 5 years',
    icon: GraduationCap,
    accent: 'bg-brand-100 text-brand-800',
    summary: 'A confident start to school with early reading, numbers and independence.',
    highlights: ['Literacy and language', 'Mathematical foundations', 'School readiness'],
  },
] as const;

export function ProgramsSection() {
  return (
    <section id="programs" tabIndex={-1} aria-labelledby="programs-heading" className="bg-white py-16 outline-none">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="programs-heading" className="text-center text-3xl font-bold text-stone-900">
          Our Programs
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-stone-600">
          Age-appropriate programs aligned with Ohio's Early Learning and Development Standards.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {PROGRAMS.map(({ name, ages, icon: Icon, accent, summary, highlights }) => (
            <li key={name}>
              <Card className="flex h-full flex-col p-6">
                <div className="flex items-start justify-between gap-3">
                  <span className={`flex size-12 items-center justify-center rounded-2xl ${accent}`}>
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <Badge tone="green">ENROLLING NOW</Badge>
                </div>
                <h3 className="mt-4 text-xl font-bold text-stone-900">{name}</h3>
                <p className="text-sm font-semibold text-brand-700">{ages}</p>
                <p className="mt-3 text-sm text-stone-600">{summary}</p>
                <ul className="mt-4 flex flex-col gap-2" aria-label={`${name} highlights`}>
                  {highlights.map((h) => (
                    <li key={h} className="flex items-center gap-2 text-sm text-stone-800">
                      <Check aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                      {h}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
