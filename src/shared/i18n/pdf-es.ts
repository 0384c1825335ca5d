import type { PdfKey } from './pdf-en';

/**
 * The PDFs' words in Spanish, as pdf-en.ts (written by a person who reads Spanish). The statement is the
 * "estado de cuenta anual para impuestos", as the portal's Payments tab names it (portal-es.ts).
 */
export const pdfEs = {
  'pdf.letterhead.phone': 'Teléfono {phone} | {email}',
  'pdf.letterhead.taxId': 'Número de identificación fiscal del proveedor (EIN): {ein}',
  'pdf.footer': '{centre} - {address} - EIN {ein}',
  'pdf.page': 'Página {page} de {pages}',
  'pdf.issued': 'Fecha de emisión: {date}',
  'pdf.receipt.documentTitle': 'Recibo de pago {number}',
  'pdf.receipt.title': 'Recibo de pago',
  'pdf.receipt.reference': 'Recibo n.º {number}',
  'pdf.receipt.receiptNumber': 'Número de recibo',
  'pdf.receipt.paymentDate': 'Fecha de pago',
  'pdf.receipt.child': 'Niño o niña',
  'pdf.receipt.receivedFrom': 'Recibido de',
  'pdf.receipt.paymentType': 'Tipo de pago',
  'pdf.receipt.paymentMethod': 'Forma de pago',
  'pdf.receipt.checkNumber': 'Número de cheque',
  'pdf.receipt.transactionId': 'Número de transacción',
  'pdf.receipt.periodCovered': 'Período cubierto',
  'pdf.receipt.description': 'Descripción',
  'pdf.receipt.amountReceived': 'Monto recibido (USD)',
  'pdf.receipt.acknowledgement':
    '{centre} confirma que recibió el pago indicado arriba por servicios de cuidado infantil. Conserve este recibo para sus archivos; ' +
    'los pagos de cada año también aparecen en el estado de cuenta anual para impuestos, que indica nuestro número de identificación ' +
    'fiscal como proveedor para el formulario 2441 del IRS.',
  'pdf.type.tuition': 'Colegiatura',
  'pdf.type.registration': 'Inscripción',
  'pdf.type.activity_fee': 'Cuota de actividades',
  'pdf.type.late_fee': 'Recargo por retraso',
  'pdf.type.other': 'Otro',
  'pdf.method.cash': 'Efectivo',
  'pdf.method.check': 'Cheque',
  'pdf.method.credit_card': 'Tarjeta de crédito',
  'pdf.method.bank_transfer': 'Transferencia bancaria',
  'pdf.method.other': 'Otro',
  'pdf.statement.documentTitle': 'Estado de cuenta anual para impuestos {year} - {parent}',
  'pdf.statement.title': 'Estado de cuenta anual para impuestos {year}',
  'pdf.statement.subtitle': 'Pagos por el cuidado de hijos y dependientes',
  'pdf.statement.intro':
    'Este estado de cuenta detalla los pagos que {centre} recibió en {year} por el cuidado de los niños nombrados abajo. ' +
    'Contiene los datos del proveedor de cuidado que pide el formulario 2441 del IRS (Gastos del cuidado de hijos y dependientes) ' +
    'y puede usarse en lugar del formulario W-10.',
  'pdf.statement.provider': 'Proveedor de cuidado',
  'pdf.statement.name': 'Nombre',
  'pdf.statement.address': 'Dirección',
  'pdf.statement.taxpayerId': 'Identificación fiscal (EIN)',
  'pdf.statement.phone': 'Teléfono',
  'pdf.statement.parent': 'Padre, madre o tutor',
  'pdf.statement.email': 'Correo electrónico',
  'pdf.statement.children': '{count, plural, one {Niño o niña} other {Niños}}',
  'pdf.statement.taxYear': 'Año fiscal',
  'pdf.statement.yearSpan': 'Del 1 de enero al 31 de diciembre de {year}',
  'pdf.statement.payments': 'Pagos recibidos en {year}',
  'pdf.statement.column.date': 'Fecha',
  'pdf.statement.column.receipt': 'Recibo n.º',
  'pdf.statement.column.child': 'Niño o niña',
  'pdf.statement.column.description': 'Descripción',
  'pdf.statement.column.amount': 'Monto',
  'pdf.statement.total': 'Total pagado en {year}',
  'pdf.statement.count': '{count, plural, one {{n} pago.} other {{n} pagos.}} Montos en dólares estadounidenses.',
  'pdf.statement.uncounted': 'Las entradas cuyo monto no es un número aparecen en la lista, pero no se suman al total.',
  'pdf.statement.certification': 'Certificación del proveedor',
  'pdf.statement.certify':
    'Certifico que {centre} prestó servicios de cuidado a los niños nombrados arriba y recibió los pagos detallados en {year}, ' +
    'por un total de {total}, y que el nombre, la dirección y el número de identificación fiscal del proveedor que figuran arriba son correctos.',
  'pdf.statement.signature': 'Firma del proveedor (representante autorizado)',
  'pdf.statement.signatureDate': 'Fecha',
  'pdf.statement.printedName': 'Nombre en letra de molde y cargo',
} as const satisfies Record<PdfKey, string>;
