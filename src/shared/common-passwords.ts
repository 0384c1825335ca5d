import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The ~49,000 most common passwords of the leaked-password corpora that zxcvbn-ts ships (a kept package, not a
 * list of our own). Built on first use: the set costs a few MB, so only code that checks a password pays.
 */
let common: Set<string> | null = null;
function commonSet(): Set<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

/**
 * A password an attacker tries early: in the list (any case), a listed word with digits or symbols around it
 * ("Password2024!"), or one short piece repeated ("abcabcabcabc", "aaaaaaaaaaaa").
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const set = commonSet();
  if (set.has(lower)) return true;
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  if (core.length >= 4 && set.has(core)) return true;
  return /^(.{1,4})\1+$/s.test(lower);
}
