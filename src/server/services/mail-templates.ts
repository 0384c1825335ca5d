/**
 * The e-mails the centre sends, one function per message. Each answers a plain-text body and an HTML body
 * with the same words, signed with the centre's contact details; links are built from PUBLIC_URL and every
 * piece of user content in the HTML is escaped.
 */
import { centre, centreAddressLine } from '../../shared/centre';
import { APPLICATION_STATUS_LABELS, type ApplicationStatus, PROGRAM_LABELS, type Program } from '../../shared/constants';
import { CATALOGUES, intlFor, type Language, type MessageKey, t } from '../../shared/i18n';
import type { Config } from '../config';
import { spanishApplicationReceivedEmail, spanishApplicationStatusEmail } from './application-mail-es';
import { pathIn } from '../../shared/i18n/paths';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** The parent account whose password the message carries (see MailMessage.credentialsFor). */
  credentialsFor?: string;
}

type LinkConfig = Pick<Config, 'publicUrl'>;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** Subjects go into a mail header: no line breaks, and a sane length. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').slice(0, 200);
}

/** The parent sign-in an e-mail links to: the Spanish one for a Spanish e-mail. */
export function signInUrl(config: LinkConfig, language: Language): string {
  return `${config.publicUrl}${pathIn(language, '/parent-login')}`;
}

/** The site's home page in the e-mail's language, as its signature names it. */
function homeUrl(config: LinkConfig, language: Language): string {
  return `${config.publicUrl}${pathIn(language, '/')}`;
}

function signatureText(config: LinkConfig, language: Language = 'en'): string {
  return [
    '--',
    centre.name,
    centreAddressLine,
    t(language, 'mail.signature.phone', { phones: intlFor(language).formatList(centre.phones, { type: 'disjunction' }) }),
    t(language, 'mail.signature.email', { email: centre.email }),
    t(language, 'mail.signature.website', { url: homeUrl(config, language) }),
    t(language, 'mail.signature.hours'),
  ].join('\n');
}

/** An HTML link showing its address, or `label` when given. */
export function link(href: string, label = href): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

function signatureHtml(config: LinkConfig, language: Language = 'en'): string {
  const phones = intlFor(language).formatList(
    centre.phones.map((p) => escapeHtml(p)),
    { type: 'disjunction' },
  );
  return `<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">
<p style="margin:0;color:#57534e;font-size:13px;line-height:1.5">
<strong>${escapeHtml(centre.name)}</strong><br>
${escapeHtml(centreAddressLine)}<br>
${escapeHtml(t(language, 'mail.signature.phone', { phones: '\u0000' })).replace('\u0000', () => phones)}<br>
${escapeHtml(t(language, 'mail.signature.email', { email: '\u0000' })).replace('\u0000', () => link(`mailto:${centre.email}`, centre.email))}<br>
${escapeHtml(t(language, 'mail.signature.website', { url: '\u0000' })).replace('\u0000', () => link(homeUrl(config, language)))}<br>
${escapeHtml(t(language, 'mail.signature.hours'))}
</p>`;
}

/** The HTML body: paragraphs of HTML (user content already escaped) inside a simple readable frame. */
function layout(paragraphsHtml: string[], config: LinkConfig, language: Language = 'en'): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(centre.name)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#115e59">${escapeHtml(centre.name)}</h1>
${paragraphsHtml.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${p}</p>`).join('\n')}
${signatureHtml(config, language)}
</div>
</body></html>`;
}

/** One paragraph of a letter: its plain text, and its HTML (escaped, and free to hold markup). */
export interface Paragraph {
  text: string;
  html: string;
}

/** A paragraph of plain words: its HTML is the same words, escaped. */
export function plain(text: string): Paragraph {
  return { text, html: escapeHtml(text) };
}

type ParagraphValue = string | number | Date;

/** How `paragraph` marks up some of its values in the HTML. */
export interface ParagraphMarkup {
  /** Values shown in bold. */
  strong?: readonly string[];
  /** Values that are addresses, shown as links to themselves. */
  links?: readonly string[];
  /** Values given as finished HTML (a link with its own label, ...), used as they are; they may be absent from the text's values. */
  html?: Readonly<Record<string, string>>;
}

