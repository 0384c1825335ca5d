import { useLocalHref, useT } from '../../lib/i18n';
import { Apple, HeartHandshake, Sprout, Users } from 'lucide-react';
import { pageCentre } from '~/shared/page-centre';
import { centrePlace } from '~/shared/public-pages';
import { usePageLanguage } from '../../lib/page-language';
import { LinkButton } from '../ui/LinkButton';

const VALUES = [
  { icon: HeartHandshake, id: 'care' },
  { icon: Sprout, id: 'play' },
  { icon: Users, id: 'family' },
  { icon: Apple, id: 'health' },
] as const;

export function AboutSection() {
  const centre = pageCentre();
  const t = useT();
  const language = usePageLanguage();
  const href = useLocalHref();
  return (
    <section id="about" tabIndex={-1} aria-labelledby="about-heading" className="bg-white py-16 outline-none">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="about-heading" className="text-3xl font-bold text-stone-900">
            {t('home.about.heading', { name: centre.name })}
          </h2>
          <p className="mt-4 text-stone-700">{t('home.about.p1', centrePlace(language))}</p>
          <p className="mt-4 text-stone-700">{t('home.about.p2')}</p>
          <LinkButton href={href('/enrollment')} size="lg" className="mt-8">
            {t('home.about.cta')}
          </LinkButton>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {VALUES.map(({ icon: Icon, id }) => (
            <li key={id} className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
              <Icon aria-hidden="true" className="size-7 text-brand-700" />
              <h3 className="mt-3 font-bold text-stone-900">{t(`home.about.${id}.title`)}</h3>
              <p className="mt-1 text-sm text-stone-700">{t(`home.about.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
