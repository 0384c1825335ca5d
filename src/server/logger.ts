import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/**
 * What a log line may never hold, wherever it appears in a logged object (up to two levels down, as errors
 * and request records nest them): passwords, session, reset and upload tokens, cookies and Authorization
 * headers, SMTP credentials, and a child's medical details. Access lines carry the method, a path with any
 * token cut out, the status and the time — never a body or a query string.
 */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'tokenHash',
  'uploadURL',
  'authorization',
  'cookie',
  'set-cookie',
  'smtpUrl',
  'allergies',
  'medications',
  'medicalConditions',
  'pediatricianName',
  'pediatricianPhone',
  'specialInstructions',
];
export const REDACT_PATHS = SECRET_KEYS.flatMap((k) => (/^\w+$/.test(k) ? [k, `*.${k}`, `*.*.${k}`] : [`*["${k}"]`, `*.*["${k}"]`]));

/** The app's logger; `destination` lets a test capture what it writes. */
export function createLogger(destination?: DestinationStream, level?: string) {
  const options: LoggerOptions = {
    // Tests (vitest, and Playwright workers which set TEST_WORKER_INDEX) run quietly unless LOG_LEVEL says otherwise.
    level:
      level ??
      process.env.LOG_LEVEL ??
      (process.env.NODE_ENV === 'test' || process.env.VITEST || process.env.TEST_WORKER_INDEX ? 'silent' : 'info'),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();
export type Logger = typeof logger;

/** A request path as it may be logged: the signed upload URL's token (a credential for one upload) cut out. */
export function loggablePath(path: string): string {
  return path.replace(/^(\/api\/objects\/upload\/)[^/]+/, '$1[token]');
}
