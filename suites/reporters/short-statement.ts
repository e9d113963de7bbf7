/**
 * A requirement's statement, short enough to title a finding or name a difference on one line: its
 * first clause (up to the first colon, semicolon or sentence end past a few words), cut at a word before
 * `SHORT_STATEMENT` characters with an ellipsis when that clause alone is longer. A title is always words
 * of the catalogue, never a value a failure message carried: the values go below it.
 */
export function shortStatement(statement: string): string {
  const text = statement.replace(/\s+/g, ' ').trim();
  let clause = text;
  for (const end of text.matchAll(CLAUSE_END)) {
    if (end.index >= MIN_CLAUSE) {
      clause = text.slice(0, end.index);
      break;
    }
  }
  if (clause.length <= SHORT_STATEMENT) return clause;
  const cut = clause.lastIndexOf(' ', SHORT_STATEMENT - 1);
  return `${clause.slice(0, cut > MIN_CLAUSE ? cut : SHORT_STATEMENT - 1).replace(/[\s,;:(]+$/, '')}…`;
}

/** The longest short statement, ellipsis included. */
export const SHORT_STATEMENT = 150;

/**
 * A clause ends at ": " or "; ", or at a full stop before the next sentence. One shorter than this is
 * no clause of its own ("A request without an Authorization: Bearer header…" goes on past its colon).
 */
const MIN_CLAUSE = 40;
const CLAUSE_END = /:\s|;\s|\.\s+(?=[A-Z(])|\.$/g;
