/**
 * The timeline's words through the portal's catalogue: English exactly as before, and Spanish
 * for a Spanish-speaking parent (the server's words; the portal's formatter reads the same catalogue).
 */
import { describe, expect, it } from 'vitest';
import { timelineWords } from '../../src/server/daily/words';
import type { TimelineBody } from '../../src/shared/timeline';
import { ENGLISH_WORDS } from '../../src/shared/timeline-english';
import { describeItem } from '../../src/shared/timeline-text';

const items: TimelineBody[] = [
  { kind: 'meal', details: { meal: 'lunch', amount: 'most', food: 'Pasta' } },
  { kind: 'meal', details: { meal: 'am_snack', amount: 'none', food: '' } },
  { kind: 'nap', details: { start: new Date('2026-11-20T17:30:00Z'), end: new Date('2026-11-20T19:00:00Z') } },
  { kind: 'diaper', details: { type: 'bm' } },
  { kind: 'toilet', details: { result: 'attempt' } },
  { kind: 'bottle', details: { ounces: 4.5 } },
  { kind: 'check_in', details: { by: 'Anna Alvarez', override: false } },
  { kind: 'check_out', details: { by: 'Sam Stranger', override: true } },
];

const sp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ').replace(/([ap])\.\s?m\./g, '$1. m.'); // ICU versions write 'p. m.' or 'p.m.'

describe('describeItem', () => {
  it('in English, as the Today tab has always read', () => {
    expect(items.map((i) => describeItem(i, ENGLISH_WORDS)).map((d) => sp(`${d.title} | ${d.detail}`))).toEqual([
      'Lunch | Ate most: Pasta',
      'AM snack | Ate none',
      'Nap | 12:30 PM to 2:00 PM (1 h 30 min)',
      'Diaper | BM',
      'Toilet | Tried',
      'Bottle | 4.5 oz',
      'Checked in | Checked in by Anna Alvarez',
      'Checked out | Checked out by Sam Stranger (override recorded by staff)',
    ]);
  });

  it('in Spanish', () => {
    const es = timelineWords('es');
    expect(items.map((i) => describeItem(i, es)).map((d) => sp(`${d.title} | ${d.detail}`))).toEqual([
      'Almuerzo | Comió casi todo: Pasta',
      'Merienda de la mañana | No comió nada',
      'Siesta | De 12:30 p. m. a 2:00 p. m. (1 h 30 min)',
      'Pañal | Sucio',
      'Baño | Lo intentó',
      'Biberón | 4.5 oz',
      'Llegada | Llegó con Anna Alvarez',
      'Salida | Salió con Sam Stranger (excepción autorizada por el personal)',
    ]);
  });
});
