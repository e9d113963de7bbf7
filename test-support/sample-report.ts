import { endpoints } from '../schemas/endpoints.ts';
import { loadCatalogue } from '../suites/requirements/catalogue.ts';
import { notProvokableStatuses } from '../suites/requirements/spec-index.ts';
import { FAILURE_ANNOTATION, type AttributedFailure } from '../suites/runtime/failure.ts';
import type { RecordedCall } from '../suites/runtime/recorder.ts';
import { withReproductions } from '../suites/reporters/reproduction.ts';
import {
  reportFormat,
  type ConformanceReport,
  type ConformanceResults,
  type RawCheck,
  type ReadingsJudgedUnder,
} from '../suites/reporters/report-types.ts';
import { signReport } from '../suites/reporters/signature.ts';
import { summarize } from '../suites/reporters/summarize.ts';

/** The annotation the check fixtures write for an error that carries `failure` (suites/runtime/failure-record.ts). */
function failureAnnotation(failure: AttributedFailure) {
  return { type: FAILURE_ANNOTATION, description: JSON.stringify(failure) };
}

/**
 * Test data for the reporter tests: a signed report of a small run whose target answers with hostile
 * text everywhere it can (URL, headers, bodies, messages), as a real vendor's service might.
 */
export const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';

const call: RecordedCall = {
  endpoint_id: 'member.getMember',
  method: 'GET',
  url: `http://target/client/v1/api/members/${hostile}`,
  status: 500,
  request_headers: { authorization: 'Bearer [redacted]' },
  request_body: null,
  // The profile's token of mmA, named so the reproduction can say where a value for it comes from.
  request_template: {
    headers: { authorization: 'Bearer ${DSS_TOKEN_MMA_1}' },
    credentials: [
      {
        placeholder: 'DSS_TOKEN_MMA_1',
        variable: 'DSS_TOKEN_MMA',
        member: 'mm-a',
        profile_path: 'members.mmA.token',
        profile_variable: 'MMA_TOKEN',
      },
    ],
  },
  response_headers: { 'x-hostile': hostile },
  response_body: JSON.stringify({ short_message: hostile }),
  duration_ms: 4,
};

const checks: RawCheck[] = [
  {
    title: 'dir.member-not-found answers 404',
    file: 'checks/directory.spec.ts',
    expectedStatus: 'passed',
    annotations: [
      { type: 'check', description: 'dir.member-not-found' },
      { type: 'requirement', description: 'DIR-MEMBER-NOT-FOUND' },
      { type: 'warning', description: `[ERR-LISTED-STATUS] answered ${hostile}` },
      { type: 'warned-requirement', description: 'ERR-LISTED-STATUS' },
    ],
    attempts: [
      {
        status: 'failed',
        errors: [`CheckFailure: [DIR-MEMBER-NOT-FOUND] expected status 404, got 500; body: ${hostile}`],
        annotations: [
          failureAnnotation({
            error: 0,
            requirement: 'DIR-MEMBER-NOT-FOUND',
            kind: 'target',
            expected: 'status 404',
            got: `500; body: ${hostile}`,
          }),
        ],
        callAttachments: [{ body: JSON.stringify([call]) }],
      },
    ],
  },
  {
    title: 'dir.member-get answers the member',
    file: 'checks/directory.spec.ts',
    expectedStatus: 'passed',
    annotations: [
      { type: 'check', description: 'dir.member-get' },
      { type: 'requirement', description: 'DIR-MEMBER-GET' },
    ],
    attempts: [
      {
        status: 'passed',
        errors: [],
        annotations: [],
        callAttachments: [{ body: JSON.stringify([{ ...call, status: 200 }]) }],
      },
    ],
  },
  {
    // A broken interoperability prerequisite: the credit line (CL-REQUEST checks PRE-CREDIT-LINE-ACCOUNT)
    // fails, and with it the funding that rests on it, which the report must show inconclusive, not failed.
    title: 'ledger.funding-default-account funds main',
    file: 'checks/ledger/funding.spec.ts',
    expectedStatus: 'passed',
    annotations: [
      { type: 'check', description: 'ledger.funding-default-account' },
      { type: 'requirement', description: 'CL-REQUEST' },
      { type: 'requirement', description: 'FUND-DEFAULT-ACCOUNT' },
    ],
    attempts: [
      {
        status: 'failed',
        errors: ['CheckFailure: the funding never settled'],
        annotations: [],
        callAttachments: [
          { body: JSON.stringify([{ ...call, endpoint_id: 'member.changeCreditLine', method: 'POST', status: 404 }]) },
        ],
      },
    ],
  },
];

/** The readings of a profile that declares none: the reference's, as target.json records them. */
const referenceReadings: ReadingsJudgedUnder = {
  string_bodies: { value: 'bare', source: 'reference' },
  amount_scale: { value: 7, source: 'reference' },
  dso_line_account: { value: 'emission', source: 'reference' },
};

