import { loggablePath, logger } from './logger';

/**
 * The access log: API calls at info, anything else (static files, pages) at debug. Paths only (query strings may
 * carry input), with an upload URL's token cut out; `cached` when the response cache answered it. The line holds only these fields, so it skips the logger's
 * redaction, which costs more than the rest of a cached answer (a child logger without redact paths).
 */
const accessLog = logger.child({}, { redact: { paths: [] } });

export function logAccess(method: string, path: string, status: number, started: number, cached = false): void {
  const line = { method, path: loggablePath(path), status, ms: Math.round(performance.now() - started), ...(cached ? { cached } : {}) };
  if (path.startsWith('/api/')) accessLog.info(line, 'request');
  else accessLog.debug(line, 'request');
}
