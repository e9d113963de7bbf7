import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { buildScript, compiledModule } from './kit-layout.ts';
import { loadCatalogue } from './requirements/catalogue.ts';
import { loadSpecIndex } from './requirements/spec-index.ts';

/**
 * The compiled kit reads its YAML data parsed by the build (`<file>.json` beside the copy): what it
 * reads must be exactly what the YAML says, or a run from dist/ would judge by another catalogue than
 * the one in the sources.
 */
test('the build writes each parsed YAML file as the JSON of its parse, and the compiled kit reads the same catalogue and spec index', async () => {
  const build = spawnSync(process.execPath, [buildScript, '--if-stale'], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  for (const file of ['suites/requirements/1.0.0.yaml', 'suites/requirements/spec-index.yaml']) {
    const parsed = JSON.parse(readFileSync(compiledModule(`${file}.json`), 'utf8'));
    expect(parsed, file).toEqual(parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')));
  }
  const compiledCatalogue = (await import(compiledModule('suites/requirements/catalogue.js'))) as typeof import('./requirements/catalogue.ts');
  const compiledIndex = (await import(compiledModule('suites/requirements/spec-index.js'))) as typeof import('./requirements/spec-index.ts');
  expect(compiledCatalogue.loadCatalogue()).toEqual(loadCatalogue());
  expect(compiledIndex.loadSpecIndex()).toEqual(loadSpecIndex());
});
