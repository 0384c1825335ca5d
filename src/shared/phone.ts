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
