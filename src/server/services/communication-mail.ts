/**
 * E-mail notices of the Communication Center. They say that something is waiting and link to the portal; the
 * words of a message and any document stay behind the sign-in (e-mail is neither private nor reliable, and
 * these may be about a child's health).
 */
import { centre } from '../../shared/centre';
import { DOCUMENT_TYPE_LABELS } from '../../shared/schemas/communication';
import type { Config } from '../config';
import { type EmailContent, escapeHtml, headerSafe, letter, link, plain } from './mail-templates';

type LinkConfig = Pick<Config, 'publicUrl'>;

function portalParagraph(config: LinkConfig) {
  const url = `${config.publicUrl}/parent-login`;
  return {
    text: `Please sign in to the Parent Portal to read it: ${url}`,
    html: `Please sign in to the Parent Portal to read it: ${link(url)}`,
  };
}

/** A new message from the centre to a parent. */
export function newMessageNoticeEmail(
  data: { parentName: string; childName: string | null; isUrgent: boolean },
  config: LinkConfig,
): EmailContent {
  const about = data.childName ? ` about ${data.childName}` : '';
  return {
    subject: headerSafe(`${data.isUrgent ? 'Urgent: ' : ''}New message from ${centre.name}${about}`),
    ...letter(
      data.parentName.trim() || 'Parent',
      [plain(`You have a new${data.isUrgent ? ' urgent' : ''} message from ${centre.name}${about}.`), portalParagraph(config)],
      config,
    ),
  };
}

/** A document the centre asks a parent for. The title and due date say what is needed; nothing more. */
export function documentRequestNoticeEmail(
  data: { parentName: string; childName: string | null; documentType: string; title: string; dueDate: string | null; isUrgent: boolean },
  config: LinkConfig,
): EmailContent {
  const type = DOCUMENT_TYPE_LABELS[data.documentType as keyof typeof DOCUMENT_TYPE_LABELS] ?? 'Document';
  const about = data.childName ? ` for ${data.childName}` : '';
  const url = `${config.publicUrl}/parent-login`;
  return {
    subject: headerSafe(`${data.isUrgent ? 'Urgent: ' : ''}Document requested${about}: ${data.title}`),
    ...letter(
      data.parentName.trim() || 'Parent',
      [
        {
          text: `${centre.name} asks you for a document${about}: ${data.title} (${type})${data.dueDate ? `, due by ${data.dueDate}` : ''}.`,
          html: `${escapeHtml(centre.name)} asks you for a document${escapeHtml(about)}: <strong>${escapeHtml(data.title)}</strong> (${escapeHtml(type)})${data.dueDate ? `, due by <strong>${escapeHtml(data.dueDate)}</strong>` : ''}.`,
        },
        {
          text: `Please sign in to the Parent Portal to see the request and upload the document: ${url}`,
          html: `Please sign in to the Parent Portal to see the request and upload the document: ${link(url)}`,
        },
        plain('You can upload a PDF or take a photo of a paper form with your phone.'),
      ],
      config,
    ),
  };
}