/**
 * A paragraph from the catalogue, for every letter (English and Spanish alike): the text with the values as they
 * are, the HTML with each string value escaped (in bold, or as a link, as `markup` says). Numbers and dates are
 * formatted by the catalogue in both. The catalogue's own words hold no markup characters (tests/unit/mail.test.ts
 * checks), so they are not escaped.
 */
export function paragraph(
  language: Language,
  key: MessageKey,
  values: Readonly<Record<string, ParagraphValue>> = {},
  { strong = [], links = [], html = {} }: ParagraphMarkup = {},
): Paragraph {
  const marked: Record<string, ParagraphValue> = {};
  for (const [name, value] of Object.entries(values)) {
    const escaped = typeof value === 'string' ? escapeHtml(value) : value;
    marked[name] = links.includes(name) ? link(String(value)) : strong.includes(name) ? `<strong>${String(escaped)}</strong>` : escaped;
  }
  return { text: t(language, key, values), html: t(language, key, { ...marked, ...html }) };
}

/**
 * Every message is a letter: "Dear ...", its paragraphs, the team's sign-off and the signature, as text and as
 * HTML, in the language of the parent it goes to (their saved preference; English by default).
 */
export function letter(
  recipient: string,
  paragraphs: Paragraph[],
  config: LinkConfig,
  language: Language = 'en',
): Pick<EmailContent, 'text' | 'html'> {
  const dear = (name: string) => (name.trim() ? t(language, 'mail.letter.dear', { name }) : t(language, 'mail.letter.dearParent'));
  const team = (name: string) => t(language, 'mail.letter.team', { centre: name });
  const regards = t(language, 'mail.letter.regards');
  const text = [
    dear(recipient),
    '',
    ...paragraphs.flatMap((p) => [p.text, '']),
    regards,
    team(centre.name),
    '',
    signatureText(config, language),
  ].join('\n');
  const html = layout(
    [escapeHtml(dear(recipient)), ...paragraphs.map((p) => p.html), `${escapeHtml(regards)}<br>${escapeHtml(team(centre.name))}`],
    config,
    language,
  );
  return { text, html };
}

export interface ApplicationForEmail {
  /** The language the family applied in: 'es' sends the Spanish letter (application-mail-es.ts). */
  language?: string | null;
  parentFirstName: string;
  parentLastName: string;
  childFirstName: string;
  childLastName: string;
  programRequested: string;
}

function programLabel(program: string): string {
  return PROGRAM_LABELS[program as Program] ?? program;
}

/** What each status means for the family, in one or two sentences. */
function statusSentences(status: ApplicationStatus, child: string, phone: string): string[] {
  switch (status) {
    case 'approved':
      return [
        `Good news: the application for ${child} has been approved.`,
        `We will call you within 24 hours to schedule a facility tour and to complete the enrollment paperwork. You are welcome to call us sooner at ${phone}.`,
      ];
    case 'rejected':
      return [
        `Thank you for your interest in our centre. We are sorry that we are unable to offer ${child} a place at this time.`,
        `If your plans change or you have any questions, please call us at ${phone}.`,
      ];
    case 'waitlist':
      return [
        `The application for ${child} has been placed on our waitlist.`,
        `We will contact you as soon as a place opens in the program you asked for. Please let us know if your plans change.`,
      ];
    case 'more-info':
      return [
        `We need a little more information to continue reviewing the application for ${child}.`,
        `Please call us at ${phone} or e-mail ${centre.email} at your earliest convenience.`,
      ];
    case 'pending':
      return [`The application for ${child} is being reviewed. We will be in touch soon.`];
  }
}

/** Sent when staff change an application's status and ask for the parent to be told. */
export function applicationStatusEmail(application: ApplicationForEmail, status: ApplicationStatus, config: LinkConfig): EmailContent {
  if (application.language === 'es') return spanishApplicationStatusEmail(application, status, config);
  const child = `${application.childFirstName} ${application.childLastName}`.trim();
  const parent = application.parentFirstName.trim() || `${application.parentFirstName} ${application.parentLastName}`.trim();
  const label = APPLICATION_STATUS_LABELS[status];
  const phone = centre.phones[0];
  const sentences = statusSentences(status, child, phone);
  const program = programLabel(application.programRequested);
  const subject = headerSafe(`Enrollment application for ${child}: ${label}`);
  const site = `${config.publicUrl}/`;

  return {
    subject,
    ...letter(
      parent,
      [
        {
          text: `The status of the enrollment application for ${child} (${program}) is now: ${label}.`,
          html: `The status of the enrollment application for <strong>${escapeHtml(child)}</strong> (${escapeHtml(program)}) is now: <strong>${escapeHtml(label)}</strong>.`,
        },
        ...sentences.map(plain),
        { text: `Learn more about our programs: ${site}`, html: `Learn more about our programs: ${link(site)}` },
      ],
      config,
    ),
  };
}

