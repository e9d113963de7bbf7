import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadCatalogue } from './catalogue.ts';
import { renderRequirementsDocs } from './requirements-docs.ts';
import { loadSpecIndex } from './spec-index.ts';

test('docs/requirements.md is what npm run docs:requirements writes from the catalogue and the spec index', () => {
  const written = readFileSync(new URL('../../docs/requirements.md', import.meta.url), 'utf8');
  expect(written, 'docs/requirements.md is stale: run npm run docs:requirements').toBe(renderRequirementsDocs(loadCatalogue(), loadSpecIndex()));
});

test('the document shows both layers, every requirement with its sources, and every indexed statement', () => {
  const catalogue = loadCatalogue();
  const index = loadSpecIndex();
  const text = renderRequirementsDocs(catalogue, index);
  expect(text.indexOf('## Specification layer')).toBeLessThan(text.indexOf('## Reference profile layer'));
  for (const requirement of catalogue.requirements) expect(text, requirement.id).toContain(`<a id="${requirement.id}"></a>${requirement.id} | ${requirement.level} |`);
  expect(text.split('\n').filter((line) => /^\| \d+(–\d+)? \| /.test(line))).toHaveLength(index.length);
  expect(text).toContain('| <a id="AUTH-TOKEN-REQUIRED"></a>AUTH-TOKEN-REQUIRED | MUST | Every endpoint of both families refuses');
});
