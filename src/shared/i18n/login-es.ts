import type { LoginKey } from './login-en';

/** /es/parent-login's words (ADR 052): login-en.ts in Spanish, written for the families who read it. */
export const loginEs: Record<LoginKey, string> = {
  'login.title': 'Portal para padres',
  'login.lead': 'Siga el día, el desarrollo y los logros de su hijo.',
  'login.signIn': 'Iniciar sesión',
  'login.failed': 'No se pudo iniciar sesión',
  'login.email': 'Correo electrónico',
  'login.password': 'Contraseña',
  'login.showPassword': 'Mostrar contraseña',
  'login.hidePassword': 'Ocultar contraseña',
  'login.forgot': '¿Olvidó su contraseña?',
  'login.help': '¿Necesita ayuda para iniciar sesión? Llame a la oficina al',
  'login.newParent': '¿Es nuevo en el centro?',
  'login.newParentText': 'El centro le da su acceso al Portal para padres cuando inscribe a su hijo.',
  'login.resetLabel': 'Restablecer su contraseña',
  'login.resetIntro': 'Escriba su correo electrónico y le enviaremos un enlace para elegir una contraseña nueva.',
  'login.resetEmail': 'Su correo electrónico',
  'login.resetSend': 'Enviar el enlace',
  'login.signingIn': 'Iniciando sesión...',
  'login.sending': 'Enviando...',
  'login.welcome': '¡Hola de nuevo!',
  'login.welcomeText': '¡Hola, {name}! Así le va a su hijo.',
  'login.parent': 'familia',
  'login.requestFailed': 'No se pudo enviar la solicitud',
  'login.loginFailed': 'No se pudo iniciar sesión',
  'login.tryAgain': 'Inténtelo de nuevo.',
  'login.toast.region': 'Notificaciones',
  'login.toast.close': 'Cerrar',
  'login.notice.sessionEnded': 'Su sesión terminó. Vuelva a iniciar sesión.',
  'login.notice.passwordChanged': 'Su contraseña se cambió. Inicie sesión con su contraseña nueva.',
  'login.meta.title': 'Portal para padres',
  'login.meta.description':
    'Familias de {centre}: inicien sesión para seguir el día, el desarrollo y los logros de su hijo, escribir al centro y ver sus pagos.',
  'login.resetRequested':
    'Si existe una cuenta del Portal para padres con ese correo electrónico, le enviamos un enlace para elegir una contraseña nueva. El enlace sirve una sola vez y durante una hora.',
};
