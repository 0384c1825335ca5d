// zod keeps its one global setting on `globalThis.__zod_globalConfig` (zod/v4/core/core.js: created there if
// absent, and what `z.config()` writes to), so the setting is made here without importing zod at all: pages that
// build no schema (the public pages) do not load zod, not even its core (~4 KB compressed).
//
// zod compiles fast parsers with `new Function` unless told not to, and probes for it once: under this site's
// CSP (script-src 'self', no 'unsafe-eval') the probe is a CSP violation in every browser console. zod reads
// the setting when a schema is built, so this module is main.tsx's first import: before any shared schema.
// tests/e2e/csp.spec.ts fails if a zod upgrade stops reading it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
