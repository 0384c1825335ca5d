import { useLocalHref, useT } from '../../lib/i18n';
import { CalendarCheck, CircleCheck, FileText, Mail, Phone } from 'lucide-react';
import { pageCentre } from '~/shared/page-centre';
import { phonesOf, telHref } from '~/shared/centre-profile';
import { LinkButton } from '../ui/LinkButton';
import { Card } from '../ui/Card';

const NEXT_STEPS = [
  { icon: Phone, id: 'call' },
  { icon: CalendarCheck, id: 'tour' },
  { icon: FileText, id: 'paperwork' },
] as const;

const linkClass =
  'rounded font-semibold text-brand-800 underline underline-offset-2 outline-none focus-visible:ring-3 focus-visible:ring-brand-500/50';

/** The success screen of docs/product.md §2. Its heading takes focus when the page's script shows it in place of the form. */
export function EnrollmentSuccess() {
  const centre = pageCentre();
  const t = useT();
  const href = useLocalHref();
  return (
    <Card className="p-6 text-center sm:p-10">
      <CircleCheck aria-hidden="true" className="mx-auto size-16 text-green-600" />
      <h1 id="enrollment-success-heading" tabIndex={-1} className="mt-4 text-3xl font-bold text-stone-900 outline-none">
        {t('enrollment.success.heading')}
      </h1>
      <p className="mx-auto mt-3 max-w-xl text-stone-700">{t('enrollment.success.thanks', { name: centre.name })}</p>

      <h2 className="mt-8 text-lg font-bold text-stone-900">{t('enrollment.success.next')}</h2>
      <ol className="mx-auto mt-4 flex max-w-xl flex-col gap-3 text-left">
        {NEXT_STEPS.map(({ icon: Icon, id }, i) => (
          <li key={id} className="flex gap-3 rounded-xl bg-brand-50 p-4">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
              {i + 1}
            </span>
            <div>
              <p className="flex items-center gap-2 font-semibold text-stone-900">
                <Icon aria-hidden="true" className="size-4 text-brand-700" />
                {t(`enrollment.success.${id}.title`)}
              </p>
              <p className="text-sm text-stone-700">{t(`enrollment.success.${id}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>

      <h2 className="mt-8 text-lg font-bold text-stone-900">{t('enrollment.success.questions')}</h2>
      <ul className="mt-3 flex flex-col items-center gap-2">
        {phonesOf(centre).map((phone) => (
          <li key={phone} className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 text-brand-700" />
            <a href={telHref(phone)} className={`${linkClass} inline-flex min-h-11 items-center`}>
              {phone}
            </a>
          </li>
        ))}
        <li className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-4 text-brand-700" />
          <a href={`mailto:${centre.email}`} className={`${linkClass} inline-flex min-h-11 items-center [overflow-wrap:anywhere]`}>
            {centre.email}
          </a>
        </li>
      </ul>
      <LinkButton href={href('/')} variant="outline" className="mt-8">
        {t('enrollment.success.home')}
      </LinkButton>
    </Card>
  );
}
