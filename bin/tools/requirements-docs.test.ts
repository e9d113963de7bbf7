import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadCatalogue } from '../../suites/requirements/catalogue.ts';
import { renderRequirementsDocs } from './requirements-docs.ts';
import { loadSpecIndex } from '../../suites/requirements/spec-index.ts';
import { loadSpecWalk } from '../../suites/requirements/spec-walk.ts';

test('docs/requirements.md is what npm run docs:requirements writes from the catalogue and the spec index', () => {
  const written = readFileSync(new URL('../../docs/requirements.md', import.meta.url), 'utf8');
  expect(written, 'docs/requirements.md is stale: run npm run docs:requirements').toBe(
    renderRequirementsDocs(loadCatalogue(), loadSpecIndex(), loadSpecWalk()),
  );
});

test('the document shows both layers, every requirement with its sources, and every indexed statement', () => {
  const catalogue = loadCatalogue();
  const index = loadSpecIndex();
  const text = renderRequirementsDocs(catalogue, index, loadSpecWalk());
  expect(text.indexOf('## Specification layer')).toBeLessThan(text.indexOf('## Reference profile layer'));
  for (const requirement of catalogue.requirements)
    expect(text, requirement.id).toContain(`<a id="${requirement.id}"></a>${requirement.id} | ${requirement.level} |`);
  expect(text.split('\n').filter((line) => /^\| \d+(–\d+)? \| /.test(line))).toHaveLength(index.length);
  expect(text).toContain(
    '| <a id="AUTH-TOKEN-REQUIRED"></a>AUTH-TOKEN-REQUIRED | MUST | Every endpoint of both families refuses',
  );
});

test('each item of the spec walk is shown once with its outcome, and names only requirements of the catalogue', () => {
  const walk = loadSpecWalk();
  const text = renderRequirementsDocs(loadCatalogue(), loadSpecIndex(), walk);
  const ids = new Set(loadCatalogue().requirements.map((requirement) => requirement.id));
  expect(new Set(walk.map((entry) => entry.item)).size).toBe(walk.length);
  for (const item of ['B1', 'B13', 'D1', 'D13', 'E1', 'E15'])
    expect(text, item).toMatch(new RegExp(`\\| ${item} \\| (fixed|stays as it is: the spec states it|still open) \\|`));
  // An upper-case id with a hyphen that is not in the catalogue is a typo or a stale name (PRE-... and the walk's own ids aside).
  const named = walk.flatMap((entry) =>
    [...entry.text.matchAll(/\b[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)+\b/g)].map((match) => match[0]),
  );
  expect(
    named.filter((id) => !ids.has(id) && !id.startsWith('PRE-') && !id.endsWith('-') && !/^(?:SVC|ISO)/.test(id)),
  ).toEqual([]);
});
