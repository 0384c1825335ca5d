import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTRE_PROFILE } from '../../src/shared/centre';
import { AREAS } from '../../src/shared/i18n';

/**
 * The centre's facts are its profile's (ADR 090), never a catalogue's words: a message names the centre, its city,
 * state, phone or address through a placeholder (`{name}`, `{city}`, `{state}`, `{phone}`, `{area}`) that the page,
 * letter or PDF fills from the profile. A catalogue that wrote the shipped centre's facts would show them to every
 * other centre too.
 */
const p = DEFAULT_CENTRE_PROFILE;
const FACTS = [
  p.name,
  p.shortName,
  p.address.street,
  p.address.city,
  p.address.zip,
  p.phone,
  p.secondPhone!,
  p.email,
  // Its area code, as an example number would carry it: "(614) 555-0100".
  `(${p.phone.replace(/\D/g, '').slice(0, 3)})`,
];

const messages = Object.entries(AREAS).flatMap(([area, languages]) =>
  Object.entries(languages).flatMap(([language, catalogue]) =>
    Object.entries(catalogue as Record<string, string>).map(([key, text]) => ({ where: `${area}/${language} ${key}`, text })),
  ),
);

describe("the catalogues name the centre only by its profile's placeholders", () => {
  it('holds no fact of the shipped centre: name, city, street, ZIP, phones, area code or e-mail', () => {
    const found = messages.flatMap(({ where, text }) => FACTS.filter((fact) => text.includes(fact)).map((fact) => `${where}: ${fact}`));
    expect(found).toEqual([]);
  });

  it('would find one (the guard itself)', () => {
    const sample = 'Childcare in Columbus, Ohio · call (614) 555-0100';
    expect(FACTS.filter((fact) => sample.includes(fact))).toEqual(['Columbus', '(614)']);
  });
});
