import { expect, test } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import type { ConformanceReport } from './report-types.ts';
import { sampleReport } from '../../test-support/sample-report.ts';
import { resultsDigest, signReport } from './signature.ts';
import { verifyReport } from './verify.ts';

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dss-signature-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function written(report: ConformanceReport, name: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(report, null, 2));
  return file;
}

test('a signed report verifies, with its per-run Ed25519 key in the JWS header', async () => {
  const report = await sampleReport();
  expect(report.signature.results_digest).toBe(resultsDigest(report.results));
  const header = decodeProtectedHeader(report.signature.jws);
  expect(header.alg).toBe('EdDSA');
  expect(header.jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
  expect(header.jwk).not.toHaveProperty('d');
  const file = await written(report, 'signed.json');
  expect(await verifyReport(file)).toMatchObject({ ok: true, problems: [] });
  expect(await verifyReport(file, { keyThumbprint: report.signature.key_thumbprint })).toMatchObject({
    ok: true,
    problems: [],
  });
});

test('each run signs with a new key', async () => {
  const [first, second] = await Promise.all([sampleReport(), sampleReport()]);
  expect(first.signature.key_thumbprint).not.toBe(second.signature.key_thumbprint);
});

test('changing one result after signing is detected', async () => {
  const report = await sampleReport();
  const failing = report.results.checks.find((check) => check.outcome === 'failed');
  expect(failing).toBeDefined();
  if (failing) failing.outcome = 'passed';
  const result = await verifyReport(await written(report, 'tampered-result.json'));
  expect(result.ok).toBe(false);
  expect(result.problems).toContain(
    'the results digest does not match the results: the results were changed after signing',
  );
});

test('a changed digest, suite version or profile digest is detected', async () => {
  const report = await sampleReport();
  const forgedDigest = structuredClone(report);
  forgedDigest.results.verdict = 'passed';
  forgedDigest.signature.results_digest = resultsDigest(forgedDigest.results);
  expect((await verifyReport(await written(forgedDigest, 'forged-digest.json'))).problems).toEqual([
    'the signed results digest differs from the results in the report',
  ]);

  const otherSuite = { ...report, suite_version: '9.9.9' };
  expect((await verifyReport(await written(otherSuite, 'suite.json'))).problems).toEqual([
    "the signed suite version differs from the report's",
  ]);

  const otherProfile = { ...report, profile_digest: 'sha256:other' };
  expect((await verifyReport(await written(otherProfile, 'profile.json'))).problems).toEqual([
    "the signed profile digest differs from the report's",
  ]);
});

test('a broken signature is detected', async () => {
  const report = await sampleReport();
  const [header, payload, signature = ''] = report.signature.jws.split('.');
  const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  const broken = { ...report, signature: { ...report.signature, jws: `${header}.${payload}.${flipped}` } };
  const result = await verifyReport(await written(broken, 'broken.json'));
  expect(result.ok).toBe(false);
  expect(result.problems[0]).toMatch(/^the signature does not verify/);
});

test('a report re-signed by someone else verifies only until the key is pinned', async () => {
  const original = await sampleReport();
  const { signature: _, ...unsigned } = original;
  unsigned.results.verdict = 'passed';
  const forged = await signReport(unsigned);
  const file = await written(forged, 'resigned.json');
  expect((await verifyReport(file)).ok).toBe(true);
  const pinned = await verifyReport(file, { keyThumbprint: original.signature.key_thumbprint });
  expect(pinned.ok).toBe(false);
  expect(pinned.problems[0]).toContain(`not with the expected key ${original.signature.key_thumbprint}`);
});

test('a file that is not a signed report is refused with a reason', async () => {
  const notJson = join(dir, 'not.json');
  await writeFile(notJson, 'nope');
  expect((await verifyReport(notJson)).problems[0]).toMatch(/^cannot read .* as JSON/);
  const other = join(dir, 'other.json');
  await writeFile(other, '{"format":"something else"}');
  expect(await verifyReport(other)).toEqual({
    ok: false,
    problems: ['not a conformance report (format dss-conformance-report/1)'],
  });
  const { signature: _, ...unsigned } = await sampleReport();
  expect(await verifyReport(await written(unsigned as ConformanceReport, 'unsigned.json'))).toEqual({
    ok: false,
    problems: ['the report has no signature'],
  });
});