export interface CredentialsForEmail {
  parentName: string;
  childName: string;
  email: string;
  password: string;
  /** A new password for an account that already exists (staff reset it), rather than a new account. */
  reset?: boolean;
}

/** The line of a credentials e-mail's text that carries the password (written by parentCredentialsEmail). */
const PASSWORD_LINE = /^Password: (\S+)$/m;

/** The password a credentials e-mail's plain text carries, or null when it carries none (any more). */
export function passwordInCredentialsText(text: string): string | null {
  return PASSWORD_LINE.exec(text)?.[1] ?? null;
}

/** What a stored credentials e-mail says in place of the password once it is removed. */
export const PASSWORD_REMOVED = {
  firstSignIn: '(removed after the first sign-in)',
  expired: '(removed after 7 days)',
} as const;

/** The parent's portal login, sent when the account is created and again when staff reset its password. */
export function parentCredentialsEmail(data: CredentialsForEmail, config: LinkConfig, language: Language = 'en'): EmailContent {
  const loginUrl = signInUrl(config, language);
  const parent = data.parentName.trim() || (language === 'en' ? 'Parent' : '');
  const say = (key: MessageKey) => escapeHtml(t(language, key));

  return {
    subject: headerSafe(t(language, 'mail.credentials.subject', { centre: centre.name })),
    credentialsFor: data.email,
    ...letter(
      parent,
      [
        plain(
          t(language, data.reset ? 'mail.credentials.reset' : 'mail.credentials.welcome', { centre: centre.name, child: data.childName }),
        ),
        {
          text: `${t(language, 'mail.credentials.signIn')} ${loginUrl}\n${t(language, 'mail.credentials.email')} ${data.email}\n${t(language, 'mail.credentials.password')} ${data.password}`,
          html: `${say('mail.credentials.signIn')} ${link(loginUrl)}<br>${say('mail.credentials.email')} <strong>${escapeHtml(data.email)}</strong><br>${say('mail.credentials.password')} <strong style="font-family:monospace;font-size:15px">${escapeHtml(data.password)}</strong>`,
        },
        plain(t(language, 'mail.credentials.private')),
      ],
      config,
      language,
    ),
  };
}

export interface ReceiptForEmail {
  receiptNumber: string;
  parentName: string;
  childName: string;
  amountText: string;
  paymentDateText: string;
}

/** The payment receipt, sent by staff with the receipt attached as a PDF. */
export function paymentReceiptEmail(r: ReceiptForEmail, config: LinkConfig, language: Language = 'en'): EmailContent {
  return {
    subject: headerSafe(t(language, 'mail.receipt.subject', { number: r.receiptNumber, centre: centre.name })),
    ...letter(
      r.parentName,
      [
        plain(t(language, 'mail.receipt.thanks', { amount: r.amountText, date: r.paymentDateText, child: r.childName })),
        plain(t(language, 'mail.receipt.attached', { number: r.receiptNumber })),
      ],
      config,
      language,
    ),
  };
}

export interface StatementForEmail {
  taxYear: string;
  parentName: string;
  totalText: string;
  paymentCount: number;
}

/** The year-end tax statement, with the statement attached as a PDF, in the parent's language. */
export function taxStatementEmail(s: StatementForEmail, config: LinkConfig, language: Language = 'en'): EmailContent {
  return {
    subject: headerSafe(t(language, 'mail.statement.subject', { year: s.taxYear, centre: centre.name })),
    ...letter(
      s.parentName,
      [
        plain(t(language, 'mail.statement.attached', { year: s.taxYear, count: s.paymentCount, total: s.totalText })),
        plain(t(language, 'mail.statement.ein', { ein: centre.providerTaxId })),
      ],
      config,
      language,
    ),
  };
}

