import { describe, expect, it } from 'vitest';
import { NETWORK_MESSAGE, plainErrorMessage, SERVER_MESSAGE } from '../../src/client/lib/plain-error';

const FALLBACK = 'Please check your information and try again.';

describe('plainErrorMessage', () => {
  it("shows the server's own sentence when it refused the request on purpose", () => {
    expect(plainErrorMessage({ message: 'ZIP code must be at least 5 characters', data: { httpStatus: 400 } }, FALLBACK)).toBe(
      'ZIP code must be at least 5 characters',
    );
    expect(
      plainErrorMessage(
        { message: 'Too many applications from this address. Please try again later.', data: { httpStatus: 429 } },
        FALLBACK,
      ),
    ).toContain('Too many');
  });

  it('falls back to the plain sentence when a 4xx carries no words or machine text', () => {
    expect(plainErrorMessage({ message: '', data: { httpStatus: 400 } }, FALLBACK)).toBe(FALLBACK);
    expect(plainErrorMessage({ message: '[{"code":"too_small","path":["parentZip"]}]', data: { httpStatus: 400 } }, FALLBACK)).toBe(
      FALLBACK,
    );
    expect(plainErrorMessage({ message: '400: Bad Request', data: { httpStatus: 400 } }, FALLBACK)).toBe(FALLBACK);
  });

  it('never shows a server failure as it is', () => {
    expect(plainErrorMessage({ message: 'SqliteError: database is locked', data: { httpStatus: 500 } }, FALLBACK)).toBe(SERVER_MESSAGE);
    expect(plainErrorMessage({ message: 'Internal server error', data: { httpStatus: 503 } }, FALLBACK)).toBe(SERVER_MESSAGE);
  });

  it('says the network failed when no answer came back (or it could not be read)', () => {
    expect(plainErrorMessage({ message: 'Failed to fetch' }, FALLBACK)).toBe(NETWORK_MESSAGE);
    expect(plainErrorMessage({ message: 'Unexpected token < in JSON at position 0' }, FALLBACK)).toBe(NETWORK_MESSAGE);
    expect(plainErrorMessage(new TypeError('Load failed'), FALLBACK)).toBe(NETWORK_MESSAGE);
    expect(plainErrorMessage(undefined, FALLBACK)).toBe(NETWORK_MESSAGE);
  });
});
