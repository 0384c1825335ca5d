import { portalEn } from './portal-en';

/**
 * The English catalogue: every message of the Spanish-capable pages, e-mails and PDFs, as SPEC.md writes it.
 * Messages are ICU MessageFormat (FormatJS, ADR 040): `{count, plural, one {# child} other {# children}}`,
 * `{when, date, medium}`, `{amount, number, ::currency/USD}`. Keys are grouped by where they show, dot-separated.
 */
export const en = {
  ...portalEn,
  'language.en': 'English',
  'language.es': 'Español',
  'language.switch': 'Language',
  // ── E-mails to a parent, in their saved language (issue 33; server/services/*-mail.ts, mail-templates.ts) ──
  'mail.letter.dear': 'Dear {name},',
  'mail.letter.dearParent': 'Dear Parent,',
  'mail.letter.regards': 'Warm regards,',
  'mail.letter.team': 'The team at {centre}',
  'mail.signature.phone': 'Phone: {phones}',
  'mail.signature.email': 'E-mail: {email}',
  'mail.signature.website': 'Website: {url}',
  'mail.signature.hours': 'Monday - Friday: 7:30 AM - 5:30 PM',
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
  'documentType.medical_form': 'Medical Form',
  'documentType.immunization': 'Immunization Record',
  'documentType.emergency_contact': 'Emergency Contact Form',
  'documentType.photo_permission': 'Photo Permission',
  'documentType.other': 'Other',
} as const;

export type MessageKey = keyof typeof en;
