import { expect, test } from '@playwright/test';
import { reachText, summaryText } from './publish-text.ts';
import { readingVariantReport, sampleReport } from '../../test-support/sample-report.ts';

test('the printed summary names the prerequisites the run relied on, and those that did not hold', async () => {
  const report = await sampleReport();
  const text = summaryText({
    report,
    jsonPath: 'r/conformance.json',
    htmlPath: 'r/conformance.html',
    junitPath: 'r/junit.xml',
  });
  expect(text).toContain(
    '  prerequisites relied on: 2, 0 held; did not hold: PRE-CREDIT-LINE-ACCOUNT (1 requirement inconclusive, not failed)',
  );
  expect(text.indexOf('interoperates with the reference profile')).toBeLessThan(
    text.indexOf('prerequisites relied on'),
  );
});

test('the printed summary counts the listed statuses exercised, not exercised and not provokable', async () => {
  const report = await sampleReport();
  const { coverage } = report.results;
  const text = summaryText({
    report,
    jsonPath: 'r/conformance.json',
    htmlPath: 'r/conformance.html',
    junitPath: 'r/junit.xml',
  });
  expect(text).toContain(
    `  endpoint statuses the spec lists: ${coverage.exercised_listed_statuses} exercised, ${coverage.not_exercised_statuses} not exercised, 18 not provokable from outside (of ${coverage.listed_statuses})`,
  );
  expect(coverage.exercised_listed_statuses).toBe(2);
});

test('the printed summary opens with the verdict block: the specification, the readings, interoperability with each difference, one not-verified line', async () => {
  const report = await readingVariantReport();
  const text = summaryText({
    report,
    jsonPath: 'r/conformance.json',
    htmlPath: 'r/conformance.html',
    junitPath: 'r/junit.xml',
  });
  const lines = text.split('\n');
  // The sample decides two requirements of the specification; the catalogue's others are not verified.
  const specification = report.results.requirements.filter(
    (requirement) => requirement.layer === 'specification',
  ).length;
  const uncovered = specification - 3;
  expect(lines.slice(1, 6)).toEqual([
    `  specification: PASSED; MUST score 2/2 decided requirements passed (100%), beside it 0 inconclusive and ${uncovered} not verified`,
    "  readings judged under: string_bodies = named (declared by the profile), amount_scale = 2 (declared by the profile); the reference's for the rest",
    '  interoperates with the reference profile: 0/2 decided requirements passed, 2 differences:',
    '    ALLOWLIST-IDEMPOTENT (MUST): The allowlist is a set: adding a member that is already on it, or removing one that is not, succeeds (200) and leaves the list unchanged, with no…',
    '    BAL-DECIMAL-FORMAT (SHOULD): A balance is rendered as a decimal string with exactly 7 fraction digits (for example "1250.5000000")',
  ]);
  expect(lines[6]).toBe(
    `  not verified: ${specification - 2} of ${specification} requirements (${uncovered} uncovered, 1 not testable from outside); 2 requirements verified (2 MUST); why: below`,
  );
  // The details it points to come further down; a finding is titled by its requirement, the bare value below it.
  expect(text.indexOf(`  why not verified:\n    ${uncovered} uncovered (no check names them)`)).toBeGreaterThan(
    text.indexOf(lines[6]!),
  );
  expect(text).toContain(
    '  broken: BAL-DECIMAL-FORMAT (SHOULD, reference profile) broken in 1 check: A balance is rendered as a decimal string with exactly 7 fraction digits (for example "1250.5000000")\n    what was wrong: "1250.50"',
  );
});

test('a stale baseline is said under the verdict with the ids to remove from expected_failures', async () => {
  const report = await sampleReport();
  const text = (stale: string[]) =>
    summaryText({
      report: { ...report, results: { ...report.results, stale_baseline: stale } },
      jsonPath: 'r/conformance.json',
      htmlPath: 'r/conformance.html',
      junitPath: 'r/junit.xml',
    }).split('\n');
  const lines = text(['exchange.rounding', 'payments.charge-net-and-gross']);
  expect(lines[2]).toBe(
    '  stale baseline: 2 checks listed under expected_failures passed, so the run fails until you remove these from expected_failures: exchange.rounding, payments.charge-net-and-gross',
  );
  expect(text(['exchange.rounding'])[2]).toBe(
    '  stale baseline: 1 check listed under expected_failures passed, so the run fails until you remove it from expected_failures: exchange.rounding',
  );
  expect(text([]).some((line) => line.includes('stale baseline:'))).toBe(false);
});

test('how the target was reached is said in words: the proxy and where its setting came from, the TLS trust, the client certificate', () => {
  expect(reachText(undefined)).toBe('not recorded (the run left no transport in its target.json)');
  expect(reachText({ proxy: null, proxy_settings: 'environment', tls: null })).toBe(
    'straight to the target (no proxy), over plain HTTP',
  );
  expect(
    reachText({
      proxy: 'http://proxy.ci:3128',
      proxy_settings: 'environment',
      tls: { trusted: "the system's CAs", client_certificate: false, servername: 'dss.bank.example' },
    }),
  ).toBe(
    "through the proxy http://proxy.ci:3128 (HTTP(S)_PROXY, NO_PROXY), over TLS trusting the system's CAs for the name dss.bank.example, without a client certificate",
  );
});

test('the printed summary says how the target was reached only when a proxy or TLS was in the way', async () => {
  const report = await sampleReport();
  const paths = { jsonPath: 'r/conformance.json', htmlPath: 'r/conformance.html', junitPath: 'r/junit.xml' };
  expect(summaryText({ report, ...paths })).not.toContain('  reached:');
  report.results.target.reached = { proxy: null, proxy_settings: 'environment', tls: null };
  expect(summaryText({ report, ...paths })).not.toContain('  reached:');
  report.results.target.reached = {
    proxy: null,
    proxy_settings: 'profile',
    tls: { trusted: "the profile's CA", client_certificate: true },
  };
  expect(summaryText({ report, ...paths })).toContain(
    "\n  reached: straight to the target (no proxy), over TLS trusting the profile's CA, with a client certificate (mutual TLS)\n",
  );
});

test('the printed summary names, under not verified, what a passing check left unverified here and why', async () => {
  const report = await sampleReport();
  const paths = { jsonPath: 'r/conformance.json', htmlPath: 'r/conformance.html', junitPath: 'r/junit.xml' };
  const [first] = report.results.checks;
  first!.not_verified_here = [
    {
      requirement: 'AUTH-REFRESH',
      why: 'the life of a renewed token (lines 473, 559) needs profile credential members.tokenizer.tokens.renewed_expiry',
    },
  ];
  const lines = summaryText({ report, ...paths }).split('\n');
  const at = lines.findIndex((line) => line.startsWith('  not verified: '));
  expect(lines[at + 1]).toBe(
    `    ${first!.check_id} did not verify AUTH-REFRESH here: the life of a renewed token (lines 473, 559) needs profile credential members.tokenizer.tokens.renewed_expiry`,
  );
});
