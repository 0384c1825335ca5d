/**
 * The family is told by e-mail, in their language, when the director returns a medication request (ADR 092). The
 * letter names the child and the day the request was signed; the medication, the reason and the director's words
 * stay in the portal, behind the parent's sign-in, so no medical text travels by e-mail or stays in the e-mail log.
 */
import { type Language, t } from '~/shared/i18n';
import { centre } from '../centre/profile';
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

export function medicationReturnedEmail(
  data: { parentName: string; childName: string; signedOn: string },
  config: LinkConfig,
  language: Language = 'en',
): EmailContent {
  const portal = signInUrl(config, language);
  return {
    subject: headerSafe(t(language, 'mail.medicationReturned.subject', { child: data.childName })),
    ...letter(
      data.parentName,
      [
        plain(
          t(language, 'mail.medicationReturned.news', {
            centre: centre.name,
            child: data.childName,
            date: shortDay(data.signedOn, language),
          }),
        ),
        portalParagraph(language, { text: 'mail.medicationReturned.portal', html: 'mail.medicationReturned.portalHtml' }, portal),
      ],
      config,
      language,
    ),
  };
}
