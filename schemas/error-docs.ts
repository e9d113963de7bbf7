import { errorCodes } from './error-codes.ts';

/**
 * Renders the error-code catalogue as the Markdown page docs/errors.md. A unit test keeps the page
 * identical to this output; `npm run docs:errors` rewrites it after the catalogue changes.
 */
export function renderErrorDocs(): string {
  const rows = Object.entries(errorCodes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, entry]) => `| \`${code}\` | ${entry.status} | ${entry.short_message} | ${entry.when} |`);
  return [
    '# Error codes',
    '',
    'Every error answer of the reference simulator carries one of these codes in its `code` field (the',
    'specification leaves the values open). A code fixes the HTTP status and the `short_message`; the',
    '`long_message` says what exactly was wrong. Codes are stable: never renamed, never reused.',
    '',
    'This page is generated from `schemas/error-codes.ts` by `npm run docs:errors`.',
    '',
    '| code | status | short message | when |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
