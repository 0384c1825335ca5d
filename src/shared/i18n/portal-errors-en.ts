/**
 * What the shared schemas and the server say when they refuse a parent's request (ADR 047), in English
 * exactly as they write it (the product's words): the keys by which a Spanish parent reads the same refusal in
 * Spanish (portal-errors-es.ts; the mapping is shared/i18n/field-messages.ts, as on /es/enrollment). A
 * `{placeholder}` stands for the figure or name the message carries. Kept apart from portal-en.ts: a parent who
 * reads English never needs these, so the portal's first load does not carry them (portal-errors.ts).
 * tests/unit/portal-errors.test.ts checks each one against the schema or constant that says it.
 */
export const portalErrorsEn = {
  // The shared schemas' messages (shared/schemas/*).
  'portal.error.subjectRequired': 'Subject is required',
  'portal.error.messageRequired': 'Message is required',
  'portal.error.tooLong': 'Must be at most {max} characters',
  'portal.error.invisible': 'Please remove invisible or control characters',
  'portal.error.uploadFirst': 'Please upload a file first',
  'portal.error.documentNameRequired': 'Document name is required',
  'portal.error.passwordRequired': 'Password is required',
  'portal.error.passwordTooLong': 'Password is too long',
  'portal.error.passwordTooShort': 'Please choose a password of at least {min} characters',
  'portal.error.passwordTooCommon': 'This password is too common. Please choose another one.',
  'portal.error.idRequired': 'An id is required',
  'portal.error.unknownId': 'Unknown id',
  'portal.error.chooseChild': 'Please select a child',
  'portal.error.nameRequired': 'Name is required',
  'portal.error.relationshipRequired': 'Relationship is required',
  'portal.error.phone': 'Please enter a valid phone number',
  'portal.error.pickupFields': 'Only name, relationship and phone can be set',
  'portal.error.chooseLanguage': 'Please choose a language: en or es',
  'portal.error.chooseMessageEmails': 'Please choose how messages are e-mailed: each, digest or urgent_only',
  'portal.error.dailySummary': 'dailySummary must be true or false',
  'portal.error.preferenceFields': 'Only language, messageEmails and dailySummary can be changed',
  'portal.error.noPreference': 'Please send a preference to change',
  'portal.error.pageLimitNumber': 'The page size (limit) must be a number',
  'portal.error.pageLimitWhole': 'The page size (limit) must be a whole number',
  'portal.error.pageLimitMin': 'The page size (limit) must be at least 1',
  'portal.error.pageLimitMax': 'The page size (limit) must be at most {max}',
  'portal.error.pageCursor': 'The page cursor is not valid',
  'portal.error.notAnObject': 'The request body must be a JSON object',
  'portal.error.unreadable': 'The request could not be read. Please send valid JSON.',
  'portal.error.invalidJson': 'The request body must be valid JSON',
  // The server's refusals (server/*): sign-in, a record of another family (404), conflicts, limits, files.
  'portal.error.signIn': 'Please sign in',
  'portal.error.parentsOnly': 'Parents only',
  'portal.error.signInToUpload': 'Please sign in to upload a document',
  'portal.error.currentPasswordWrong': 'The current password is not correct',
  'portal.error.childNotFound': 'Child not found',
  'portal.error.messageNotFound': 'Message not found',
  'portal.error.requestNotFound': 'Document request not found',
  'portal.error.documentNotFound': 'Document not found',
  'portal.error.receiptNotFound': 'Receipt not found',
  'portal.error.photoNotFound': 'Photo not found',
  'portal.error.pickupNotFound': 'Pickup not found',
  'portal.error.notFound': 'Not found',
  'portal.error.alreadyAnswered': 'This request has already been answered.',
  'portal.error.pickupsMax': 'A child can have at most {max} authorized pickups',
  'portal.error.slowDown': 'You are doing that too often. Please wait a few minutes and try again.',
  'portal.error.busy': 'Many downloads are being prepared right now. Please try again in a minute.',
  'portal.error.tooManyAttempts': 'Too many attempts. Please try again later.',
  'portal.error.fileType': 'Only PDF, JPEG, PNG or HEIC files can be uploaded.',
  'portal.error.fileTooLarge': 'The file is too large. The limit is 10 MB.',
  'portal.error.requestTooLarge': 'The request is too large',
  'portal.error.uploadQuota':
    'You have {count} uploaded files (or 50 MB) that are not submitted yet. Please submit them with your answer, or try again tomorrow.',
  'portal.error.uploadExpired': 'This upload link has expired. Please choose the file again.',
  'portal.error.uploadInvalid': 'This upload link is not valid. Please choose the file again.',
  'portal.error.uploadUsed': 'This upload link has already been used. Please choose the file again.',
  'portal.error.chooseFile': 'Please choose a file to upload.',
  'portal.error.uploadInterrupted': 'The upload was interrupted. Please try again.',
  'portal.error.fileEmpty': 'The file is empty. Please choose another file.',
  'portal.error.alreadySubmitted': 'This file was already submitted. Please upload the file again.',
  'portal.error.uploadBeforeSubmit': 'Please upload the file first, then submit it.',
  'portal.error.noPaymentsInYear': 'No payments were recorded for you in {year}.',
  'portal.error.taxYear': 'Please choose a tax year from {first} to {last}.',
  'portal.error.rangeMax': 'Please ask for at most {days} days at a time',
  'portal.error.server': 'Something went wrong on our side. Please try again.',
  // What the server says when it was glad to (a toast's description).
  'portal.error.passwordChanged': 'Your password has been changed. You were signed out on your other devices.',
  // Said instead of a refusal the catalogue does not know: never English to a parent who reads Spanish.
  'portal.error.other': 'Your request could not be completed. Please check it and try again.',
} as const;

export type PortalErrorKey = keyof typeof portalErrorsEn;
