/**
 * The words of the receipt and year-end statement PDFs (services/payment-pdf.ts) and of the family archive's
 * record PDF (exports/child-record-pdf.ts) in English, exactly as SPEC.md and the PDFs have always written them
 * (issue 33: a parent gets them in their saved language). Only the server draws PDFs, so these stay out of the
 * browser's catalogue (en.ts), as the e-mails' words do (mail-en.ts); shared/i18n/index.ts merges them for the server.
 * Numbers that are read, not counted (years, counts), are passed as strings so that no grouping is added.
 */
export const pdfEn = {
  'pdf.letterhead.phone': 'Phone {phone} | {email}',
  'pdf.letterhead.taxId': 'Provider Tax ID (EIN): {ein}',
  'pdf.footer': '{centre} - {address} - EIN {ein}',
  'pdf.page': 'Page {page} of {pages}',
  'pdf.issued': 'Issued {date}',
  'pdf.receipt.documentTitle': 'Payment Receipt {number}',
  'pdf.receipt.title': 'Payment Receipt',
  'pdf.receipt.reference': 'Receipt # {number}',
  'pdf.receipt.receiptNumber': 'Receipt Number',
  'pdf.receipt.paymentDate': 'Payment Date',
  'pdf.receipt.child': 'Child',
  'pdf.receipt.receivedFrom': 'Received From',
  'pdf.receipt.paymentType': 'Payment Type',
  'pdf.receipt.paymentMethod': 'Payment Method',
  'pdf.receipt.checkNumber': 'Check Number',
  'pdf.receipt.transactionId': 'Transaction ID',
  'pdf.receipt.periodCovered': 'Period Covered',
  'pdf.receipt.description': 'Description',
  'pdf.receipt.amountReceived': 'Amount Received (USD)',
  'pdf.receipt.acknowledgement':
    '{centre} acknowledges receipt of the payment above for child care services. Please keep this receipt for your records; ' +
    'the payments of each year are also listed on the year-end tax statement, which shows our provider tax ID for IRS Form 2441.',
  'pdf.type.tuition': 'Tuition',
  'pdf.type.registration': 'Registration',
  'pdf.type.activity_fee': 'Activity Fee',
  'pdf.type.late_fee': 'Late Fee',
  'pdf.type.other': 'Other',
  'pdf.method.cash': 'Cash',
  'pdf.method.check': 'Check',
  'pdf.method.credit_card': 'Credit Card',
  'pdf.method.bank_transfer': 'Bank Transfer',
  'pdf.method.other': 'Other',
  'pdf.statement.documentTitle': 'Year-End Tax Statement {year} - {parent}',
  'pdf.statement.title': 'Year-End Tax Statement {year}',
  'pdf.statement.subtitle': 'Child and dependent care payments',
  'pdf.statement.intro':
    'This statement lists the payments {centre} received in {year} for the care of the children named below. ' +
    'It gives the care provider information asked for on IRS Form 2441 (Child and Dependent Care Expenses) and may be used in place of Form W-10.',
  'pdf.statement.provider': 'Care Provider',
  'pdf.statement.name': 'Name',
  'pdf.statement.address': 'Address',
  'pdf.statement.taxpayerId': 'Taxpayer ID (EIN)',
  'pdf.statement.phone': 'Phone',
  'pdf.statement.parent': 'Parent / Guardian',
  'pdf.statement.email': 'E-mail',
  'pdf.statement.children': '{count, plural, one {Child} other {Children}}',
  'pdf.statement.taxYear': 'Tax Year',
  'pdf.statement.yearSpan': 'January 1 - December 31, {year}',
  'pdf.statement.payments': 'Payments Received in {year}',
  'pdf.statement.column.date': 'Date',
  'pdf.statement.column.receipt': 'Receipt #',
  'pdf.statement.column.child': 'Child',
  'pdf.statement.column.description': 'Description',
  'pdf.statement.column.amount': 'Amount',
  'pdf.statement.total': 'Total paid in {year}',
  'pdf.statement.count': '{count, plural, one {{n} payment.} other {{n} payments.}} Amounts in US dollars.',
  'pdf.statement.uncounted': 'Entries whose amount is not a number are listed but not counted in the total.',
  'pdf.statement.certification': 'Provider Certification',
  'pdf.statement.certify':
    "I certify that {centre} provided care for the children named above and received the payments listed in {year}, totalling {total}, and that the provider's name, address and taxpayer identification number above are correct.",
  'pdf.statement.signature': 'Signature of provider (authorized representative)',
  'pdf.statement.signatureDate': 'Date',
  'pdf.statement.printedName': 'Printed name and title',
} as const;

export type PdfKey = keyof typeof pdfEn;
