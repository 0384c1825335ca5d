import { z } from 'zod';

// zod compiles fast parsers with `new Function` unless told not to, and probes for it once: under this site's
// CSP (script-src 'self', no 'unsafe-eval') the probe is a CSP violation in every browser console. zod reads
// the setting when a schema is built, so this module is main.tsx's first import: before any shared schema.
z.config({ jitless: true });
