/**
 * The catalogues (ADR 040): every key in both languages, the same ICU placeholders on both sides, and the
 * formatters in the right locale.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, intlFor, t } from '../../src/shared/i18n';
import { portalEn } from '../../src/shared/i18n/portal-en';
import { portalEs } from '../../src/shared/i18n/portal-es';
import { MILESTONES_ES, milestoneIn } from '../../src/shared/i18n/milestones-es';
import { MILESTONES } from '../../db/milestones';

function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) placeholders(o.value, into);
    if (el.type === TYPE.tag) placeholders(el.children, into);
  }
  return into;
}

describe('catalogues', () => {
  it('have the same keys in English and Spanish, both ways', () => {
    expect(Object.keys(CATALOGUES.es).sort()).toEqual(Object.keys(CATALOGUES.en).sort());
  });

  it('use the same placeholders in both languages, and every message parses', () => {
    for (const key of Object.keys(CATALOGUES.en) as (keyof typeof CATALOGUES.en)[]) {
      const en = [...placeholders(parse(CATALOGUES.en[key]))].sort();
      const es = [...placeholders(parse(CATALOGUES.es[key]))].sort();
      expect({ key, es }).toEqual({ key, es: en });
    }
  });

  it("the portal's catalogues (portal.*) have the same keys both ways and the same placeholders", () => {
    expect(Object.keys(portalEs).sort()).toEqual(Object.keys(portalEn).sort());
    for (const key of Object.keys(portalEn) as (keyof typeof portalEn)[]) {
      const en = [...placeholders(parse(portalEn[key]))].sort();
      const es = [...placeholders(parse(portalEs[key]))].sort();
      expect({ key, es }).toEqual({ key, es: en });
    }
  });

  it("Preferences: the messages' e-mails and the end-of-day report read apart, in both languages", () => {
    const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}-]{5,}/gu) ?? []);
    for (const [catalogue, message, day, mail] of [
      [portalEn, /\bmessages?\b/, /\bmeals\b.*\bnaps\b/, 'e-mail'],
      [portalEs, /\bmensajes?\b/, /\bcomidas\b.*\bsiestas\b/, 'correo'],
    ] as const) {
      // Every choice about messages says messages; the report says what of the child's day it holds.
      for (const key of ['portal.prefs.messageEmails', 'portal.prefs.each', 'portal.prefs.digest', 'portal.prefs.urgentOnly'] as const)
        expect(catalogue[key]).toMatch(message);
      expect(catalogue['portal.prefs.dailySummary']).toMatch(day);
      expect(catalogue['portal.prefs.dailySummary']).not.toMatch(message);
      // No word of the daily digest (summary, digest, resumen...) comes back in the report's label.
      const shared = [...words(catalogue['portal.prefs.digest'])].filter(
        (w) => w !== mail && words(catalogue['portal.prefs.dailySummary']).has(w),
      );
      expect(shared).toEqual([]);
    }
  });

  it('format in the language asked for', () => {
    expect(t('es', 'language.switch')).toBe('Idioma');
    expect(t('en', 'language.switch')).toBe('Language');
    expect(intlFor('es').formatNumber(1234.5, { style: 'currency', currency: 'USD' })).toMatch(/1[,.]?234[.,]50/);
    // The centre's wall clock: 03:30 UTC on 1 March is still 29 February... of 2024 in Columbus.
    expect(intlFor('es').formatDate(new Date('2024-03-01T03:30:00Z'), { day: 'numeric', month: 'long' })).toBe('29 de febrero');
    expect(intlFor('en').formatDate(new Date('2024-03-01T03:30:00Z'), { day: 'numeric', month: 'long' })).toBe('February 29');
  });
});

describe("the centre's milestones in Spanish", () => {
  it('every milestone the seed writes has a Spanish name and description under its key, and none is named that is gone', () => {
    const keys = MILESTONES.map((m) => m.key).sort();
    expect(Object.keys(MILESTONES_ES).sort()).toEqual(keys);
    for (const m of MILESTONES) {
      const es = MILESTONES_ES[m.key]!;
      expect(es.name.trim(), m.key).not.toBe('');
      expect(es.name, m.key).not.toBe(m.name);
      expect(es.description, m.key).not.toBe(m.description);
    }
    expect(new Set(Object.values(MILESTONES_ES).map((m) => m.name)).size).toBe(keys.length);
  });

  it('the seed gives each milestone a key of its own, in lower case with hyphens', () => {
    expect(new Set(MILESTONES.map((m) => m.key)).size).toBe(MILESTONES.length);
    for (const m of MILESTONES) expect(m.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('milestoneIn finds the Spanish by key, not by the English name, and keeps the stored words in English or for a milestone without one', () => {
    const m = { key: 'counts-to-ten', name: 'Counts to Ten', description: 'Counts aloud to ten.', id: 'x' };
    expect(milestoneIn('es', m)).toEqual({ ...m, name: 'Cuenta hasta diez', description: MILESTONES_ES['counts-to-ten']!.description });
    expect(milestoneIn('en', m)).toBe(m);
    // Reworded in English, the same milestone keeps its Spanish.
    const reworded = { ...m, name: 'Counts Aloud to Ten' };
    expect(milestoneIn('es', reworded).name).toBe('Cuenta hasta diez');
    // A name alone finds nothing: the key is what the catalogue is keyed by.
    const byNameOnly = { key: null, name: 'Counts to Ten', description: 'Counts aloud to ten.' };
    expect(milestoneIn('es', byNameOnly)).toBe(byNameOnly);
    const own = { key: 'rides-a-scooter', name: 'Rides a Scooter', description: 'Scoots.' };
    expect(milestoneIn('es', own)).toBe(own);
    // A key the catalogue's object would inherit is not a milestone.
    const odd = { key: 'constructor', name: 'Odd', description: 'Odd.' };
    expect(milestoneIn('es', odd)).toBe(odd);
  });
});
