import { useLocalHref, useT } from '../../lib/i18n';
import { CircleCheck, Clock, ExternalLink, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { pageCentre } from '~/shared/page-centre';
import { mapsUrl, phonesOf, telHref } from '~/shared/centre-profile';
import { openingHoursText } from '~/shared/centre-hours';
import { LinkButton } from '../ui/LinkButton';
import { Card } from '../ui/Card';
import { ExternalLinkButton } from '../ui/ExternalLink';

/** What the online application asks for (docs/product.md §2 Contact). */
const FORM_GROUPS = [
  'home.contact.group.parent',
  'home.contact.group.child',
  'home.contact.group.emergency',
  'home.contact.group.program',
] as const;

/** Text links are at least 44 px tall so a thumb finds them on a phone. */
const linkClass =
  'inline-flex min-h-11 items-center rounded font-semibold text-brand-800 underline decoration-brand-300 underline-offset-2 outline-none hover:decoration-brand-700 focus-visible:ring-3 focus-visible:ring-brand-500/50';

export function ContactSection() {
  const centre = pageCentre();
  const t = useT();
  const href = useLocalHref();
  return (
    <section id="contact" tabIndex={-1} aria-labelledby="contact-heading" className="bg-white py-16 outline-none">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="contact-heading" className="text-center text-3xl font-bold text-stone-900">
          {t('home.contact.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-stone-600">{t('home.contact.lead')}</p>
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-4">
            <Card className="p-6">
              <h3 className="text-xl font-bold text-stone-900">{t('home.contact.info')}</h3>
              <dl className="mt-4 flex flex-col gap-5">
                <div className="flex gap-3">
                  <dt>
                    <Phone aria-hidden="true" className="mt-3 size-5 text-brand-700" />
                    <span className="sr-only">{t('home.contact.phone')}</span>
                  </dt>
                  <dd className="flex flex-col items-start">
                    {phonesOf(centre).map((phone) => (
                      <a key={phone} href={telHref(phone)} className={linkClass}>
                        {phone}
                      </a>
                    ))}
                  </dd>
                </div>
                <div className="flex gap-3">
                  <dt>
                    <Clock aria-hidden="true" className="mt-0.5 size-5 text-brand-700" />
                    <span className="sr-only">{t('home.contact.hours')}</span>
                  </dt>
                  <dd className="text-stone-800">{openingHoursText(centre.hours, t)}</dd>
                </div>
                <div className="flex gap-3">
                  <dt>
                    <MapPin aria-hidden="true" className="mt-0.5 size-5 text-brand-700" />
                    <span className="sr-only">{t('home.contact.address')}</span>
                  </dt>
                  <dd className="flex flex-col items-start gap-2">
                    <address className="text-stone-800 not-italic">
                      {centre.address.street}
                      <br />
                      {centre.address.city}, {centre.address.state} {centre.address.zip}
                    </address>
                    <ExternalLinkButton href={mapsUrl(centre)} variant="outline" size="sm">
                      <ExternalLink aria-hidden="true" className="size-4" />
                      {t('home.contact.maps')}
                    </ExternalLinkButton>
                  </dd>
                </div>
              </dl>
            </Card>
            <Card className="flex items-start gap-4 border-brand-200 bg-brand-50 p-6">
              <ShieldCheck aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
              <div>
                <h3 className="font-bold text-stone-900">{t('home.contact.licensed')}</h3>
                <p className="mt-1 text-sm text-stone-700">{t('site.licence')}</p>
              </div>
            </Card>
          </div>
          <Card className="flex flex-col p-6">
            <h3 className="text-xl font-bold text-stone-900">{t('home.contact.apply')}</h3>
            <p className="mt-2 text-sm text-stone-700">{t('home.contact.applyLead')}</p>
            <ul className="mt-4 flex flex-col gap-2">
              {FORM_GROUPS.map((group) => (
                <li key={group} className="flex items-center gap-2 text-stone-800">
                  <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
                  {t(group)}
                </li>
              ))}
            </ul>
            <LinkButton href={href('/enrollment')} size="lg" className="mt-6 py-3 text-center">
              {t('home.contact.applyCta')}
            </LinkButton>
            <p className="mt-4 text-sm text-stone-700">
              {t('home.contact.preferBefore')}{' '}
              <a href={`mailto:${centre.email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
                {centre.email}
              </a>{' '}
              {t('home.contact.preferAfter')}
            </p>
          </Card>
        </div>
      </div>
    </section>
  );
}
