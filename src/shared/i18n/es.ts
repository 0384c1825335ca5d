import type { MessageKey } from './en';
import { portalEs } from './portal-es';

/**
 * The Spanish catalogue, written by a person who reads Spanish (never machine-translated placeholders). The type
 * makes a missing or extra key a build error; tests/unit/i18n-catalogues.test.ts checks the placeholders match.
 */
export const es = {
  ...portalEs,
  'language.en': 'English',
  'language.es': 'Español',
  'language.switch': 'Idioma',
  // ── E-mails to a parent, in their saved language (issue 33) ──
  'mail.letter.dear': 'Estimado/a {name}:',
  'mail.letter.dearParent': 'Estimada familia:',
  'mail.letter.regards': 'Un cordial saludo,',
  'mail.letter.team': 'El equipo de {centre}',
  'mail.signature.phone': 'Teléfono: {phones}',
  'mail.signature.email': 'Correo electrónico: {email}',
  'mail.signature.website': 'Sitio web: {url}',
  'mail.signature.hours': 'De lunes a viernes, de 7:30 a. m. a 5:30 p. m.',
  'mail.urgent': 'Urgente: {subject}',
  'mail.dueDate': '{day, date, long}',
  'mail.message.subject': 'Nuevo mensaje de {centre}',
  'mail.message.subjectAbout': 'Nuevo mensaje de {centre} sobre {child}',
  'mail.message.body': '{urgent, select, yes {Tiene un mensaje urgente nuevo de {centre}.} other {Tiene un mensaje nuevo de {centre}.}}',
  'mail.message.bodyAbout':
    '{urgent, select, yes {Tiene un mensaje urgente nuevo de {centre} sobre {child}.} other {Tiene un mensaje nuevo de {centre} sobre {child}.}}',
  'mail.message.portal': 'Para leerlo, inicie sesión en el Portal para Padres: {url}',
  'mail.request.subject': 'Documento solicitado: {title}',
  'mail.request.subjectFor': 'Documento solicitado para {child}: {title}',
  'mail.request.body': '{centre} le pide un documento: {title} ({type}).',
  'mail.request.bodyFor': '{centre} le pide un documento para {child}: {title} ({type}).',
  'mail.request.bodyDue': '{centre} le pide un documento: {title} ({type}), a más tardar el {due}.',
  'mail.request.bodyForDue': '{centre} le pide un documento para {child}: {title} ({type}), a más tardar el {due}.',
  'mail.request.portal': 'Para ver la solicitud y subir el documento, inicie sesión en el Portal para Padres: {url}',
  'mail.request.upload': 'Puede subir un PDF o tomar con su teléfono una foto del formulario en papel.',
  'mail.digest.subject': 'Sus mensajes de {centre} del {day, date, long}',
  'mail.digest.body': '{count, plural, one {Hoy tiene # mensaje nuevo de {centre}.} other {Hoy tiene # mensajes nuevos de {centre}.}}',
  'mail.digest.portal': 'Para leerlos, inicie sesión en el Portal para Padres: {url}',
  'mail.digest.preference':
    'Recibe un solo correo al día porque eligió un resumen diario. Puede cambiarlo en el Portal para Padres, en Preferencias.',
  'documentType.medical_form': 'Formulario médico',
  'documentType.immunization': 'Registro de vacunas',
  'documentType.emergency_contact': 'Formulario de contactos de emergencia',
  'documentType.photo_permission': 'Permiso para fotos',
  'documentType.other': 'Otro',
} as const satisfies Record<MessageKey, string>;