/** 'Forgot your password?': the single-use link, valid for one hour, in the parent's language. */
export function passwordResetEmail(data: { firstName: string; link: string }, config: LinkConfig, language: Language = 'en'): EmailContent {
  return {
    subject: headerSafe(t(language, 'mail.reset.subject', { centre: centre.name })),
    ...letter(
      data.firstName.trim() || (language === 'en' ? 'Parent' : ''),
      [
        plain(t(language, 'mail.reset.asked')),
        paragraph(
          language,
          'mail.reset.link',
          { link: data.link },
          { html: { link: link(data.link, t(language, 'mail.reset.linkLabel')) } },
        ),
        plain(t(language, 'mail.reset.once')),
      ],
      config,
      language,
    ),
  };
}

export interface WeeklyReportForEmail {
  parentName: string;
  childName: string;
  weekStartDate: string;
  weekEndDate: string;
  activities: {
    activityDate: string;
    title: string;
    category: string;
    description: string;
    duration: number | null;
    skillsPracticed: string[];
  }[];
  notes: { title: string; category: string; content: string }[];
  skills: string[];
}

function longDate(iso: string, language: Language = 'en'): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString(language === 'es' ? 'es-US' : 'en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** An activity's or a note's category in the reader's words (the record PDF's words); a value it does not know as stored. */
function categoryWord(language: Language, category: string): string {
  const key = `pdf.record.category.${category}`;
  return key in CATALOGUES[language] ? t(language, key as MessageKey) : category;
}

/** The weekly activity report staff send to a child's parents, in their language. Private notes never reach this function. */
export function weeklyReportEmail(data: WeeklyReportForEmail, config: LinkConfig, language: Language = 'en'): EmailContent {
  const range = t(language, 'mail.weekly.range', {
    start: longDate(data.weekStartDate, language),
    end: longDate(data.weekEndDate, language),
  });
  const activityLines = data.activities.map((a) => {
    const minutes = a.duration ? ` (${t(language, 'mail.weekly.minutes', { minutes: String(a.duration) })})` : '';
    return `- ${longDate(a.activityDate, language)}: ${a.title} [${categoryWord(language, a.category)}]${minutes}. ${a.description}`;
  });
  const noteLines = data.notes.map((n) => `- ${n.title} [${categoryWord(language, n.category)}]: ${n.content}`);
  const list = (items: string[]) =>
    `<ul style="margin:4px 0 0;padding-left:20px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  const portal = signInUrl(config, language);
  const heading = (key: MessageKey, count: number) => t(language, key, { count: String(count) });
  const paragraphs: Paragraph[] = [
    plain(t(language, 'mail.weekly.intro', { child: data.childName, centre: centre.name, range })),
    data.activities.length
      ? {
          text: `${heading('mail.weekly.activities', data.activities.length)}:\n${activityLines.join('\n')}`,
          html: `<strong>${escapeHtml(heading('mail.weekly.activities', data.activities.length))}</strong>${list(activityLines.map((l) => l.slice(2)))}`,
        }
      : plain(t(language, 'mail.weekly.noActivities')),
    data.notes.length
      ? {
          text: `${heading('mail.weekly.notes', data.notes.length)}:\n${noteLines.join('\n')}`,
          html: `<strong>${escapeHtml(heading('mail.weekly.notes', data.notes.length))}</strong>${list(noteLines.map((l) => l.slice(2)))}`,
        }
      : plain(t(language, 'mail.weekly.noNotes')),
    data.skills.length
      ? {
          text: `${t(language, 'mail.weekly.skills')} ${data.skills.join(', ')}`,
          html: `<strong>${escapeHtml(t(language, 'mail.weekly.skills'))}</strong> ${escapeHtml(data.skills.join(', '))}`,
        }
      : plain(t(language, 'mail.weekly.noSkills')),
    {
      text: t(language, 'mail.weekly.portal', { url: portal }),
      html: t(language, 'mail.weekly.portalHtml', { portal: link(portal, t(language, 'mail.portalName')) }),
    },
  ];
  return {
    subject: headerSafe(t(language, 'mail.weekly.subject', { child: data.childName, range })),
    ...letter(data.parentName.trim() || (language === 'en' ? 'Parent' : ''), paragraphs, config, language),
  };
}

/** A child achieved a milestone: the parents hear it from us first, in their language. */
export function achievementEmail(
  data: {
    parentName: string;
    childName: string;
    milestoneName: string;
    milestoneDescription: string;
    achievedAt: string;
    notes: string | null;
    witnessedBy: string | null;
  },
  config: LinkConfig,
  language: Language = 'en',
): EmailContent {
  const portal = signInUrl(config, language);
  const news = {
    date: longDate(data.achievedAt, language),
    child: data.childName,
    milestone: data.milestoneName,
    description: data.milestoneDescription,
  };
  return {
    subject: headerSafe(t(language, 'mail.achievement.subject', { child: data.childName, milestone: data.milestoneName })),
    ...letter(
      data.parentName.trim() || (language === 'en' ? 'Parent' : ''),
      [
        {
          text: t(language, 'mail.achievement.news', news),
          html: paragraph(language, 'mail.achievement.newsHtml', news, { strong: ['milestone'] }).html,
        },
        ...(data.notes ? [plain(t(language, 'mail.achievement.notes', { notes: data.notes }))] : []),
        ...(data.witnessedBy ? [plain(t(language, 'mail.achievement.witnessed', { name: data.witnessedBy }))] : []),
        {
          text: t(language, 'mail.achievement.portal', { child: data.childName, url: portal }),
          html: paragraph(
            language,
            'mail.achievement.portalHtml',
            { child: data.childName, portal: t(language, 'mail.portalName') },
            { html: { portal: link(portal, t(language, 'mail.portalName')) } },
          ).html,
        },
      ],
      config,
      language,
    ),
  };
}

/** A new staff account's invitation: the link sets the first password, once, within 7 days. */
export function staffInvitationEmail(data: { name: string; role: string; link: string }, config: LinkConfig): EmailContent {
  return {
    subject: headerSafe(`Your staff account at ${centre.name}`),
    ...letter(
      data.name.trim() || 'there',
      [
        plain(`You have been invited to ${centre.name}'s staff dashboard as a ${data.role}.`),
        { text: `Choose your password here: ${data.link}`, html: `Choose your password here: ${link(data.link, 'Choose your password')}` },
        plain('The link works once, within 7 days. If you were not expecting it, you can ignore this message.'),
      ],
      config,
    ),
  };
}

