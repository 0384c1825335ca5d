/**
 * The e-mails' words in English: to a parent in their saved language (the letters beside their domain,
 * src/server/<domain>/*-mail.ts, over services/mail-layout.ts) and about an enrollment application (applicationMail.*).
 * Only the server sends e-mail, so these stay out of the browser's catalogues (ADR 070).
 */
export const mailEn = {
  'mail.letter.dear': 'Dear {name},',
  'mail.letter.dearParent': 'Dear Parent,',
  'mail.letter.regards': 'Warm regards,',
  'mail.letter.team': 'The team at {centre}',
  'mail.signature.phone': 'Phone: {phones}',
  'mail.signature.email': 'E-mail: {email}',
  'mail.signature.website': 'Website: {url}',
  // The opening hours, from the centre's profile: each run of days with the same hours, joined as a list.
  'mail.signature.hoursRange': '{first} - {last}: {opens} - {closes}',
  'mail.signature.hoursDay':
    '{day, select, monday {Monday} tuesday {Tuesday} wednesday {Wednesday} thursday {Thursday} friday {Friday} saturday {Saturday} other {Sunday}}: {opens} - {closes}',
  'mail.signature.weekday':
    '{day, select, monday {Monday} tuesday {Tuesday} wednesday {Wednesday} thursday {Thursday} friday {Friday} saturday {Saturday} other {Sunday}}',
  'mail.signature.time': '{hour}:{minute} {half, select, am {AM} other {PM}}',
  'mail.urgent': 'Urgent: {subject}',
  'mail.dueDate': '{day, date, long}',
  'mail.message.subject': 'New message from {centre}',
  'mail.message.subjectAbout': 'New message from {centre} about {child}',
  'mail.message.body': '{urgent, select, yes {You have a new urgent message from {centre}.} other {You have a new message from {centre}.}}',
  'mail.message.bodyAbout':
    '{urgent, select, yes {You have a new urgent message from {centre} about {child}.} other {You have a new message from {centre} about {child}.}}',
  'mail.message.portal': 'Please sign in to the Parent Portal to read it: {url}',
  'mail.request.subject': 'Document requested: {title}',
  'mail.request.subjectFor': 'Document requested for {child}: {title}',
  'mail.request.body': '{centre} asks you for a document: {title} ({type}).',
  'mail.request.bodyFor': '{centre} asks you for a document for {child}: {title} ({type}).',
  'mail.request.bodyDue': '{centre} asks you for a document: {title} ({type}), due by {due}.',
  'mail.request.bodyForDue': '{centre} asks you for a document for {child}: {title} ({type}), due by {due}.',
  'mail.request.portal': 'Please sign in to the Parent Portal to see the request and upload the document: {url}',
  'mail.request.upload': 'You can upload a PDF or take a photo of a paper form with your phone.',
  'mail.digest.subject': 'Your messages from {centre} for {day, date, long}',
  'mail.digest.body':
    '{count, plural, one {You have # new message from {centre} today.} other {You have # new messages from {centre} today.}}',
  'mail.digest.portal': 'Please sign in to the Parent Portal to read them: {url}',
  'mail.digest.preference':
    'You get one e-mail a day because you chose a daily digest. You can change this in the Parent Portal, under Preferences.',
  'mail.summary.subject': "{child}'s day at {centre}: {date}",
  'mail.summary.intro': "Here is {child}'s day at {centre}, {date}.",
  'mail.summary.line': '{time}: {title}. {detail}',
  'mail.summary.portal': 'Parent Portal',
  'mail.summary.photos': '{count, plural, one {A photo of the day is} other {# photos of the day are}} waiting in the {portal}',
  'mail.summary.optOut': 'You receive this summary because you chose it in the {portal}; you can turn it off there',
  'mail.receipt.subject': 'Payment receipt {number} from {centre}',
  'mail.receipt.thanks': 'Thank you for your payment of {amount} on {date} for {child}.',
  'mail.receipt.attached':
    'Your receipt {number} is attached as a PDF. Please keep it for your records. You can also download your receipts from the Parent Portal.',
  'mail.statement.subject': 'Your {year} year-end tax statement from {centre}',
  'mail.statement.attached':
    'Attached is your year-end statement of child care payments for {year}: {count, plural, one {# payment} other {# payments}}, {total} in total.',
  'mail.statement.ein':
    'It shows our name, address and taxpayer identification number (EIN {ein}), which you need for the Child and Dependent Care Credit (IRS Form 2441); it may be used in place of Form W-10. Please give it to your tax preparer.',
  'applicationMail.status.pending': 'Pending',
  'applicationMail.status.approved': 'Approved',
  'applicationMail.status.rejected': 'Rejected',
  'applicationMail.status.waitlist': 'Waitlist',
  'applicationMail.status.more-info': 'More Info Needed',
  'applicationMail.statusSubject': 'Enrollment application for {child}: {status}',
  'applicationMail.statusNow': 'The status of the enrollment application for {child} ({program}) is now: {status}.',
  'applicationMail.approved1': 'Good news: the application for {child} has been approved.',
  'applicationMail.approved2':
    'We will call you within 24 hours to schedule a facility tour and to complete the enrollment paperwork. You are welcome to call us sooner at {phone}.',
  'applicationMail.rejected1':
    'Thank you for your interest in our centre. We are sorry that we are unable to offer {child} a place at this time.',
  'applicationMail.rejected2': 'If your plans change or you have any questions, please call us at {phone}.',
  'applicationMail.waitlist1': 'The application for {child} has been placed on our waitlist.',
  'applicationMail.waitlist2':
    'We will contact you as soon as a place opens in the program you asked for. Please let us know if your plans change.',
  'applicationMail.moreInfo1': 'We need a little more information to continue reviewing the application for {child}.',
  'applicationMail.moreInfo2': 'Please call us at {phone} or e-mail {email} at your earliest convenience.',
  'applicationMail.pending1': 'The application for {child} is being reviewed. We will be in touch soon.',
  'applicationMail.learnMore': 'Learn more about our programs: {url}',
  'applicationMail.receivedSubject': 'We received the enrollment application for {child}',
  'applicationMail.receivedThanks': 'Thank you for applying to {name}. We have received the enrollment application for {child}.',
  'applicationMail.child': 'Child: {child}',
  'applicationMail.program': 'Program: {program}',
  'applicationMail.start': 'Desired start date: {date}',
  'applicationMail.next':
    'What happens next: we will call you within 24 hours to discuss next steps, schedule a facility tour, and help you complete the enrollment paperwork.',
  'applicationMail.wrong':
    'If any of the details above is wrong, or you have a question, please call us at {phone} or {otherPhone}, or e-mail {email}.',
  'mail.credentials.subject': 'Your Parent Portal login for {centre}',
  'mail.credentials.welcome':
    "Welcome to {centre}! An account has been created for you on our Parent Portal, where you can follow {child}'s activities, development notes and milestones, and exchange messages and documents with us.",
  'mail.credentials.reset':
    "Your Parent Portal password has been reset. Your previous password no longer works, and you have been signed out on every device. Please sign in with the new password below to follow {child}'s activities, development notes and milestones.",
  'mail.credentials.signIn': 'Sign in at:',
  'mail.credentials.email': 'E-mail:',
  'mail.credentials.password': 'Password:',
  'mail.credentials.private':
    'Please keep this password private. If you did not expect this message, or you think someone else has seen it, call us and we will help.',
  'mail.reset.subject': 'Choose a new Parent Portal password for {centre}',
  'mail.reset.asked': 'Someone (we hope you) asked to choose a new password for your Parent Portal account.',
  'mail.reset.link': 'Choose a new password here: {link}',
  'mail.reset.linkLabel': 'Choose a new password',
  'mail.reset.once':
    'The link works once, within one hour. If you did not ask for it, you can ignore this message: your password stays as it is.',
  'mail.weekly.subject': "{child}'s weekly report: {range}",
  'mail.weekly.range': '{start} to {end}',
  'mail.weekly.intro': "Here is {child}'s week at {centre}, {range}.",
  'mail.weekly.activities': 'Activities ({count})',
  'mail.weekly.minutes': '{minutes} minutes',
  'mail.weekly.noActivities': 'No activities were recorded this week.',
  'mail.weekly.notes': 'Development notes ({count})',
  'mail.weekly.noNotes': 'No development notes were written this week.',
  'mail.weekly.skills': 'Skills practiced:',
  'mail.weekly.noSkills': 'No skills were recorded this week.',
  'mail.weekly.portal': 'See every activity and note in the Parent Portal: {url}',
  'mail.weekly.portalHtml': 'See every activity and note in the {portal}.',
  'mail.achievement.subject': '{child} reached a milestone: {milestone}',
  'mail.achievement.news': 'Wonderful news: on {date}, {child} achieved the milestone "{milestone}" ({description}).',
  'mail.achievement.newsHtml': 'Wonderful news: on {date}, {child} achieved the milestone {milestone} ({description}).',
  'mail.achievement.notes': 'Our notes: {notes}',
  'mail.achievement.witnessed': 'Witnessed by {name}.',
  'mail.achievement.portal': "See all of {child}'s milestones in the Parent Portal: {url}",
  'mail.achievement.portalHtml': "See all of {child}'s milestones in the {portal}.",
  'mail.portalName': 'Parent Portal',
  // An incident report (ADR 093): no description in the letter, only in the portal.
  'mail.incident.subject': 'Incident report for {child}: {kind}',
  'mail.incident.news':
    'We wrote an incident report for {child} today: {kind}, on {date} at {time}. A member of our staff will also tell you about it at pickup.',
  'mail.incident.portal': 'Please read the report in the Parent Portal and sign it there to say you have received it: {url}',
  'mail.incident.portalHtml': 'Please read the report in the {portal} and sign it there to say you have received it.',
  'mail.incident.kind.injury': 'an injury',
  'mail.incident.kind.illness': 'an illness',
  'mail.incident.kind.head-bump': 'a bump or blow to the head',
  'mail.incident.kind.emergency-transport': 'emergency transport',
  'mail.incident.kind.unusual-event': 'an unusual event',
  'mail.invoice.subject': 'Invoice {number} from {centre}',
  'mail.invoice.issued': 'Your invoice {number} for {period} is ready: {total}, due by {due}.',
  'mail.invoice.attached': 'The invoice is attached as a PDF. You can also see your invoices and balance in the Parent Portal.',
  // A medication request the director returned (medication/mail.ts): the reason stays in the portal.
  'mail.medicationReturned.subject': 'Medication request for {child} returned',
  'mail.medicationReturned.news':
    '{centre} returned the medication request for {child} that was signed on {date}. It has not been approved, so staff cannot give this medication yet.',
  'mail.medicationReturned.portal': 'Please read the reason in the Parent Portal, under Health, and send a corrected request there: {url}',
  'mail.medicationReturned.portalHtml': 'Please read the reason in the {portal}, under Health, and send a corrected request there.',
  // The weekly e-mail of what is due for the family's children (compliance/due-mail.ts).
  'mail.due.subject': '{centre}: records due for your family this week',
  'mail.due.intro':
    '{count, plural, one {One record for your child needs your attention:} other {# records for your children need your attention:}}',
  'mail.due.line': '{child}: {item}, {status} (due {date})',
  'mail.due.lineNoDate': '{child}: {item}, {status}',
  'mail.due.portal': 'Please sign in to the Parent Portal, where you can hand in what is missing: {url}',
  'mail.due.portalHtml': 'Please sign in to the {portal}, where you can hand in what is missing.',
  'mail.due.item.enrollment-record': 'enrollment record',
  'mail.due.item.medical-statement': 'medical statement',
  'mail.due.item.immunizations': 'immunization record',
  'mail.due.item.care-plan': 'care plan',
  'mail.due.item.annual-review': 'yearly review of the record',
  'mail.due.item.medication-authorization': 'medication authorization',
  'mail.due.item.incident-acknowledgement': 'incident report to sign',
  'mail.due.status.due-soon': 'due soon',
  'mail.due.status.overdue': 'overdue',
  'mail.due.status.missing': 'missing',
  'mail.invoiceReminder.subject': 'Invoice {number} from {centre} is past due',
  'mail.invoiceReminder.body':
    'Invoice {number} was due on {due}. The balance still open is {balance}. If you have paid it in the last few days, thank you, and please ignore this reminder.',
  'mail.invoiceReminder.portal': 'You can see your invoices, payments and balance in the Parent Portal, under Payments: {url}',
} as const;

export type MailKey = keyof typeof mailEn;
