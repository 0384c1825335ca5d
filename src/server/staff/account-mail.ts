/** The staff's own e-mails (ADR 039): an account's invitation and the 'Forgot your password?' link, in English (ADR 070). */
import { centre } from '../centre/profile';
import { t } from '../../shared/i18n';
import type { StaffRoleId } from '../../shared/schemas/staff';
import { type EmailContent, headerSafe, letter, link, type LinkConfig, paragraph, plain } from '../services/mail-layout';

const staffName = (name: string) => name.trim() || t('en', 'staffMail.dearSomeone');

/** A new staff account's invitation: the link sets the first password, once, within 7 days. */
export function staffInvitationEmail(data: { name: string; role: StaffRoleId; link: string }, config: LinkConfig): EmailContent {
  return {
    subject: headerSafe(t('en', 'staffMail.invitation.subject', { centre: centre.name })),
    ...letter(
      staffName(data.name),
      [
        plain(t('en', 'staffMail.invitation.invited', { centre: centre.name, role: data.role })),
        paragraph(
          'en',
          'staffMail.invitation.link',
          { link: data.link },
          { html: { link: link(data.link, t('en', 'staffMail.invitation.linkLabel')) } },
        ),
        paragraph('en', 'staffMail.invitation.once'),
      ],
      config,
    ),
  };
}

/** A staff member's 'Forgot your password?' link: once, within one hour. */
export function staffPasswordResetEmail(data: { name: string; link: string }, config: LinkConfig): EmailContent {
  return {
    subject: headerSafe(t('en', 'staffMail.reset.subject', { centre: centre.name })),
    ...letter(
      staffName(data.name),
      [
        paragraph('en', 'staffMail.reset.asked'),
        paragraph(
          'en',
          'staffMail.reset.link',
          { link: data.link },
          { html: { link: link(data.link, t('en', 'staffMail.reset.linkLabel')) } },
        ),
        paragraph('en', 'staffMail.reset.once'),
      ],
      config,
    ),
  };
}
