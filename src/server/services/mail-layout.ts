/**
 * The one layout of every e-mail the centre sends: "Dear ...", paragraphs, the team's sign-off and the centre's
 * signature, as a plain-text body and an HTML body with the same words, in the reader's language. Every word comes
 * from the catalogue (shared/i18n, ADR 070); links are built from PUBLIC_URL and every piece of user content in the
 * HTML is escaped. The letters themselves live beside their domain (`src/server/<domain>/*-mail.ts`).
 */
import { centre } from '../centre/profile';
import { type CentreProfile, openDays, type Weekday, WEEKDAYS } from '../../shared/centre-profile';
import { intlFor, type Language, type MessageKey, t } from '../../shared/i18n';
import type { Config } from '../config';
import { pathIn } from '../../shared/i18n/paths';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** The parent account whose password the message carries (see MailMessage.credentialsFor). */
  credentialsFor?: string;
}

export type LinkConfig = Pick<Config, 'publicUrl'>;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** Subjects go into a mail header: no line breaks, and a sane length. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').slice(0, 200);
}

/** The parent sign-in an e-mail links to: the Spanish one for a Spanish e-mail (ADR 045). */
export function signInUrl(config: LinkConfig, language: Language): string {
  return `${config.publicUrl}${pathIn(language, '/parent-login')}`;
}

/** The site's home page in the e-mail's language, as its signature names it. */
export function homeUrl(config: LinkConfig, language: Language): string {
  return `${config.publicUrl}${pathIn(language, '/')}`;
}

/** A wall-clock time of the profile ('07:30', '17:30') as the catalogue writes it: '7:30 AM'; '5:30 p. m.'. */
function clockText(language: Language, time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return t(language, 'mail.signature.time', {
    hour: String(hour % 12 === 0 ? 12 : hour % 12),
    minute: String(minute).padStart(2, '0'),
    half: hour < 12 ? 'am' : 'pm',
  });
}

/**
 * The centre's opening hours from its profile, in the reader's language: each run of days in a row with the same
 * hours on a line ('Monday - Friday: 7:30 AM - 5:30 PM'; 'De lunes a viernes, de 7:30 a. m. a 5:30 p. m.'). No line
 * when the profile opens no day.
 */
export function hoursLines(language: Language, hours: CentreProfile['hours']): string[] {
  const runs: { first: Weekday; last: Weekday; opens: string; closes: string }[] = [];
  for (const { day, hours: open } of openDays({ hours })) {
    const run = runs.at(-1);
    const follows = run && WEEKDAYS.indexOf(day) === WEEKDAYS.indexOf(run.last) + 1;
    if (run && follows && run.opens === open.opens && run.closes === open.closes) run.last = day;
    else runs.push({ first: day, last: day, ...open });
  }
  return runs.map(({ first, last, opens, closes }) => {
    const times = { opens: clockText(language, opens), closes: clockText(language, closes) };
    return first === last
      ? t(language, 'mail.signature.hoursDay', { day: first, ...times })
      : t(language, 'mail.signature.hoursRange', {
          first: t(language, 'mail.signature.weekday', { day: first }),
          last: t(language, 'mail.signature.weekday', { day: last }),
          ...times,
        });
  });
}

function signatureText(config: LinkConfig, language: Language = 'en'): string {
  return [
    '--',
    centre.name,
    centre.addressLine,
    t(language, 'mail.signature.phone', { phones: intlFor(language).formatList(centre.phones, { type: 'disjunction' }) }),
    t(language, 'mail.signature.email', { email: centre.email }),
    t(language, 'mail.signature.website', { url: homeUrl(config, language) }),
    ...hoursLines(language, centre.hours),
  ].join('\n');
}

/** An HTML link showing its address, or `label` when given. */
export function link(href: string, label = href): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

function signatureHtml(config: LinkConfig, language: Language = 'en'): string {
  const hours = hoursLines(language, centre.hours).map((line) => `<br>\n${escapeHtml(line)}`);
  const phones = intlFor(language).formatList(
    centre.phones.map((p) => escapeHtml(p)),
    { type: 'disjunction' },
  );
  return `<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">
<p style="margin:0;color:#57534e;font-size:13px;line-height:1.5">
<strong>${escapeHtml(centre.name)}</strong><br>
${escapeHtml(centre.addressLine)}<br>
${escapeHtml(t(language, 'mail.signature.phone', { phones: '\u0000' })).replace('\u0000', () => phones)}<br>
${escapeHtml(t(language, 'mail.signature.email', { email: '\u0000' })).replace('\u0000', () => link(`mailto:${centre.email}`, centre.email))}<br>
${escapeHtml(t(language, 'mail.signature.website', { url: '\u0000' })).replace('\u0000', () => link(homeUrl(config, language)))}${hours.join('')}
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
 * The closing paragraph that sends the reader to the portal: as text the address written out (`textKey` with
 * `{url}`), as HTML the portal's name as a link (`htmlKey` with `{portal}`); `values` are the catalogue's others.
 */
export function portalParagraph(
  language: Language,
  keys: { text: MessageKey; html: MessageKey },
  portal: string,
  values: Readonly<Record<string, ParagraphValue>> = {},
): Paragraph {
  const name = t(language, 'mail.portalName');
  return {
    text: t(language, keys.text, { ...values, url: portal }),
    html: paragraph(language, keys.html, { ...values, portal: name }, { html: { portal: link(portal, name) } }).html,
  };
}

/**
 * Every message is a letter: "Dear ...", its paragraphs, the team's sign-off and the signature, as text and as
 * HTML, in the language of the reader it goes to (a parent's saved preference; English by default).
 */
export function letter(
  recipient: string,
  paragraphs: Paragraph[],
  config: LinkConfig,
  language: Language = 'en',
): Pick<EmailContent, 'text' | 'html'> {
  // A name left blank greets the family ('Dear Parent,', 'Estimada familia:').
  const dear = (name: string) =>
    name.trim() ? t(language, 'mail.letter.dear', { name: name.trim() }) : t(language, 'mail.letter.dearParent');
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

/** A calendar day `YYYY-MM-DD` as a letter writes it in a line: 'Thu, Nov 19, 2026'; 'jue, 19 de nov de 2026'. */
export function shortDay(iso: string, language: Language): string {
  return intlFor(language).formatDate(new Date(`${iso}T12:00:00Z`), {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** A calendar day `YYYY-MM-DD` as people write it in a letter: 'January 4, 2027'; '4 de enero de 2027'. */
export function longDay(iso: string, language: Language): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return intlFor(language).formatDate(Date.UTC(y, m - 1, d), { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}
