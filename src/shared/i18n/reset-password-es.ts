import { errorsEs } from './errors-es';
import { RESET_PAGE_REFUSALS, type ResetPasswordWords } from './reset-password';

/**
 * /es/parent-reset-password's words: the English page's in Spanish, written for the families who read
 * it, in the words the Spanish portal and e-mails already use (`portal.password.*`, `mail.reset.*`).
 */
export const resetPasswordEs: ResetPasswordWords = {
  language: 'es',
  title: 'Elija una contraseña nueva',
  checking: 'Revisando su enlace...',
  intro: 'Al menos 10 caracteres. Se cerrará su sesión en todos sus dispositivos y después podrá iniciar sesión con la contraseña nueva.',
  hint: 'Al menos 10 caracteres; no use una contraseña común.',
  newPassword: 'Contraseña nueva',
  repeat: 'Repita la contraseña nueva',
  mismatch: 'Las dos contraseñas no son iguales',
  save: 'Guardar la contraseña nueva',
  saving: 'Guardando...',
  show: 'Mostrar contraseña',
  hide: 'Ocultar contraseña',
  notChanged: 'No se cambió la contraseña',
  tryAgain: 'Inténtelo de nuevo.',
  notChecked: 'No pudimos revisar este enlace. Vuelva a abrir el enlace del correo electrónico.',
  goToSignIn: 'Ir a iniciar sesión',
  incomplete:
    'Este enlace está incompleto. Vuelva a abrir el enlace del correo electrónico o pida uno nuevo en la página para iniciar sesión.',
  refusals: Object.fromEntries(RESET_PAGE_REFUSALS.map((id) => [id, errorsEs[id]])),
  otherRefusal: 'No pudimos completar su solicitud. Inténtelo de nuevo en un momento o llame a la oficina.',
};
