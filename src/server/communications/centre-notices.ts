/**
 * Short notices to the centre's own inbox (CENTRE_EMAIL) when a family acts: a new application, a message, an
 * uploaded document. Like the parents' notices they carry no private content (no message text, no medical
 * details, no file): only that something is waiting, and where to read it in the dashboard.
 */
import { centre } from '../centre/profile';
import type { Config } from '../config';
import type { Context } from '../context';
import { logger } from '../logger';
import { type EmailContent, headerSafe, letter, link, plain } from '../services/mail-layout';

type NoticeConfig = Pick<Config, 'publicUrl'>;

function dashboardParagraph(tab: string, config: NoticeConfig) {
  const url = `${config.publicUrl}/admin?tab=${tab}`;
  return { text: `Please see it in the dashboard: ${url}`, html: `Please see it in the dashboard: ${link(url)}` };
}

/** A new enrollment application: the child's first name only, and where to review it. */
export function newApplicationNotice(data: { childFirstName: string }, config: NoticeConfig): EmailContent {
  return {
    subject: headerSafe(`New enrollment application (${data.childFirstName})`),
    ...letter(
      'team',
      [
        plain(`A new enrollment application for ${data.childFirstName} has arrived on the website.`),
        dashboardParagraph('applications', config),
      ],
      config,
    ),
  };
}

/** A parent's message (an urgent one says so); the words stay in the dashboard. */
export function parentMessageNotice(
  data: { parentName: string; childName: string | null; isUrgent: boolean },
  config: NoticeConfig,
): EmailContent {
  const about = data.childName ? ` about ${data.childName}` : '';
  const urgent = data.isUrgent ? 'Urgent: ' : '';
  return {
    subject: headerSafe(`${urgent}New message from ${data.parentName}${about}`),
    ...letter(
      'team',
      [plain(`${data.parentName} sent ${data.isUrgent ? 'an urgent' : 'a'} message${about}.`), dashboardParagraph('communication', config)],
      config,
    ),
  };
}

/** A parent answered a document request with a file; the file stays in the dashboard. */
export function documentUploadedNotice(
  data: { parentName: string; childName: string | null; title: string },
  config: NoticeConfig,
): EmailContent {
  const about = data.childName ? ` for ${data.childName}` : '';
  return {
    subject: headerSafe(`Document uploaded${about}: ${data.title}`),
    ...letter(
      'team',
      [plain(`${data.parentName} uploaded a document${about} in answer to "${data.title}".`), dashboardParagraph('communication', config)],
      config,
    ),
  };
}

/**
 * Sends a notice to CENTRE_EMAIL. Never throws: what the family did is already saved, and a mail failure must
 * not turn their success into an error.
 */
export async function noticeToCentre(ctx: Pick<Context, 'mailer' | 'config'>, content: EmailContent): Promise<void> {
  await ctx.mailer
    .send({ to: ctx.config.centreEmail, ...content })
    .catch((err: unknown) => logger.warn({ err, subject: content.subject }, `notice to ${centre.shortName} could not be sent`));
}
