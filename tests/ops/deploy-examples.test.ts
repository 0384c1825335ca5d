import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../src/server/config';
import { startNodeFlags } from '../../scripts/start-flags';

/**
 * docs/operations.md's "Many centres on one host" (ADR 091): the Caddyfile, the systemd template unit and the centres'
 * env files in deploy/ are what the document shows, name only variables the configuration reads, load as valid
 * configurations, and agree with each other: each host name proxies to its centre's PORT, each centre has its own
 * port, database, uploads and address, and the unit starts the server with npm start's node flags.
 */
const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const match = /^([A-Z_]+)=(.*)$/.exec(line);
    if (!match) throw new Error(`not a VARIABLE=value line: ${line}`);
    env[match[1]!] = match[2]!;
  }
  return env;
}

/** Caddy's site blocks: host name → the upstream port of its reverse_proxy. */
function caddySites(text: string): Map<string, number> {
  const sites = new Map<string, number>();
  for (const block of text.matchAll(/^([a-z0-9.-]+)\s*\{([^}]*)\}/gm)) {
    const upstream = /reverse_proxy\s+127\.0\.0\.1:(\d+)/.exec(block[2]!);
    if (!upstream) throw new Error(`${block[1]} has no reverse_proxy to this machine`);
    sites.set(block[1]!, Number(upstream[1]));
  }
  return sites;
}

const centres = readdirSync(join(root, 'deploy/centres'))
  .filter((f) => f.endsWith('.env'))
  .map((f) => ({ name: f.replace(/\.env$/, ''), env: parseEnv(read(`deploy/centres/${f}`)) }));

describe('deploy examples', () => {
  it('each centre names only variables the server reads, and loads as a valid configuration', () => {
    expect(centres.length).toBeGreaterThanOrEqual(2);
    for (const { env } of centres) {
      for (const key of Object.keys(env)) expect(CONFIG_VARIABLES).toContain(key);
      for (const key of ['PORT', 'DATABASE_PATH', 'UPLOADS_DIR', 'PUBLIC_URL']) expect(env[key]).toBeTruthy();
      const config = loadConfig(env);
      expect(config.secureCookies).toBe(true);
      expect(config.trustProxy.length).toBeGreaterThan(0);
    }
  });

  it('no two centres share a port, a database, an uploads folder or an address', () => {
    for (const key of ['PORT', 'DATABASE_PATH', 'UPLOADS_DIR', 'PUBLIC_URL']) {
      const values = centres.map((c) => c.env[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
    const privateDirs = centres.map((c) => loadConfig(c.env).privateDir);
    expect(new Set(privateDirs).size).toBe(privateDirs.length);
  });

  it("the Caddyfile sends each centre's host name to its own PORT", () => {
    const sites = caddySites(read('deploy/Caddyfile'));
    expect(sites.size).toBe(centres.length);
    for (const { env } of centres) {
      const host = new URL(env.PUBLIC_URL!).hostname;
      expect(sites.get(host), host).toBe(Number(env.PORT));
    }
  });

  it("the systemd template reads the instance's env file and starts the server as npm start does", () => {
    const unit = read('deploy/childcare@.service');
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/childcare\/%i\.env$/m);
    const exec = /^ExecStart=(\S+)\s+(.*)$/m.exec(unit)!;
    expect(exec[1]).toMatch(/\/node$/);
    expect(exec[2]!.split(/\s+/)).toEqual([...startNodeFlags(), 'dist/server/index.js']);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    // Each instance writes only its own folder, which holds its database and uploads.
    const writable = /^ReadWritePaths=(.*)$/m.exec(unit)![1]!;
    for (const { name, env } of centres) {
      const folder = writable.replace('%i', name);
      expect(env.DATABASE_PATH!.startsWith(`${folder}/`)).toBe(true);
      expect(env.UPLOADS_DIR!.startsWith(`${folder}/`)).toBe(true);
    }
  });

  it('docs/operations.md shows the files as they are', () => {
    const doc = read('docs/operations.md');
    for (const file of ['deploy/Caddyfile', 'deploy/childcare@.service', 'deploy/centres/littlebuckeyes.env']) {
      expect(doc).toContain(`\`${file}\``);
      expect(doc).toContain(read(file));
    }
  });
});
