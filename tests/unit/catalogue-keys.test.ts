/**
 * The catalogue as one system (ADR 070): every area speaks both languages unless it is declared English-only, no
 * key lives in two areas, and every key is used somewhere in src/.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/shared/i18n';

/** The areas with no Spanish, on purpose: the staff screens and the staff's own e-mails (ADR 070). */
const ENGLISH_ONLY: readonly string[] = ['staff'];

/**
 * Keys src/ builds from pieces that this test cannot see as one string, by prefix. A key is used when src/ holds it
 * whole in quotes, or holds a quoted prefix of it ending in a dot (`\`portal.payType.${method}\``, `'enrollment.error.'`);
 * what is left is here, each with why. Empty since the sign-in page's script names its words by key (ADR 069).
 */
const BUILT_ELSEWHERE: readonly { prefix: string; why: string }[] = [];

const SRC = resolve(import.meta.dirname, '../../src');

function sources(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, into);
    else if (/\.tsx?$/.test(name)) into.push(path);
  }
  return into;
}

/** Every source file but the catalogues themselves (en.ts, es.ts, <area>-en.ts, <area>-es.ts). */
const code = sources(SRC)
  .filter((path) => !/shared\/i18n\/([\w-]+-)?(en|es)\.ts$/.test(path))
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');

/** The quoted prefixes ending in a dot that src/ builds keys from. */
const prefixes = new Set([...code.matchAll(/[`'"]([a-zA-Z]+(?:\.[\w-]+)*\.)(?=\$\{|[`'"])/g)].map((m) => m[1]!));

const quoted = (key: string) => ["'", '"', '`'].some((q) => code.includes(`${q}${key}${q}`));
const builtElsewhere = (key: string) => BUILT_ELSEWHERE.some(({ prefix }) => key.startsWith(prefix));

describe('the catalogue', () => {
  it('has, in every area, the same keys in English and Spanish, except the declared English-only areas', () => {
    const withoutSpanish = Object.entries(AREAS)
      .filter(([, area]) => !('es' in area))
      .map(([name]) => name);
    expect(withoutSpanish).toEqual(ENGLISH_ONLY);
    for (const [name, area] of Object.entries(AREAS)) {
      if (!('es' in area)) continue;
      const en = Object.keys(area.en).sort();
      const es = Object.keys(area.es).sort();
      expect({
        area: name,
        missingInSpanish: en.filter((k) => !es.includes(k)),
        missingInEnglish: es.filter((k) => !en.includes(k)),
      }).toEqual({
        area: name,
        missingInSpanish: [],
        missingInEnglish: [],
      });
    }
  });

  it('holds each key in one area only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, area] of Object.entries(AREAS))
      for (const key of Object.keys(area.en)) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)}, ${name})`);
        seen.set(key, name);
      }
    expect(twice).toEqual([]);
  });

  it('uses every key somewhere in src/ (keys built from pieces by a prefix, or in the small explained list)', () => {
    const unused = Object.values(AREAS)
      .flatMap((area) => Object.keys(area.en))
      .filter((key) => !quoted(key) && ![...prefixes].some((p) => key.startsWith(p)) && !builtElsewhere(key));
    expect(unused).toEqual([]);
  });

  it('keeps its list of keys built elsewhere honest: every entry still names keys of the catalogue', () => {
    const keys = Object.values(AREAS).flatMap((area) => Object.keys(area.en));
    for (const { prefix } of BUILT_ELSEWHERE)
      expect({ prefix, names: keys.some((k) => k.startsWith(prefix)) }).toEqual({ prefix, names: true });
  });
});
