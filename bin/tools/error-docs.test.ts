import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { renderErrorDocs } from './error-docs.ts';
import { errorCodes } from '../../schemas/error-codes.ts';

test('docs/errors.md lists exactly the error-code catalogue (run `npm run docs:errors` after changing it)', () => {
  const page = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  expect(page).toBe(renderErrorDocs());
  for (const code of Object.keys(errorCodes)) expect(page).toContain(`\`${code}\``);
});

test('every error code has a status the spec uses for errors', () => {
  const statuses = new Set([400, 401, 403, 404, 405, 406, 409, 413, 424, 500]);
  for (const [code, entry] of Object.entries(errorCodes)) expect(statuses.has(entry.status), code).toBe(true);
});
