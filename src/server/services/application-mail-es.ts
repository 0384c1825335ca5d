/**
 * The e-mails about an application made in Spanish (`/es/enrollment` records `language: 'es'`): the
 * confirmation sent when it arrives and the status letters staff send. The same letters as mail-templates.ts
 * writes in English, every word from the catalogue (applicationMail.*), dates in the Spanish locale. What the
 * family typed (names) is never translated; the HTML escapes it as the English letters do.
 */
import { centre, centreAddressLine } from '../../shared/centre';
import type { ApplicationStatus, Program } from '../../shared/constants';
import { intlFor, type MessageKey, t } from '../../shared/i18n';
import type { Config } from '../config';
import {
  type ApplicationForEmail,
  type EmailContent,
  escapeHtml,
  headerSafe,
  link,
  type Paragraph,
  paragraph,
  type SubmittedApplicationForEmail,
} from './mail-templates';

type LinkConfig = Pick<Config, 'publicUrl'>;
type Values = Record<string, string>;

const es = (key: MessageKey, values?: Values) => t('es', key, values);

/** A paragraph of a Spanish letter (mail-templates.ts `paragraph`): the family's words escaped, some in bold. */
const para = (key: MessageKey, values: Values = {}, strong: readonly string[] = []): Paragraph => paragraph('es', key, values, { strong });

function letterEs(recipient: string, paragraphs: Paragraph[], config: LinkConfig): Pick<EmailContent, 'text' | 'html'> {
  const site = `${config.publicUrl}/es`;
  const [phone, otherPhone] = centre.phones;
  const phones = es('applicationMail.or', { a: phone, b: otherPhone });
  const team = es('applicationMail.team', { name: centre.name });
  const text = [
    es('applicationMail.dear', { name: recipient }),
    '',
    ...paragraphs.flatMap((p) => [p.text, '']),
    es('applicationMail.regards'),
    team,
    '',
    '--',
    centre.name,
    centreAddressLine,
    es('applicationMail.phone', { phones }),
    es('applicationMail.email', { email: centre.email }),
    es('applicationMail.website', { url: site }),
    es('site.hours'),
  ].join('\n');
  const body = [
    para('applicationMail.dear', { name: recipient }).html,
    ...paragraphs.map((p) => p.html),
    `${escapeHtml(es('applicationMail.regards'))}<br>${escapeHtml(team)}`,
  ];
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(centre.name)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#115e59">${escapeHtml(centre.name)}</h1>
${body.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${p}</p>`).join('\n')}
<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">
<p style="margin:0;color:#57534e;font-size:13px;line-height:1.5">
<strong>${escapeHtml(centre.name)}</strong><br>
${escapeHtml(centreAddressLine)}<br>
${escapeHtml(es('applicationMail.phone', { phones }))}<br>
${escapeHtml(es('applicationMail.email', { email: '\u0000' })).replace('\u0000', link(`mailto:${centre.email}`, centre.email))}<br>
${escapeHtml(es('applicationMail.website', { url: '\u0000' })).replace('\u0000', link(site))}<br>
${escapeHtml(es('site.hours'))}
</p>
</div>
</body></html>`;
  return { text, html };
}

const programEs = (program: string) =>
  (['infant', 'preschool', 'kindergarten'] as const).includes(program as Program)
    ? es(`enrollment.program.${program as Program}`)
    : program;
const childOf = (a: ApplicationForEmail) => `${a.childFirstName} ${a.childLastName}`.trim();
const parentOf = (a: ApplicationForEmail) => a.parentFirstName.trim() || es('applicationMail.parent');

const SENTENCES: Record<ApplicationStatus, MessageKey[]> = {
  approved: ['applicationMail.approved1', 'applicationMail.approved2'],
  rejected: ['applicationMail.rejected1', 'applicationMail.rejected2'],
  waitlist: ['applicationMail.waitlist1', 'applicationMail.waitlist2'],
  'more-info': ['applicationMail.moreInfo1', 'applicationMail.moreInfo2'],
  pending: ['applicationMail.pending1'],
};

export function spanishApplicationStatusEmail(
  application: ApplicationForEmail,
  status: ApplicationStatus,
  config: LinkConfig,
): EmailContent {
  const child = childOf(application);
  const label = es(`applicationMail.status.${status}`);
  const program = programEs(application.programRequested);
  const site = `${config.publicUrl}/es`;
  const values = { child, phone: centre.phones[0], email: centre.email };
  return {
    subject: headerSafe(es('applicationMail.statusSubject', { child, status: label })),
    ...letterEs(
      parentOf(application),
      [
        para('applicationMail.statusNow', { child, program, status: label }, ['child', 'status']),
        ...SENTENCES[status].map((key) => para(key, values)),
        {
          text: es('applicationMail.learnMore', { url: site }),
          html: escapeHtml(es('applicationMail.learnMore', { url: '\u0000' })).replace('\u0000', link(site)),
        },
      ],
      config,
    ),
  };
}

export function spanishApplicationReceivedEmail(application: SubmittedApplicationForEmail, config: LinkConfig): EmailContent {
  const child = childOf(application);
  const program = programEs(application.programRequested);
  const [y, m, d] = application.startDate.split('-').map(Number) as [number, number, number];
  const start = intlFor('es').formatDate(Date.UTC(y, m - 1, d), { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  const [phone, otherPhone] = centre.phones;
  const details = [
    para('applicationMail.child', { child }, ['child']),
    para('applicationMail.program', { program }, ['program']),
    para('applicationMail.start', { date: start }, ['date']),
  ];
  return {
    subject: headerSafe(es('applicationMail.receivedSubject', { child })),
    ...letterEs(
      parentOf(application),
      [
        para('applicationMail.receivedThanks', { name: centre.name, child }),
        { text: details.map((p) => p.text).join('\n'), html: details.map((p) => p.html).join('<br>') },
        para('applicationMail.next'),
        para('applicationMail.wrong', { phone, otherPhone, email: centre.email }),
      ],
      config,
    ),
  };
}
