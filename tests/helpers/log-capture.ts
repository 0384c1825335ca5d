import { Writable } from 'node:stream';
import type * as LoggerModule from '../../src/server/logger';

/** Every line the app logged in this test file, when its logger is mocked with `capturingLogger`. */
export const capturedLines: string[] = [];

/**
 * The logger module with its logger writing into `capturedLines` at `level`:
 *   vi.mock('../../src/server/logger', async (original) => (await import('../helpers/log-capture')).capturingLogger(original, 'info'));
 */
export async function capturingLogger(importOriginal: () => Promise<typeof LoggerModule>, level: string): Promise<typeof LoggerModule> {
  const actual = await importOriginal();
  const sink = new Writable({
    write(chunk, _enc, done) {
      capturedLines.push(String(chunk));
      done();
    },
  });
  return { ...actual, logger: actual.createLogger(sink, level) };
}
