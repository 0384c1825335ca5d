import { createContext } from 'react';

/**
 * True inside the parent portal while it is offline (components/parent/OfflineBanner.tsx, ADR 051): a `Button`
 * below it that sends (a submit, or `needsNetwork`) is disabled. Nothing else provides it: elsewhere it is false.
 */
export const SendingPaused = createContext(false);
