/**
 * The e-mails about an enrollment application, in the language the family applied in (`/es/enrollment` records
 * `language: 'es'`): the confirmation sent when it arrives and the status letters staff send. Every word is the
 * catalogue's (applicationMail.*); what the family typed (names) is never translated and is escaped in the HTML.
 */
import { centre } from '../centre/profile';
import { type ApplicationStatus, PROGRAMS, type Program } from '../../shared/constants';
import { isLanguage, type Language, type MessageKey, t } from '../../shared/i18n';
import {
  type EmailContent,
  headerSafe,
  homeUrl,
  letter,
  type LinkConfig,
  longDay,
  type Paragraph,
  paragraph,
} from '../services/mail-layout';

export interface ApplicationForEmail {
  /** The language the family applied in; English when absent or unknown. */
  language?: string | null;
  parentFirstName: string;
  parentLastName: string;
  childFirstName: string;
  childLastName: string;
  programRequested: string;
}

export interface SubmittedApplicationForEmail extends ApplicationForEmail {
  startDate: string;
}

const languageOf = (a: ApplicationForEmail): Language => (isLanguage(a.language) ? a.language : 'en');
const childOf = (a: ApplicationForEmail) => `${a.childFirstName} ${a.childLastName}`.trim();
/** Program labels are the enrollment form's; a program the catalogue does not know is shown as stored. */
const programIn = (language: Language, program: string) =>
  (PROGRAMS as readonly string[]).includes(program) ? t(language, `enrollment.program.${program as Program}`) : program;

const SENTENCES: Record<ApplicationStatus, MessageKey[]> = {
  approved: ['applicationMail.approved1', 'applicationMail.approved2'],
  rejected: ['applicationMail.rejected1', 'applicationMail.rejected2'],
  waitlist: ['applicationMail.waitlist1', 'applicationMail.waitlist2'],
  'more-info': ['applicationMail.moreInfo1', 'applicationMail.moreInfo2'],
  pending: ['applicationMail.pending1'],
};

/** Sent when staff change an application's status and ask for the parent to be told. */
export function applicationStatusEmail(application: ApplicationForEmail, status: ApplicationStatus, config: LinkConfig): EmailContent {
  const language = languageOf(application);
  const child = childOf(application);
  const label = t(language, `applicationMail.status.${status}`);
  const program = programIn(language, application.programRequested);
  const values = { child, phone: centre.phones[0], email: centre.email };
  return {
    subject: headerSafe(t(language, 'applicationMail.statusSubject', { child, status: label })),
    ...letter(
      application.parentFirstName.trim() || application.parentLastName,
      [
        paragraph(language, 'applicationMail.statusNow', { child, program, status: label }, { strong: ['child', 'status'] }),
        ...SENTENCES[status].map((key) => paragraph(language, key, values)),
        paragraph(language, 'applicationMail.learnMore', { url: homeUrl(config, language) }, { links: ['url'] }),
      ],
      config,
      language,
    ),
  };
}

/**
 * Sent to the applicant as soon as an application arrives: it repeats the child, the program and the start date
 * asked for (so a mistake is noticed now), and says what happens next, as the success screen does.
 */
export function applicationReceivedEmail(application: SubmittedApplicationForEmail, config: LinkConfig): EmailContent {
  const language = languageOf(application);
  const child = childOf(application);
  const [phone, otherPhone = phone] = centre.phones;
  const details: Paragraph[] = [
    paragraph(language, 'applicationMail.child', { child }, { strong: ['child'] }),
    paragraph(language, 'applicationMail.program', { program: programIn(language, application.programRequested) }, { strong: ['program'] }),
    paragraph(language, 'applicationMail.start', { date: longDay(application.startDate, language) }, { strong: ['date'] }),
  ];
  return {
    subject: headerSafe(t(language, 'applicationMail.receivedSubject', { child })),
    ...letter(
      application.parentFirstName,
      [
        paragraph(language, 'applicationMail.receivedThanks', { name: centre.name, child }),
        { text: details.map((p) => p.text).join('\n'), html: details.map((p) => p.html).join('<br>') },
        paragraph(language, 'applicationMail.next'),
        paragraph(language, 'applicationMail.wrong', { phone, otherPhone, email: centre.email }),
      ],
      config,
      language,
    ),
  };
}
