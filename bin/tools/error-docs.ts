import { errorCodes, type ErrorCodeEntry } from '../../schemas/error-codes.ts';

/**
 * Renders the error-code catalogue as the Markdown page docs/errors.md. A unit test keeps the page
 * identical to this output; `npm run docs:errors` rewrites it after the catalogue changes.
 */
export function renderErrorDocs(): string {
  const entries = Object.entries(errorCodes).sort(([a], [b]) => a.localeCompare(b));
  const row = ([code, entry]: [string, ErrorCodeEntry]) =>
    `| \`${code}\` | ${entry.status} | ${entry.short_message} | ${entry.when} |`;
  const shadowed = entries.filter(([, entry]) => entry.shadowed !== undefined);
  return [
    '# Error codes',
    '',
    'Every error answer of the reference simulator carries one of these codes in its `code` field (the',
    'specification leaves the values open). A code fixes the HTTP status and the `short_message`; the',
    '`long_message` says what exactly was wrong. Codes are stable: never renamed, never reused.',
    '',
    'An input that breaks the endpoint’s request schema (the published `/openapi.json`: a missing or',
    'mistyped field, a value outside its set or pattern) is refused first, with `REQUEST-INVALID`, or',
    '`REQUEST-NOT-PROCESSABLE` where the endpoint lists 404 and no 400; the other codes say what a schema',
    'cannot.',
    '',
    'This page is generated from `schemas/error-codes.ts` by `npm run docs:errors`.',
    '',
    '| code | status | short message | when |',
    '|---|---|---|---|',
    ...entries.filter(([, entry]) => entry.shadowed === undefined).map(row),
    '',
    '## Codes no HTTP request gets',
    '',
    'Kept in the catalogue (codes are never reused) and by the simulator’s domain rules, but every input',
    'that would reach them breaks the request schema first, so an HTTP client gets the code named instead.',
    '',
    '| code | status | short message | when | why HTTP never gets it |',
    '|---|---|---|---|---|',
    ...shadowed.map(([code, entry]) => `${row([code, entry])} ${entry.shadowed} |`),
    '',
  ].join('\n');
}
