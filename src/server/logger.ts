import pino from 'pino';

export const logger = pino({
  // Tests (vitest, and Playwright workers which set TEST_WORKER_INDEX) run quietly unless LOG_LEVEL says otherwise.
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' || process.env.VITEST || process.env.TEST_WORKER_INDEX ? 'silent' : 'info'),
});
export type Logger = typeof logger;
