import { loggablePath, logger } from './logger';

/**
 * The access log: API calls at info, anything else (static files, pages) at debug. Paths only (query strings may
 * carry input), with an upload URL's token cut out; `kept` when the answer was sent from memory at the server's
 * door (services/kept-answers.ts). The line holds only these fields, so it skips the logger's redaction, which
 * costs more than the rest of a kept answer (a child logger without redact paths).
 */
const accessLog = logger.child({}, { redact: { paths: [] } });

export function logAccess(method: string, path: string, status: number, started: number, kept?: true): void {
  const line = { method, path: loggablePath(path), status, ms: Math.round(performance.now() - started), ...(kept ? { kept } : {}) };
  if (path.startsWith('/api/')) accessLog.info(line, 'request');
  else accessLog.debug(line, 'request');
}
