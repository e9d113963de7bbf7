import { test, expect } from '@playwright/test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildOpenApiDocument } from './openapi.ts';

/**
 * The document through an independent linter, Redocly's `recommended` rules, offline (the rule set
 * ships with @redocly/openapi-core). Errors and warnings alike must be none: docs/openapi.md says
 * which rules the document relies on and why none is switched off.
 */
test('the OpenAPI document passes Redocly’s recommended rules with no error and no warning', async () => {
  test.setTimeout(120_000);
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(buildOpenApiDocument()), absoluteRef: 'openapi.json', config });
  const described = problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`);
  expect(described).toEqual([]);
});
