import { isIP } from 'node:net';
import { z } from 'zod';
import { centre } from './centre/profile';
import { staffPasswordField } from '../shared/schemas/password-policy';
import { englishOfMessage } from './refusal';

const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must be false, true (a proxy on this machine), or the proxy addresses, such as 10.0.0.5 or 10.0.0.5,10.0.0.6';
const LOOPBACK = ['127.0.0.1', '::1'];

/** `false` → nobody; `true` → a proxy on this machine (loopback); otherwise a comma-separated list of IP addresses. */
function parseTrustProxy(value: string | undefined): string[] | null {
  if (value === undefined || value === 'false' || value === '0') return [];
  if (value === 'true' || value === '1') return LOOPBACK;
  const list = value.split(',').map((a) => normalizeAddress(a.trim()));
  return list.length > 0 && list.every((a) => isIP(a) !== 0) ? list : null;
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
export function normalizeAddress(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase();
}

/** The private folder beside a database file (`private/` in its folder). */
export function privateDirOf(databasePath: string): string {
  return databasePath === ':memory:' ? 'db/private' : `${databasePath.replace(/[^/]*$/, '') || './'}private`;
}

/** Configuration from the environment (README.md "Configuration"), validated once at start. */
const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'PORT must be a whole number between 0 and 65535' })
      .int('PORT must be a whole number between 0 and 65535')
      .min(0, 'PORT must be a whole number between 0 and 65535')
      .max(65535, 'PORT must be a whole number between 0 and 65535')
      .default(3000),
    DATABASE_PATH: z.string().min(1, 'DATABASE_PATH must not be empty').default('db/app.sqlite'),
    UPLOADS_DIR: z.string().min(1, 'UPLOADS_DIR must not be empty').default('uploads'),
    PUBLIC_URL: z
      .url({ error: 'PUBLIC_URL must be an absolute http(s) URL such as https://centre.example' })
      .refine((v) => /^https?:\/\//.test(v), 'PUBLIC_URL must start with http:// or https://')
      .optional(),
    SMTP_URL: z
      .url({ error: 'SMTP_URL must be a URL such as smtp://user:pass@mail.example:587' })
      .refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3, 'MAIL_FROM must be an address such as "Centre <office@centre.example>"').optional(),
    CENTRE_EMAIL: z.email({ error: 'CENTRE_EMAIL must be a valid e-mail address' }).optional(),
    ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL must be a valid e-mail address' }).optional(),
    ADMIN_PASSWORD: staffPasswordField().optional(),
    ADMIN_NAME: z.string().min(1).max(100).optional(),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ error: 'SHUTDOWN_GRACE_SECONDS must be a number of seconds between 0 and 600' })
      .min(0, 'SHUTDOWN_GRACE_SECONDS must be a number of seconds between 0 and 600')
      .max(600, 'SHUTDOWN_GRACE_SECONDS must be a number of seconds between 0 and 600')
      .default(10),
    TRUST_PROXY: z
      .string()
      .refine((v) => parseTrustProxy(v) !== null, TRUST_PROXY_MESSAGE)
      .optional(),
    CACHE_BUDGET_MB: z.coerce
      .number({ error: 'CACHE_BUDGET_MB must be a whole number of megabytes between 1 and 4096' })
      .int('CACHE_BUDGET_MB must be a whole number of megabytes between 1 and 4096')
      .min(1, 'CACHE_BUDGET_MB must be a whole number of megabytes between 1 and 4096')
      .max(4096, 'CACHE_BUDGET_MB must be a whole number of megabytes between 1 and 4096')
      .default(32),
    WARM_PAGES: z.enum(['true', 'false'], { error: 'WARM_PAGES must be true or false' }).default('false'),
  })
  .refine((e) => !e.ADMIN_EMAIL === !e.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export interface Config {
  port: number;
  databasePath: string;
  uploadsDir: string;
  /** Directory for files that must never be public (parents' documents, the e-mail outbox). */
  privateDir: string;
  publicUrl: string;
  secureCookies: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** The centre's own inbox: a short notice (never private content) for each new application, parent message and upload. */
  centreEmail: string;
  admin: { email: string; password: string; name: string } | null;
  /**
   * The reverse proxies' addresses (TLS termination). A request whose socket peer is one of them is counted
   * by the last X-Forwarded-For entry; from any other peer the header is ignored. Empty: no proxy.
   */
  trustProxy: string[];
  /** At SIGTERM/SIGINT, how long requests in flight may take to finish before their connections are cut. */
  shutdownGraceMs: number;
  /** The bytes the response cache and the data memo may hold together (ADR 017). */
  cacheBudgetBytes: number;
  /** Whether the public pages are rendered at start (ADR 074); off by default, for one centre's idle memory (ADR 098). */
  warmPages: boolean;
}

/** Every variable the configuration reads (deploy/ examples are checked against it: tests/ops/deploy-examples.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = [...Object.keys(envSchema.shape), 'LOG_LEVEL', 'NODE_ENV'];

export class ConfigError extends Error {}

/** A name as an address's display name: quoted when it holds a character a bare name may not (RFC 5322). */
function displayName(name: string): string {
  return /[()<>[\]:;@\\,."]/.test(name) ? `"${name.replace(/["\\]/g, '')}"` : name;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Blank variables count as unset, so `FOO=` in a service file does not trip validation.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${englishOfMessage(i.message)}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, '');
  const databasePath = e.DATABASE_PATH;
  return {
    port: e.PORT,
    databasePath,
    uploadsDir: e.UPLOADS_DIR,
    privateDir: privateDirOf(databasePath),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL ?? null,
    // Read when a message is sent: without MAIL_FROM and CENTRE_EMAIL they follow the centre's profile (ADR 090).
    get mailFrom() {
      return e.MAIL_FROM ?? `${displayName(centre.name)} <no-reply@${new URL(publicUrl).hostname}>`;
    },
    get centreEmail() {
      return (e.CENTRE_EMAIL ?? centre.email).toLowerCase();
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? [],
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    cacheBudgetBytes: e.CACHE_BUDGET_MB * 1024 * 1024,
    warmPages: e.WARM_PAGES === 'true',
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME ?? 'Centre Director' }
        : null,
  };
}
