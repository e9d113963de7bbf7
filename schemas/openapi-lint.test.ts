import { test, expect } from '@playwright/test';
import { buildOpenApiDocument } from './openapi.ts';

/**
 * The document through an independent linter, Redocly's `recommended` rules, offline (the rule set
 * ships with @redocly/openapi-core). Errors and warnings alike must be none: docs/openapi.md says
 * which rules the document relies on and why none is switched off.
 */
test('the OpenAPI document passes Redocly’s recommended rules with no error and no warning', async () => {
  test.setTimeout(120_000);
  const { createConfig, lintFromString } = await redocly();
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(buildOpenApiDocument()),
    absoluteRef: 'openapi.json',
    config,
  });
  const described = problems.map(
    (problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`,
  );
  expect(described).toEqual([]);
});

/** The part of @redocly/openapi-core this test calls, as its documentation describes it. */
interface RedoclyLint {
  createConfig(config: { extends: string[] }): Promise<unknown>;
  lintFromString(options: {
    source: string;
    absoluteRef: string;
    config: unknown;
  }): Promise<Array<{ severity: string; ruleId: string; message: string; location: Array<{ pointer?: string }> }>>;
}

/**
 * Imported by a name held in a variable, so that the type check does not read the package's
 * declarations: they pull in some 280 files (GraphQL's, json-schema-to-ts's type-level parser), a
 * quarter of what `npm run typecheck` reads, and 6 s of its CPU, for the two functions above.
 */
async function redocly(): Promise<RedoclyLint> {
  const name = '@redocly/openapi-core';
  return (await import(name)) as RedoclyLint;
}
