import { describe, expect, it } from 'vitest';
import { typedBeforeHydration } from '../../src/client/lib/use-schema-form';

/** A form's `elements` as the browser gives them: fields by name (a text field, a textarea, a select...). */
function form(fields: Record<string, object>) {
  return { elements: { namedItem: (name: string) => fields[name] ?? null } } as unknown as Pick<HTMLFormElement, 'elements'>;
}

describe('typedBeforeHydration: what a server-drawn form holds that its state does not', () => {
  it('is null when every field shows what the state holds (a form React drew itself)', () => {
    expect(
      typedBeforeHydration(form({ email: { type: 'email', value: '' }, password: { type: 'password', value: '' } }), {
        email: '',
        password: '',
      }),
    ).toBeNull();
  });

  it('gives the text fields, text areas and selects whose value differs', () => {
    const f = form({
      email: { type: 'email', value: 'pat@example.com' },
      allergies: { type: 'textarea', value: 'Peanuts' },
      parentState: { type: 'select-one', value: 'OH' },
      city: { type: 'text', value: 'Columbus' },
    });
    expect(typedBeforeHydration(f, { email: '', allergies: '', parentState: 'OH', city: 'Columbus' })).toEqual({
      email: 'pat@example.com',
      allergies: 'Peanuts',
    });
  });

  it('takes a field emptied before React had it', () => {
    expect(typedBeforeHydration(form({ city: { type: 'text', value: '' } }), { city: 'Columbus' })).toEqual({ city: '' });
  });

  it('leaves alone keys without a field, keys that are not strings, checkboxes, hidden fields and groups of one name', () => {
    const f = form({
      agree: { type: 'checkbox', value: 'on' },
      token: { type: 'hidden', value: 'x' },
      // A RadioNodeList (several fields named alike) has a value but no type.
      program: { value: 'infant' },
      count: { type: 'number', value: '3' },
    });
    expect(typedBeforeHydration(f, { agree: '', token: '', program: '', count: 2, missing: '' })).toBeNull();
  });
});
