let list: Intl.ListFormat | undefined;

/** Children's names as a sentence says them: "Mia and Leo", "Ana, Mia, and Leo". */
export function namesInWords(names: string[]): string {
  list ??= new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });
  return list.format(names);
}
