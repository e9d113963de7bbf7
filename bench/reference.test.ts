import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { benchmarks } from './catalogue.ts';
import { declaredOptions, renderBenchReference } from './reference.ts';

const benchDir = new URL('./', import.meta.url);

test('every benchmark is in the catalogue, and only those', () => {
  const present = readdirSync(benchDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/measure.ts`, benchDir)))
    .map((entry) => entry.name)
    .sort();
  expect(benchmarks.map((benchmark) => benchmark.name).sort()).toEqual(present);
});

test('bench/README.md is what the catalogue and the latest results write (npm run -s docs:bench)', () => {
  expect(readFileSync(new URL('README.md', benchDir), 'utf8')).toBe(renderBenchReference());
});

test('the options shown are those a benchmark declares, with their literal defaults', () => {
  expect(declaredOptions('xsd-validators')).toEqual(['--corpus X', '--repeat 500']);
  // The flow benchmarks hand their options to the shared runner: its declarations are theirs.
  expect(declaredOptions('exchange-flows')).toEqual(
    expect.arrayContaining(['--duration 15', '--clients 8', '--amount X']),
  );
});
