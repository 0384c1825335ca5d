/**
 * The letters whose paragraphs came from three helpers before they were one (services/mail-layout.ts `paragraph`), each
 * in both languages, with values that need escaping: mail-paragraph.test.ts checks each is written exactly as
 * before (mail-paragraph-golden.json, written by the three helpers).
 */
import { documentRequestNoticeEmail, messageDigestEmail, newMessageNoticeEmail } from '../../src/server/communications/mail';
import { achievementEmail, weeklyReportEmail } from '../../src/server/development/development-mail';
import { applicationReceivedEmail, applicationStatusEmail } from '../../src/server/enrollment/application-mail';
import { parentCredentialsEmail, passwordResetEmail } from '../../src/server/parents/account-mail';
import { paymentReceiptEmail, taxStatementEmail } from '../../src/server/payments/payment-mail';
import { staffInvitationEmail, staffPasswordResetEmail } from '../../src/server/staff/account-mail';
import type { EmailContent } from '../../src/server/services/mail-layout';

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
    for (const reset of [false, true])
      out[`credentials.${language}.${reset}`] = parentCredentialsEmail(
        { parentName: reset ? '' : 'Ann <i>', childName: 'Mia & <Lu>', email: 'ann@example.com', password: 'p<&>w', reset },
        config,
        language,
      );
    out[`receipt.${language}`] = paymentReceiptEmail(
      {
        receiptNumber: 'R-2026-0001',
        parentName: 'Ann & Bo',
        childName: 'Mia <Lu>',
        amountText: '$1,234.50',
        paymentDateText: 'Nov 19, 2026',
      },
      config,
      language,
    );
    out[`statement.${language}`] = taxStatementEmail(
      { taxYear: '2026', parentName: 'Ann', totalText: '$9,000.00', paymentCount: 1 },
      config,
      language,
    );
    out[`weekly.${language}`] = weeklyReportEmail(
      {
        parentName: 'Ann & Bo',
        childName: 'Mia <Lu>',
        weekStartDate: '2026-11-16',
        weekEndDate: '2026-11-20',
        activities: [
          {
            activityDate: '2026-11-17',
            title: 'Blocks <b>',
            category: 'physical',
            description: 'Stacked & sorted',
            duration: 30,
            skillsPracticed: [],
          },
          {
            activityDate: '2026-11-18',
            title: 'Songs',
            category: 'unknown-kind',
            description: 'Sang',
            duration: null,
            skillsPracticed: [],
          },
        ],
        notes: [{ title: 'Sharing', category: 'social', content: 'Shared <toys>' }],
        skills: ['Counting', 'Colours & shapes'],
      },
      config,
      language,
    );
    out[`weekly.${language}.empty`] = weeklyReportEmail(
      { parentName: '', childName: 'Mia', weekStartDate: '2026-11-16', weekEndDate: '2026-11-20', activities: [], notes: [], skills: [] },
      config,
      language,
    );
  }
  out['staff.invitation'] = staffInvitationEmail({ name: 'Sam <S>', role: 'teacher', link: 'https://centre.example/invite#t=a&b' }, config);
  out['staff.invitation.noName'] = staffInvitationEmail({ name: ' ', role: 'director', link: 'https://centre.example/invite#t=c' }, config);
  out['staff.reset'] = staffPasswordResetEmail({ name: 'Sam', link: 'https://centre.example/staff-reset#t=a&b' }, config);
  for (const status of ['pending', 'approved', 'rejected', 'waitlist', 'more-info'] as const)
    out[`application.en.${status}`] = applicationStatusEmail({ ...family }, status, config);
  out['application.en.noFirstName'] = applicationStatusEmail({ ...family, parentFirstName: ' ' }, 'approved', config);
  out['application.en.otherProgram'] = applicationStatusEmail({ ...family, programRequested: 'after-school' }, 'pending', config);
  out['received.en'] = applicationReceivedEmail({ ...family, startDate: '2027-01-04' }, config);
  out['received.en.noFirstName'] = applicationReceivedEmail({ ...family, parentFirstName: '', startDate: '2027-01-04' }, config);
  for (const status of ['pending', 'approved', 'rejected', 'waitlist', 'more-info'] as const)
    out[`application.es.${status}`] = applicationStatusEmail({ ...family, language: 'es' }, status, config);
  out['received.es'] = applicationReceivedEmail({ ...family, language: 'es', startDate: '2027-01-04' }, config);
  out['received.es.noFirstName'] = applicationReceivedEmail(
    { ...family, parentFirstName: '', language: 'es', startDate: '2027-01-04' },
    config,
  );
  return out;
}
