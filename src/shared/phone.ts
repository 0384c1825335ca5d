/**
 * A phone number as the centre writes it: "(614) 555-0123" for a ten-digit North American number (with or
 * without a leading 1), and as it was typed for anything else (an extension, an international number).
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10 || /[^\d\s().+-]/.test(value)) return value;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

/** The number for a `tel:` link: its digits and a leading +. */
export function telHref(value: string): string {
  return `tel:${value.replace(/[^\d+]/g, '')}`;
}

/**
 * The area code of a ten-digit North American number ('614' for "(614) 555-0142"), or '555' for anything else: a
 * phone field's example number ("(614) 555-0100") is written in the centre's own area code.
 */
export function areaCode(value: string): string {
  const digits = value.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? ten.slice(0, 3) : '555';
}