/** A failing run: a requirement of the specification broken, one of the reference profile, a prerequisite that did not hold. */
export async function sampleReport(): Promise<ConformanceReport> {
  return signedReport(checks, {
    base_url: `http://target/${hostile}`,
    capabilities: { control: hostile },
    readings: referenceReadings,
  });
}

/**
 * A run under declared readings (string_bodies named, amount_scale 2) that the specification passes and
 * the reference profile does not: the allowlist answered as a list, not a set, and balances written
 * with two digits, whose failure message ends in a bare value (`"1250.50"`) no title may be made of.
 * One check of the specification was not run here, beside another that held its requirement.
 */
export async function readingVariantReport(): Promise<ConformanceReport> {
  const passing = (id: string, requirements: string[]): RawCheck => ({
    title: `${id} passes`,
    file: 'checks/sample.spec.ts',
    expectedStatus: 'passed',
    annotations: [
      { type: 'check', description: id },
      ...requirements.map((requirement) => ({ type: 'requirement', description: requirement })),
    ],
    attempts: [{ status: 'passed', errors: [], annotations: [], callAttachments: [] }],
  });
  const failing = (id: string, requirement: string, error: string, expected: string, got: string): RawCheck => ({
    ...passing(id, [requirement]),
    title: `${id} fails`,
    attempts: [
      {
        status: 'failed',
        errors: [error],
        annotations: [failureAnnotation({ error: 0, requirement, kind: 'target', expected, got })],
        callAttachments: [
          {
            body: JSON.stringify([
              { ...call, status: 200, response_headers: {}, response_body: '{"balance":"1250.50"}' },
            ]),
          },
        ],
      },
    ],
  });
  const variantChecks: RawCheck[] = [
    passing('dir.member-get', ['DIR-MEMBER-GET']),
    passing('allowlist.list', ['ALLOWLIST-LIST']),
    {
      ...passing('allowlist.list-control', ['ALLOWLIST-LIST']),
      attempts: [{ status: 'skipped', errors: [], annotations: [], callAttachments: [] }],
      annotations: [
        { type: 'check', description: 'allowlist.list-control' },
        { type: 'requirement', description: 'ALLOWLIST-LIST' },
        { type: 'skip', description: 'needs the simulator control plane' },
      ],
    },
    failing(
      'allowlist.idempotent',
      'ALLOWLIST-IDEMPOTENT',
      'CheckFailure: [ALLOWLIST-IDEMPOTENT] adding mmB again: expected status 200, got 400',
      'status 200',
      '400',
    ),
    failing(
      'balances.decimal-format',
      'BAL-DECIMAL-FORMAT',
      'CheckFailure: [BAL-DECIMAL-FORMAT] GET /client/v1/api/balances/digital-accounts/main\n  $.balance: expected the decimal 1250.5000000, got "1250.50"',
      'the decimal 1250.5000000',
      '"1250.50"',
    ),
  ];
  return signedReport(variantChecks, {
    base_url: 'http://vendor.example',
    capabilities: { control: 'none' },
    readings: {
      string_bodies: { value: 'named', source: 'declared' },
      amount_scale: { value: 2, source: 'declared' },
      dso_line_account: { value: 'emission', source: 'reference' },
    },
  });
}

async function signedReport(run: RawCheck[], target: ConformanceResults['target']): Promise<ConformanceReport> {
  const catalogue = loadCatalogue('1.0.0');
  const results = summarize({
    run: {
      checks: run,
      scope: { filters: [] },
      runErrors: [],
      startedAt: '2030-01-01T00:00:00.000Z',
      finishedAt: '2030-01-01T00:00:30.000Z',
    },
    requirements: catalogue.requirements,
    prerequisites: catalogue.prerequisites,
    endpoints,
    notProvokable: notProvokableStatuses(),
    specVersion: '1.0.0',
    target,
    problems: [],
  });
  return signReport({
    format: reportFormat,
    suite_version: '0.1.0',
    profile_digest: 'sha256:profile',
    results: withReproductions(results, '0.1.0'),
  });
}

/** A body at the recorder's 64 KiB cut. */
export const LARGEST_BODY = 'x'.repeat(64 * 1024);

/**
 * The largest report the HTML page is made from: 150 failing checks of 20 calls with bodies at the cut
 * each way (375 MiB of bodies before the page's budget). For the page-size test and bench/report-open.
 */
export async function everyCheckFailingReport(): Promise<ConformanceReport> {
  const report = await sampleReport();
  const template = report.results.checks.find((check) => check.outcome === 'failed');
  if (!template) throw new Error('the sample report has a failing check');
  const call = { ...template.calls[0]!, response_body: LARGEST_BODY, request_body: LARGEST_BODY };
  const { reproduction: _one, ...failing } = template;
  report.results = withReproductions(
    {
      ...report.results,
      checks: Array.from({ length: 150 }, (_, index) => ({
        ...failing,
        check_id: `area.check-${index}`,
        calls: Array.from({ length: 20 }, () => call),
      })),
    },
    report.suite_version,
  );
  return report;
}
