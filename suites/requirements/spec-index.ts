import { readFileSync } from 'node:fs';
import { readKitYaml } from '../kit-layout.ts';

/**
 * The index of the specification's testable statements (spec-index.yaml): for each, where it is in the spec
 * and what covers it. Read by the coverage test and by the requirements document.
 */

export interface SpecStatement {
  line: number;
  /** Last line of a table block; `line` for a single line. */
  to: number;
  quote: string;
  requirements: string[];
  /** What is left unchecked by the specification layer. */
  partly: string | null;
  /** The spec leaves the rule open: only the reference profile covers it. */
  open: string | null;
  not_testable: string | null;
}

export type Coverage = 'covered' | 'partly' | 'open' | 'not testable';

export function coverageOf(statement: SpecStatement): Coverage {
  if (statement.not_testable !== null) return 'not testable';
  if (statement.open !== null) return 'open';
  return statement.partly !== null ? 'partly' : 'covered';
}

/** The spec's text, line by line (index 0 is line 1): the verbatim copy the catalogue cites. */
export function specLines(): string[] {
  return readFileSync(new URL('./dss-api-spec-1.0.0.md', import.meta.url), 'utf8').split('\n');
}

export function loadSpecIndex(): SpecStatement[] {
  const document = readKitYaml(new URL('./spec-index.yaml', import.meta.url)) as { statements?: unknown };
  if (!Array.isArray(document.statements)) throw new Error('spec-index.yaml: statements must be a list');
  return document.statements.map((entry: Record<string, unknown>, index: number) => {
    const text = (key: string) => (typeof entry[key] === 'string' ? (entry[key] as string) : null);
    if (typeof entry.line !== 'number' || typeof entry.quote !== 'string' || !Array.isArray(entry.requirements)) {
      throw new Error(`spec-index.yaml: statements[${index}] needs line, quote and requirements`);
    }
    return {
      line: entry.line,
      to: typeof entry.to === 'number' ? entry.to : entry.line,
      quote: entry.quote,
      requirements: entry.requirements.map(String),
      partly: text('partly'),
      open: text('open'),
      not_testable: text('not_testable'),
    };
  });
}

/** Whitespace as one space: quotes may span the line breaks of docs/semantics.md. */
export function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A status an endpoint's table lists that no client can provoke, with the index's reason. */
export interface NotProvokable {
  /** Family and path as the spec's table writes them, e.g. `member POST /sign/message`. */
  family: 'tokenizer' | 'member';
  method: string;
  path: string;
  status: number;
  reason: string;
}

/**
 * The listed statuses of the Endpoints tables that the index marks not testable: what a report's endpoint ×
 * status table shows as "not provokable" rather than as never exercised. The endpoint is read from the
 * statement's table row, the status is the last one its quote names.
 */
export function notProvokableStatuses(
  index: readonly SpecStatement[] = loadSpecIndex(),
  lines: readonly string[] = specLines(),
): NotProvokable[] {
  const found: NotProvokable[] = [];
  for (const statement of index) {
    if (statement.not_testable === null) continue;
    const row = lines[statement.line - 1] ?? '';
    const cells = row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const statuses = statement.quote.match(/\b[1-5]\d\d\b/g);
    if (cells.length !== 5 || !/^(GET|POST|DELETE)$/.test(cells[0]!) || !statuses) continue;
    const heading =
      lines
        .slice(0, statement.line)
        .reverse()
        .find((line) => /^### (Tokenizer|Member) interface/.test(line)) ?? '';
    found.push({
      family: heading.includes('Tokenizer') ? 'tokenizer' : 'member',
      method: cells[0]!,
      path: cells[1]!,
      status: Number(statuses[statuses.length - 1]),
      reason: statement.not_testable,
    });
  }
  return found;
}
