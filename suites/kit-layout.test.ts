import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { buildScript, compiledModule } from './kit-layout.ts';
import { loadCatalogue } from './requirements/catalogue.ts';
import { loadSpecIndex } from './requirements/spec-index.ts';
import { loadScenarios } from './scenario/load.ts';

/**
 * The compiled kit reads its YAML data parsed by the build (`<file>.json` beside the copy): what it
 * reads must be exactly what the YAML says, or a run from dist/ would judge by another catalogue than
 * the one in the sources.
 */
test('the build writes each parsed YAML file as the JSON of its parse, and the compiled kit reads the same catalogue, spec index and scenarios', async () => {
  const build = spawnSync(process.execPath, [buildScript, '--if-stale'], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  const scenarioFiles = readdirSync(new URL('../scenarios/', import.meta.url)).filter((name) => name.endsWith('.yaml'));
  expect(scenarioFiles.length).toBeGreaterThan(0);
  for (const file of [
    'suites/requirements/1.0.0.yaml',
    'suites/requirements/spec-index.yaml',
    ...scenarioFiles.map((name) => `scenarios/${name}`),
  ]) {
    const parsed = JSON.parse(readFileSync(compiledModule(`${file}.json`), 'utf8'));
    expect(parsed, file).toEqual(parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')));
  }
  const compiledCatalogue = (await import(
    compiledModule('suites/requirements/catalogue.js')
  )) as typeof import('./requirements/catalogue.ts');
  const compiledIndex = (await import(
    compiledModule('suites/requirements/spec-index.js')
  )) as typeof import('./requirements/spec-index.ts');
  expect(compiledCatalogue.loadCatalogue()).toEqual(loadCatalogue());
  expect(compiledIndex.loadSpecIndex()).toEqual(loadSpecIndex());
  // The scenarios as the checks run them; only the files they were read from differ (dist/ against the sources).
  const compiledScenarios = (await import(
    compiledModule('suites/scenario/load.js')
  )) as typeof import('./scenario/load.ts');
  // As data: their matchers are objects of classes of two module instances.
  const data = (scenarios: ReturnType<typeof loadScenarios>) =>
    JSON.parse(JSON.stringify(scenarios.map(({ file: _file, ...scenario }) => scenario))) as unknown;
  expect(data(compiledScenarios.loadScenarios())).toEqual(data(loadScenarios()));
});

test('a scenario whose parse by the build does not compile is read again from its YAML, so its problems keep their line numbers', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-built-scenario-'));
  try {
    const file = join(dir, 'stepless.yaml');
    const yaml = 'name: stepless\ntitle: a scenario without steps\nrequirements: [SCN-FUNDING]\nsteps: []\n';
    writeFileSync(file, yaml);
    writeFileSync(`${file}.json`, JSON.stringify(parse(yaml)));
    const compiledScenarios = (await import(
      compiledModule('suites/scenario/load.js')
    )) as typeof import('./scenario/load.ts');
    expect(() => compiledScenarios.loadScenario(file)).toThrow(
      /stepless\.yaml:4: steps: must NOT have fewer than 1 items/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
