/** A child's development, told to the parents in their language: the weekly report staff send, and a milestone reached. */
import { centre } from '../centre/profile';
import { CATALOGUES, type Language, type MessageKey, t } from '../../shared/i18n';
import {
  type EmailContent,
  escapeHtml,
  headerSafe,
  letter,
  link,
  type LinkConfig,
  type Paragraph,
  paragraph,
  plain,
  shortDay,
  signInUrl,
  portalParagraph,
} from '../services/mail-layout';

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

/** An activity's or a note's category in the reader's words (the record PDF's words); a value it does not know as stored. */
function categoryWord(language: Language, category: string): string {
  const key = `pdf.record.category.${category}`;
  return key in CATALOGUES[language] ? t(language, key as MessageKey) : category;
}

/** The weekly activity report staff send to a child's parents. Private notes never reach this function. */
export function weeklyReportEmail(data: WeeklyReportForEmail, config: LinkConfig, language: Language = 'en'): EmailContent {
  const range = t(language, 'mail.weekly.range', {
    start: shortDay(data.weekStartDate, language),
    end: shortDay(data.weekEndDate, language),
  });
  const activityLines = data.activities.map((a) => {
    const minutes = a.duration ? ` (${t(language, 'mail.weekly.minutes', { minutes: String(a.duration) })})` : '';
    return `- ${shortDay(a.activityDate, language)}: ${a.title} [${categoryWord(language, a.category)}]${minutes}. ${a.description}`;
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
    ...letter(data.parentName, paragraphs, config, language),
  };
}

/** A child achieved a milestone: the parents hear it from us first. */
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
    date: shortDay(data.achievedAt, language),
    child: data.childName,
    milestone: data.milestoneName,
    description: data.milestoneDescription,
  };
  return {
    subject: headerSafe(t(language, 'mail.achievement.subject', { child: data.childName, milestone: data.milestoneName })),
    ...letter(
      data.parentName,
      [
        {
          text: t(language, 'mail.achievement.news', news),
          html: paragraph(language, 'mail.achievement.newsHtml', news, { strong: ['milestone'] }).html,
        },
        ...(data.notes ? [plain(t(language, 'mail.achievement.notes', { notes: data.notes }))] : []),
        ...(data.witnessedBy ? [plain(t(language, 'mail.achievement.witnessed', { name: data.witnessedBy }))] : []),
        portalParagraph(language, { text: 'mail.achievement.portal', html: 'mail.achievement.portalHtml' }, portal, {
          child: data.childName,
        }),
      ],
      config,
      language,
    ),
  };
}
