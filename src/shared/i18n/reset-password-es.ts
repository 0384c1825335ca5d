import type { ResetPasswordWords } from './reset-password';

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
  refusals: {
    // server/parents/passwords.ts RESET_LINK_INVALID: the link was used, has expired, or was never one.
    'This reset link is invalid, was already used or has expired. Please ask for a new one.':
      'Este enlace para elegir una contraseña nueva no es válido, ya se usó o ya venció. Pida uno nuevo.',
    // shared/schemas/password-policy.ts: the token, and the new password's rules.
    'This reset link is invalid or has expired': 'Este enlace para elegir una contraseña nueva no es válido o ya venció.',
    'Please choose a password of at least 10 characters': 'Elija una contraseña de al menos 10 caracteres',
    'This password is too common. Please choose another one.': 'Esa contraseña es demasiado común. Por favor, elija otra.',
    'Password is too long': 'La contraseña es demasiado larga',
    // server/services/rate-limit.ts's general refusal.
    'Too many attempts. Please try again later.': 'Demasiados intentos. Inténtelo de nuevo más tarde.',
  },
  otherRefusal: 'No pudimos completar su solicitud. Inténtelo de nuevo en un momento o llame a la oficina.',
};
