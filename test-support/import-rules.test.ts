import { test, expect } from '@playwright/test';
import { importCycles, readImportGraph } from './import-graph.ts';

/**
 * The project's layering, read from the source (import-graph.ts). The harness (suites/) is an
 * independent judge: it starts a simulator and reads the fault and reading catalogues, and takes no other simulator
 * code, so that a wrong rule in the simulator cannot make the harness agree with it; the rules both
 * halves must compute identically live in protocol/. The simulator never reaches up into the harness,
 * and no product code (what ships in dist/) depends on test support or on the documentation writers. And no import cycle anywhere.
 */

const graph = readImportGraph();
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`);
const isTest = (path: string) => path.endsWith('.test.ts');

/**
 * What the harness may take from the simulator: its entry point, to start one, and the catalogues of
 * faults and readings, for the two self-checks (no check reads them: a check never knows what it faces).
 */
const HARNESS_MAY_IMPORT = new Set([
  'simulator/server.ts',
  'simulator/faults/catalogue.ts',
  'simulator/readings/catalogue.ts',
]);

function describe(found: Array<{ from: string; to: string }>): string[] {
  return found.map(({ from, to }) => `${from} imports ${to}`);
}

test('the graph is read: known imports are found, and every import names a file that exists', () => {
  expect(graph.size).toBeGreaterThan(300);
  expect(graph.get('suites/global-setup.ts')).toContain('simulator/server.ts');
  expect(graph.get('simulator/exchange/exchange.ts')).toContain('protocol/canonical-json.ts');
  // dist/ is the compiled build (`npm run build`), which bin/dss.js prefers when it exists: not source.
  const unresolved = edges.filter(({ to }) => !graph.has(to) && !to.endsWith('.json') && !to.startsWith('dist/'));
  expect(describe(unresolved)).toEqual([]);
});

test('suites/ imports from simulator/ only its entry point and the fault and reading catalogues', () => {
  const found = edges.filter(
    ({ from, to }) => under('suites')(from) && under('simulator')(to) && !HARNESS_MAY_IMPORT.has(to),
  );
  expect(describe(found)).toEqual([]);
});

test('simulator/ never imports suites/; only its tests import test-support/', () => {
  const found = edges.filter(
    ({ from, to }) => under('simulator')(from) && (under('suites')(to) || (under('test-support')(to) && !isTest(from))),
  );
  expect(describe(found)).toEqual([]);
});

/** What ships in dist/ (bin/build.js compiles these folders, leaving out tests and the documentation writers). */
const isProduct = (path: string) =>
  ['simulator', 'schemas', 'protocol', 'suites', 'bin'].some((folder) => under(folder)(path)) &&
  !isTest(path) &&
  !under('bin/tools')(path);

test('no product code imports test-support/ or the documentation writers of bin/tools/', () => {
  const found = edges.filter(
    ({ from, to }) => isProduct(from) && (under('test-support')(to) || under('bin/tools')(to)),
  );
  expect(describe(found)).toEqual([]);
});

test('the product rule sees both kinds of forbidden import', () => {
  expect(isProduct('suites/runtime/client.ts') && isProduct('bin/commands/reach.ts')).toBe(true);
  expect(
    isProduct('suites/runtime/client.test.ts') ||
      isProduct('bin/tools/message-docs.ts') ||
      isProduct('test-support/test-server.ts'),
  ).toBe(false);
  expect(graph.get('bin/tools/write-message-docs.ts')).toContain('bin/tools/message-docs.ts');
  expect(graph.get('suites/runtime/client.test.ts')).toContain('test-support/test-server.ts');
});

test('protocol/ stands alone, and schemas/ imports neither half (its tests may start a simulator to compare)', () => {
  const found = edges.filter(
    ({ from, to }) =>
      (under('protocol')(from) && !under('protocol')(to)) ||
      (under('schemas')(from) && !isTest(from) && (under('simulator')(to) || under('suites')(to))),
  );
  expect(describe(found)).toEqual([]);
});

test('no import cycles', () => {
  expect(importCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
});

test('the cycle finder finds cycles', () => {
  const cyclic = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts', 'd.ts']],
    ['d.ts', []],
    ['e.ts', ['e.ts']],
  ]);
  expect(importCycles(cyclic)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
});

test('no check, flow or runtime module of the harness reads the catalogues of faults and readings: only the self-checks and the catalogue’s own tests do', () => {
  const catalogues = new Set(['simulator/faults/catalogue.ts', 'simulator/readings/catalogue.ts']);
  const allowed = (from: string) => isTest(from) || under('suites/self-check')(from);
  const found = edges.filter(({ from, to }) => under('suites')(from) && catalogues.has(to) && !allowed(from));
  expect(describe(found)).toEqual([]);
});
