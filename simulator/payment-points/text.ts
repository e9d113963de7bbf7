/** Text in which folding changes nothing but letter case. */
const ascii = /^[\x00-\x7f]*$/;

/**
 * Text comparison for filters and address search. Case folding goes through upper case so that
 * "STRASSE" equals "straße" (full case folding), and NFC first so that composed and decomposed
 * accents compare equal. Only fixed patterns are used: input never becomes a regular expression.
 */
export function foldCase(text: string): string {
  // ASCII needs neither (and most queries are ASCII): normalising goes through ICU, at some cost.
  if (ascii.test(text)) return text.toLowerCase();
  return text.normalize('NFC').toUpperCase().toLowerCase();
}

/** The words of a text, case-folded and without accents ("São Paulo" -> ["sao", "paulo"]). */
export function words(text: string): string[] {
  return foldCase(text.normalize('NFD').replace(/\p{M}/gu, ''))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Whether `phrase` occurs in `text` as consecutive whole words. */
export function containsPhrase(text: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let start = 0; start + phrase.length <= text.length; start++) {
    if (phrase.every((word, offset) => text[start + offset] === word)) return true;
  }
  return false;
}
