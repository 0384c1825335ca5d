import type { ResetPasswordKey } from './reset-password-en';

/**
 * /es/parent-reset-password's words: the English page's in Spanish, written for the families who read
 * it, in the words the Spanish portal and e-mails already use (`portal.password.*`, `mail.reset.*`).
 */
export const resetPasswordEs: Record<ResetPasswordKey, string> = {
  'resetPassword.title': 'Elija una contraseña nueva',
  'resetPassword.checking': 'Revisando su enlace...',
  'resetPassword.intro':
    'Al menos {min} caracteres. Se cerrará su sesión en todos sus dispositivos y después podrá iniciar sesión con la contraseña nueva.',
  'resetPassword.hint': 'Al menos {min} caracteres; no use una contraseña común.',
  'resetPassword.newPassword': 'Contraseña nueva',
  'resetPassword.repeat': 'Repita la contraseña nueva',
  'resetPassword.mismatch': 'Las dos contraseñas no son iguales',
  'resetPassword.save': 'Guardar la contraseña nueva',
  'resetPassword.saving': 'Guardando...',
  'resetPassword.show': 'Mostrar contraseña',
  'resetPassword.hide': 'Ocultar contraseña',
  'resetPassword.notChanged': 'No se cambió la contraseña',
  'resetPassword.tryAgain': 'Inténtelo de nuevo.',
  'resetPassword.notChecked': 'No pudimos revisar este enlace. Vuelva a abrir el enlace del correo electrónico.',
  'resetPassword.goToSignIn': 'Ir a iniciar sesión',
  'resetPassword.incomplete':
    'Este enlace está incompleto. Vuelva a abrir el enlace del correo electrónico o pida uno nuevo en la página para iniciar sesión.',
  'resetPassword.otherRefusal': 'No pudimos completar su solicitud. Inténtelo de nuevo en un momento o llame a la oficina.',
};
