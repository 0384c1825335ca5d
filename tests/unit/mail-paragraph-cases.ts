/**
 * The letters whose paragraphs came from three helpers before they were one (mail-templates.ts `paragraph`), each
 * in both languages, with values that need escaping: mail-paragraph.test.ts checks each is written exactly as
 * before (mail-paragraph-golden.json, written by the three helpers).
 */
import { spanishApplicationReceivedEmail, spanishApplicationStatusEmail } from '../../src/server/services/application-mail-es';
import { documentRequestNoticeEmail, messageDigestEmail, newMessageNoticeEmail } from '../../src/server/communications/mail';
import { achievementEmail, passwordResetEmail } from '../../src/server/services/mail-templates';
import type { EmailContent } from '../../src/server/services/mail-templates';

const config = { publicUrl: 'https://centre.example' };
const family = {
  parentFirstName: 'Ana <b>&',
  parentLastName: "O'Brien",
  childFirstName: 'Léa "Lu"',
  childLastName: 'Ruiz & Co',
  programRequested: 'preschool',
};

export function mailCases(): Record<string, EmailContent> {
  const out: Record<string, EmailContent> = {};
  for (const language of ['en', 'es'] as const) {
    out[`reset.${language}`] = passwordResetEmail(
      { firstName: 'Ann <i>', link: 'https://centre.example/reset#token=a&b' },
      config,
      language,
    );
    out[`achievement.${language}`] = achievementEmail(
      {
        parentName: 'Ann & Bo',
        childName: 'Mia <script>',
        milestoneName: 'Stacks "blocks"',
        milestoneDescription: 'Stacks 3 blocks & more <br>',
        achievedAt: '2026-11-19',
        notes: 'Proud & happy',
        witnessedBy: "O'Neil",
      },
      config,
      language,
    );
    for (const childName of ['Mia & <Lu>', null])
      for (const isUrgent of [true, false]) {
        out[`message.${language}.${childName ? 'child' : 'none'}.${isUrgent}`] = newMessageNoticeEmail(
          { parentName: 'Ann <x>', childName, isUrgent },
          config,
          language,
        );
        out[`request.${language}.${childName ? 'child' : 'none'}.${isUrgent}`] = documentRequestNoticeEmail(
          {
            parentName: 'Ann',
            childName,
            documentType: 'immunization',
            title: 'Shots & <records>',
            dueDate: isUrgent ? '2026-12-01' : null,
            isUrgent,
          },
          config,
          language,
        );
      }
    out[`digest.${language}`] = messageDigestEmail({ parentName: 'Ann "A"', day: '2026-11-20', count: 3 }, config, language);
  }
  for (const status of ['pending', 'approved', 'rejected', 'waitlist', 'more-info'] as const)
    out[`application.es.${status}`] = spanishApplicationStatusEmail({ ...family, language: 'es' }, status, config);
  out['received.es'] = spanishApplicationReceivedEmail({ ...family, language: 'es', startDate: '2027-01-04' }, config);
  return out;
}
