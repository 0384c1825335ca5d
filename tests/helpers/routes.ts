import { createApp } from '../../src/server/app';
import { systemClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { appRouter } from '../../src/server/routers/_app';

export interface ApiRoute {
  method: string;
  path: string;
}

/** Every documented REST route the app registers under /api (tRPC excluded), as Hono lists them. */
export function listApiRoutes(): ApiRoute[] {
  // Listing routes needs no database or mailer: the app is built, never served.
  const app = createApp(
    { db: null as never, mailer: null as never, clock: systemClock, config: loadConfig({ DATABASE_PATH: ':memory:' }) },
    { clientDir: '/nonexistent' },
  );
  return [
    ...new Map(
      app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.startsWith('/api/trpc'))
        .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
    ).values(),
  ];
}

/** Every tRPC procedure: its dotted path and whether it is a query or a mutation. */
export function listProcedures(): { path: string; type: string }[] {
  // At run time tRPC v11 keeps a flat record keyed by dotted path.
  const all = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  return Object.entries(all).map(([path, p]) => ({ path, type: p._def.type }));
}