/** A staff member's 'Forgot your password?' link: once, within one hour. */
export function staffPasswordResetEmail(data: { name: string; link: string }, config: LinkConfig): EmailContent {
  return {
    subject: headerSafe(`Choose a new staff password for ${centre.name}`),
    ...letter(
      data.name.trim() || 'there',
      [
        plain('Someone (we hope you) asked to choose a new password for your staff account.'),
        {
          text: `Choose a new password here: ${data.link}`,
          html: `Choose a new password here: ${link(data.link, 'Choose a new password')}`,
        },
        plain(
          'The link works once, within one hour. If you did not ask for it, you can ignore this message: your password stays as it is.',
        ),
      ],
      config,
    ),
  };
}

export interface SubmittedApplicationForEmail extends ApplicationForEmail {
  startDate: string;
}

/** `YYYY-MM-DD` as people write it in a letter: 'January 4, 2027'. */
function letterDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * Sent to the applicant as soon as an application arrives: it repeats the child, the program and the start date
 * asked for (so a mistake is noticed now), and says what happens next, as the success screen does (docs/product.md §2).
 */
export function applicationReceivedEmail(application: SubmittedApplicationForEmail, config: LinkConfig): EmailContent {
  if (application.language === 'es') return spanishApplicationReceivedEmail(application, config);
  const child = `${application.childFirstName} ${application.childLastName}`.trim();
  const parent = application.parentFirstName.trim() || 'Parent';
  const program = programLabel(application.programRequested);
  const start = letterDate(application.startDate);
  const [phone, otherPhone] = centre.phones;
  return {
    subject: headerSafe(`We received the enrollment application for ${child}`),
    ...letter(
      parent,
      [
        plain(`Thank you for applying to ${centre.name}. We have received the enrollment application for ${child}.`),
        {
          text: `Child: ${child}\nProgram: ${program}\nDesired start date: ${start}`,
          html: `Child: <strong>${escapeHtml(child)}</strong><br>Program: <strong>${escapeHtml(program)}</strong><br>Desired start date: <strong>${escapeHtml(start)}</strong>`,
        },
        plain(
          'What happens next: we will call you within 24 hours to discuss next steps, schedule a facility tour, and help you complete the enrollment paperwork.',
        ),
        plain(
          `If any of the details above is wrong, or you have a question, please call us at ${phone} or ${otherPhone}, or e-mail ${centre.email}.`,
        ),
      ],
      config,
    ),
  };
}
