// zod/v4/core's `config` is the one `z.config` re-exports (one global setting), without pulling the whole of
// zod into the first chunk: pages that build no schema (the home page) do not load zod at all.
import { config } from 'zod/v4/core';

// zod compiles fast parsers with `new Function` unless told not to, and probes for it once: under this site's
// CSP (script-src 'self', no 'unsafe-eval') the probe is a CSP violation in every browser console. zod reads
// the setting when a schema is built, so this module is main.tsx's first import: before any shared schema.
config({ jitless: true });
