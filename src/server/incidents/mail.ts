/**
 * The parents are told of an incident report at once, in their language (ADR 093). The letter names the child, the
 * kind and when; what happened stays in the portal, behind the parent's sign-in, so no medical text travels by
 * e-mail or stays in the e-mail log.
 */
import { centreClock24, centreTimeOf } from '~/shared/centre-clock';
import { centreDateOf } from '~/shared/centre-time';
import { type Language, t } from '~/shared/i18n';
import type { IncidentKind } from '~/shared/licensing-notice';
import {
  type EmailContent,
  headerSafe,
  letter,
  type LinkConfig,
  plain,
  shortDay,
  signInUrl,
  portalParagraph,
} from '../services/mail-layout';

/** A moment as the centre's clock reads it for this reader: '10:40 AM' in English, '10:40' in Spanish. */
export function clockFor(language: Language, moment: Date): string {
  return language === 'es' ? centreClock24(moment) : centreTimeOf(moment);
}

export function incidentEmail(
  data: { parentName: string; childName: string; kind: string; occurredAt: Date },
  config: LinkConfig,
  language: Language = 'en',
): EmailContent {
  const portal = signInUrl(config, language);
  const kind = t(language, `mail.incident.kind.${data.kind as IncidentKind}`);
  const values = {
    child: data.childName,
    kind,
    date: shortDay(centreDateOf(data.occurredAt), language),
    time: clockFor(language, data.occurredAt),
  };
  return {
    subject: headerSafe(t(language, 'mail.incident.subject', { child: data.childName, kind })),
    ...letter(
      data.parentName,
      [
        plain(t(language, 'mail.incident.news', values)),
        portalParagraph(language, { text: 'mail.incident.portal', html: 'mail.incident.portalHtml' }, portal),
      ],
      config,
      language,
    ),
  };
}
