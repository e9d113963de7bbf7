import { expect, test } from '@playwright/test';
import type { Endpoint } from '../../schemas/catalogue-types.ts';
import type { Requirement } from '../requirements/catalogue.ts';
import type { RecordedCall } from '../runtime/recorder.ts';
import type { RawAnnotation, RawAttempt, RawCheck, RunRecord } from './report-types.ts';
import { failedWith, harnessError, targetError } from '../../test-support/failed-attempt.ts';
import { summarize } from './summarize.ts';

const requirements: Requirement[] = [
  {
    id: 'TEST-A',
    part: 'endpoints',
    level: 'MUST',
    statement: 'a',
    source: 's',
    layer: 'specification',
    not_testable: null,
    prerequisites: [],
  },
  {
    id: 'TEST-B',
    part: 'endpoints',
    level: 'MUST',
    statement: 'b',
    source: 's',
    layer: 'specification',
    not_testable: null,
    prerequisites: [],
  },
  {
    id: 'TEST-C',
    part: 'errors',
    level: 'SHOULD',
    statement: 'c',
    source: 's',
    layer: 'specification',
    not_testable: null,
    prerequisites: [],
  },
  {
    id: 'TEST-D',
    part: 'errors',
    level: 'MUST',
    statement: 'd',
    source: 's',
    layer: 'specification',
    not_testable: null,
    prerequisites: [],
  },
  {
    id: 'TEST-E',
    part: 'authentication',
    level: 'MUST',
    statement: 'e',
    source: 's',
    layer: 'specification',
    not_testable: null,
    prerequisites: [],
  },
  {
    id: 'TEST-F',
    part: 'states',
    level: 'MUST',
    statement: 'f',
    source: 's',
    layer: 'specification',
    not_testable: null,
    prerequisites: [],
  },
  {
    id: 'TEST-G',
    part: 'limits',
    level: 'MUST',
    statement: 'g',
    source: 's',
    layer: 'specification',
    not_testable: null,
    prerequisites: [],
  },
];

const response = (status: number) => ({ status, description: '', body: null });
const endpoints: Endpoint[] = [
  {
    id: 'member.getMember',
    family: 'member',
    method: 'GET',
    path: '/members/{member_identification}',
    summary: '',
    params: [],
    success: response(200),
    errors: [response(400), response(404)],
    access: 'read',
  },
  {
    id: 'member.listDigitalAccounts',
    family: 'member',
    method: 'GET',
    path: '/digital-accounts',
    summary: '',
    params: [],
    success: response(200),
    errors: [response(404)],
    access: 'read',
  },
];

function call(endpoint_id: string | null, status: number | null): RecordedCall {
  return {
    endpoint_id,
    method: 'GET',
    url: 'http://target/x',
    status,
    request_headers: {},
    request_body: null,
    response_headers: {},
    response_body: null,
    duration_ms: 1,
  };
}

interface CheckSpec {
  requirements: string[];
  attempts: Array<Partial<RawAttempt> & { calls?: RecordedCall[] }>;
  expectedStatus?: RawCheck['expectedStatus'];
  annotations?: RawAnnotation[];
}

function check(id: string | null, spec: CheckSpec): RawCheck {
  return {
    title: `title of ${id}`,
    file: 'checks/sample.spec.ts',
    expectedStatus: spec.expectedStatus ?? 'passed',
    annotations: [
      ...(id === null ? [] : [{ type: 'check', description: id }]),
      ...spec.requirements.map((requirement) => ({ type: 'requirement', description: requirement })),
      ...(spec.annotations ?? []),
    ],
    attempts: spec.attempts.map(({ calls = [], ...attempt }) => ({
      status: 'passed',
      errors: [],
      annotations: [],
      callAttachments: [{ body: JSON.stringify(calls) }],
      ...attempt,
    })),
  };
}

function run(checks: RawCheck[], runErrors: string[] = [], filters: string[] = []): RunRecord {
  return {
    checks,
    scope: { filters },
    runErrors,
    startedAt: '2030-01-01T00:00:00.000Z',
    finishedAt: '2030-01-01T00:01:00.000Z',
  };
}

function summary(record: RunRecord) {
  return summarize({
    run: record,
    requirements,
    prerequisites: [],
    endpoints,
    notProvokable: [],
    specVersion: '1.0.0',
    target: { base_url: 'http://target', capabilities: null },
    problems: [],
  });
}

const passing = check('c.pass', {
  requirements: ['TEST-A'],
  attempts: [
    {
      calls: [
        call('member.getMember', 200),
        call('member.getMember', 404),
        call('member.getMember', 418),
        call(null, 404),
        call('member.nope', 200),
        call('member.getMember', null),
      ],
    },
  ],
});
const warned = check('c.warn', {
  requirements: ['TEST-A', 'TEST-C'],
  attempts: [{}],
  annotations: [
    { type: 'warning', description: '[TEST-C] PUT answered 404, not 405' },
    { type: 'warned-requirement', description: 'TEST-C' },
  ],
});
const failing = check('c.fail', {
  requirements: ['TEST-B', 'TEST-E'],
  attempts: [
    {
      status: 'failed',
      ...failedWith(
        targetError('CheckFailure: [TEST-B] GET http://target/x: expected status 404, got 500; body: {}', 'TEST-B', {
          expected: 'status 404',
          got: '500; body: {}',
        }),
      ),
      calls: [call('member.getMember', 500)],
    },
  ],
});
const stale = check('c.stale', { requirements: ['TEST-F'], expectedStatus: 'failed', attempts: [{}] });
const quarantined = check('c.skip', {
  requirements: ['TEST-G'],
  attempts: [{ status: 'skipped' }],
  annotations: [
    { type: 'quarantined', description: 'c.skip is in the quarantine list' },
    { type: 'skip', description: 'quarantined' },
  ],
});

test('scores each spec part as passed MUST requirements over checked ones', () => {
  const results = summary(run([passing, warned, failing, stale, quarantined]));
  const statusOf = (id: string) => results.requirements.find((row) => row.id === id)?.status;
  expect(statusOf('TEST-A')).toBe('passed');
  expect(statusOf('TEST-B')).toBe('failed');
  expect(statusOf('TEST-C')).toBe('warning');
  expect(statusOf('TEST-D')).toBe('uncovered');
  // c.fail stopped at TEST-B: TEST-E was never really tested.
  expect(statusOf('TEST-E')).toBe('inconclusive');
  // c.stale passed: the target holds TEST-F, only the baseline is wrong.
  expect(statusOf('TEST-F')).toBe('passed');
  expect(statusOf('TEST-G')).toBe('not-verified');
  expect(results.requirements.find((row) => row.id === 'TEST-G')?.reason).toBe('c.skip is in the quarantine list');

  // Passed over decided: the inconclusive TEST-E is beside the score, not in it.
  expect(results.scores.overall).toEqual({ passed: 2, checked: 3, score: 66.7, inconclusive: 1, not_verified: 2 });
  const part = (name: string) => results.scores.parts.find((row) => row.part === name);
  expect(part('endpoints')).toEqual({
    part: 'endpoints',
    passed: 1,
    checked: 2,
    score: 50,
    inconclusive: 0,
    not_verified: 0,
  });
  expect(part('authentication')).toEqual({
    part: 'authentication',
    passed: 0,
    checked: 0,
    score: null,
    inconclusive: 1,
    not_verified: 0,
  });
  expect(part('limits')).toEqual({
    part: 'limits',
    passed: 0,
    checked: 0,
    score: null,
    inconclusive: 0,
    not_verified: 1,
  });
  // SHOULD requirements are not scored, and an uncovered MUST is not decided.
  expect(part('errors')).toEqual({
    part: 'errors',
    passed: 0,
    checked: 0,
    score: null,
    inconclusive: 0,
    not_verified: 1,
  });
  expect(results.scores.parts).toHaveLength(9);

  expect(results.uncovered).toEqual(['TEST-D']);
  expect(results.verdict).toBe('failed');
  expect(results.headline.text).toBe(
    '4 of 7 requirements verified (3 MUST), 3 not verified on this target: 1 inconclusive (a check ran but stopped before deciding them: another requirement failed first, or the harness faulted), 1 not verified here: c.skip is in the quarantine list, 1 uncovered (no check names them)',
  );
  expect(results.counts.checks).toEqual({
    passed: 2,
    failed: 1,
    'harness-fault': 0,
    skipped: 1,
    'expected-failure': 0,
    'stale-baseline': 1,
    flaky: 0,
  });
  expect(results.counts.requirements).toEqual({
    passed: 2,
    failed: 1,
    warning: 1,
    inconclusive: 1,
    'not-verified': 1,
    uncovered: 1,
    'not-testable': 0,
  });
  expect(results.findings.map((finding) => [finding.requirement, finding.checks])).toEqual([['TEST-B', ['c.fail']]]);
  expect(results.stale_baseline).toEqual(['c.stale']);
  expect(results.findings[0]?.reasons).toEqual([{ text: '500; body: {}', count: 1 }]);
  expect(results.requirements.find((row) => row.id === 'TEST-A')?.checks).toEqual(['c.pass', 'c.warn']);
  expect(results.checks.map((c) => c.check_id)).toEqual(['c.fail', 'c.pass', 'c.skip', 'c.stale', 'c.warn']);
});

test('the coverage matrix lists each endpoint with its listed statuses plus 401, and what calls exercised', () => {
  const results = summary(run([passing, failing]));
  const getMember = results.coverage.endpoints.find((row) => row.endpoint_id === 'member.getMember');
  expect(getMember?.path).toBe('/client/v1/api/members/{member_identification}');
  const counted = (status: number, listed: boolean, calls: number, state: string) => ({
    status,
    listed,
    exercised: calls > 0,
    calls,
    state,
    not_provokable: null,
  });
  expect(getMember?.statuses).toEqual([
    counted(200, true, 1, 'exercised'),
    counted(400, true, 0, 'not-exercised'),
    counted(401, true, 0, 'not-exercised'),
    counted(404, true, 1, 'exercised'),
    counted(418, false, 1, 'unlisted'),
    counted(500, false, 1, 'unlisted'),
  ]);
  const accounts = results.coverage.endpoints.find((row) => row.endpoint_id === 'member.listDigitalAccounts');
  expect(accounts?.statuses.map((s) => [s.status, s.exercised])).toEqual([
    [200, false],
    [401, false],
    [404, false],
  ]);
  expect(results.coverage).toMatchObject({
    listed_statuses: 7,
    exercised_listed_statuses: 2,
    not_exercised_statuses: 5,
    not_provokable_statuses: 0,
    unlisted_statuses_observed: 2,
    uncatalogued_calls: 1,
  });
  expect(results.problems).toContain('recorded calls name endpoint id member.nope, which is not in the catalogue');
});

test('a listed status no client can provoke is marked so, unless a call got it anyway; one the catalogue does not list is a problem', () => {
  const internal = (path: string, status: number, reason: string) => ({
    family: 'member' as const,
    method: 'GET',
    path,
    status,
    reason,
  });
  const notProvokable = [
    internal('/digital-accounts', 404, 'an internal failure'),
    internal('/members/{member_identification}', 404, 'a marshalling error'),
    internal('/members/{member_identification}', 409, 'not in the table'),
  ];
  const results = summarize({
    run: run([passing]),
    requirements,
    prerequisites: [],
    endpoints,
    notProvokable,
    specVersion: '1.0.0',
    target: { base_url: null, capabilities: null },
    problems: [],
  });
  const row = (id: string) => results.coverage.endpoints.find((endpoint) => endpoint.endpoint_id === id)!.statuses;
  expect(row('member.listDigitalAccounts').find((status) => status.status === 404)).toEqual({
    status: 404,
    listed: true,
    exercised: false,
    calls: 0,
    state: 'not-provokable',
    not_provokable: 'an internal failure',
  });
  // A call got it after all: exercised, and the reason stays.
  expect(row('member.getMember').find((status) => status.status === 404)).toMatchObject({
    state: 'exercised',
    calls: 1,
    not_provokable: 'a marshalling error',
  });
  expect(row('member.getMember').map((status) => status.state)).toEqual([
    'exercised',
    'not-exercised',
    'not-exercised',
    'exercised',
    'unlisted',
  ]);
  expect(results.coverage).toMatchObject({
    listed_statuses: 7,
    exercised_listed_statuses: 2,
    not_exercised_statuses: 4,
    not_provokable_statuses: 1,
  });
  expect(results.problems).toContain(
    'the spec index marks member GET /members/{member_identification} 409 not provokable, but the endpoint catalogue lists no such status',
  );
});

test('a prerequisite holds when its checking requirements pass; when one fails, what rests on it is inconclusive, never failed', () => {
  const profile = {
    part: 'states' as const,
    level: 'MUST' as const,
    statement: 'p',
    source: 's',
    layer: 'profile' as const,
    not_testable: null,
    prerequisites: [],
  };
  const resting = (id: string, ...prerequisites: string[]) => ({ ...requirements[0]!, id, prerequisites });
  const catalogue: Requirement[] = [
    { ...profile, id: 'TEST-CHECKS-LINE' },
    { ...profile, id: 'TEST-CHECKS-SIGN' },
    resting('TEST-FUNDS', 'PRE-LINE'),
    resting('TEST-PAYS', 'PRE-LINE', 'PRE-SIGN'),
    resting('TEST-UNRUN', 'PRE-SIGN'),
  ];
  const prerequisites = [
    { id: 'PRE-LINE', statement: 'line', cites: [], source: 's', checked_by: ['TEST-CHECKS-LINE'] },
    { id: 'PRE-SIGN', statement: 'sign', cites: [], source: 's', checked_by: ['TEST-CHECKS-SIGN'] },
    { id: 'PRE-NEVER', statement: 'never checked', cites: [], source: 's', checked_by: ['TEST-UNKNOWN'] },
  ];
  const summaryOf = (lineFails: boolean) =>
    summarize({
      run: run([
        check('c.line', {
          requirements: ['TEST-CHECKS-LINE'],
          attempts: [
            lineFails
              ? {
                  status: 'failed',
                  ...failedWith(targetError('[TEST-CHECKS-LINE] the line was refused', 'TEST-CHECKS-LINE')),
                }
              : {},
          ],
        }),
        check('c.sign', { requirements: ['TEST-CHECKS-SIGN'], attempts: [{}] }),
        // A failure that names no requirement blames all of the check's: both rest on PRE-LINE.
        check('c.flow', {
          requirements: ['TEST-FUNDS', 'TEST-PAYS'],
          attempts: [{ status: 'failed', errors: ['Test timeout of 30000ms exceeded.'] }],
        }),
        check('c.unrun', {
          requirements: ['TEST-UNRUN'],
          attempts: [{ status: 'skipped' }],
          annotations: [{ type: 'skip', description: 'needs the simulator control plane' }],
        }),
      ]),
      requirements: catalogue,
      prerequisites,
      endpoints,
      notProvokable: [],
      specVersion: '1.0.0',
      target: { base_url: null, capabilities: null },
      problems: [],
    });

  const broken = summaryOf(true);
  const status = (id: string) => broken.requirements.find((row) => row.id === id);
  expect(
    broken.prerequisites.map(({ id, status, checked_by, relied_on_by, made_inconclusive }) => ({
      id,
      status,
      checked_by,
      relied_on_by,
      made_inconclusive,
    })),
  ).toEqual([
    {
      id: 'PRE-LINE',
      status: 'not-held',
      checked_by: [{ id: 'TEST-CHECKS-LINE', status: 'failed' }],
      relied_on_by: ['TEST-FUNDS', 'TEST-PAYS'],
      made_inconclusive: ['TEST-FUNDS', 'TEST-PAYS'],
    },
    {
      id: 'PRE-SIGN',
      status: 'held',
      checked_by: [{ id: 'TEST-CHECKS-SIGN', status: 'passed' }],
      relied_on_by: ['TEST-PAYS'],
      made_inconclusive: [],
    },
    {
      id: 'PRE-NEVER',
      status: 'undecided',
      checked_by: [{ id: 'TEST-UNKNOWN', status: 'uncovered' }],
      relied_on_by: [],
      made_inconclusive: [],
    },
  ]);
  expect(status('TEST-FUNDS')).toMatchObject({ status: 'inconclusive', prerequisites: ['PRE-LINE'] });
  expect(status('TEST-FUNDS')?.reason).toMatch(
    /^rests on PRE-LINE \(TEST-CHECKS-LINE failed\), which did not hold here/,
  );
  expect(status('TEST-PAYS')?.status).toBe('inconclusive');
  expect(status('TEST-CHECKS-LINE')?.status).toBe('failed');
  // One defect, one finding: the prerequisite's own requirement, not what rests on it; the specification score decided nothing.
  expect(broken.findings.map((finding) => finding.requirement)).toEqual(['TEST-CHECKS-LINE']);
  expect(broken.scores.overall).toMatchObject({ passed: 0, checked: 0, inconclusive: 2 });
  // Nothing of the specification was found broken, and what rested on the prerequisite went undecided.
  expect(broken.verdict).toBe('inconclusive');

  // When it holds, the same failures are the target's.
  const held = summaryOf(false);
  expect(held.prerequisites[0]).toMatchObject({ id: 'PRE-LINE', status: 'held', made_inconclusive: [] });
  expect(held.requirements.find((row) => row.id === 'TEST-FUNDS')?.status).toBe('failed');
  expect(held.findings.map((finding) => finding.requirement).sort()).toEqual(['TEST-FUNDS', 'TEST-PAYS']);
  expect(held.verdict).toBe('failed');
});

test('warnings do not fail the run or a MUST requirement, even when they name it', () => {
  const mustWarned = check('c.must-warn', {
    requirements: ['TEST-B'],
    attempts: [{}],
    annotations: [
      { type: 'warning', description: '[TEST-B] slow answer' },
      { type: 'warned-requirement', description: 'TEST-B' },
    ],
  });
  const results = summary(run([passing, warned, mustWarned]));
  expect(results.verdict).toBe('passed');
  expect(results.requirements.find((row) => row.id === 'TEST-C')?.status).toBe('warning');
  expect(results.requirements.find((row) => row.id === 'TEST-A')?.status).toBe('passed');
  expect(results.requirements.find((row) => row.id === 'TEST-B')?.status).toBe('warning');
  expect(results.scores.overall).toEqual({ passed: 2, checked: 2, score: 100, inconclusive: 0, not_verified: 4 });
  expect(results.counts.warnings).toBe(2);
});

test('a message that reads like a requirement blames nothing: only the recorded failure and warned-requirement count', () => {
  const lookalike = check('c.lookalike', {
    requirements: ['TEST-A'],
    annotations: [{ type: 'warning', description: '[TEST-B] a warning written by hand' }],
    attempts: [
      { status: 'failed', ...failedWith('[TEST-B] expected status 404, got 500', 'Harness fault: written by hand') },
    ],
  });
  const results = summary(run([lookalike]));
  // Unattributed: the target's, blaming the check's own requirement, with nothing expected or got.
  expect(results.checks[0]).toMatchObject({
    outcome: 'failed',
    fault: 'target',
    failed_requirements: ['TEST-A'],
    expected: null,
    got: null,
  });
  expect(results.requirements.find((row) => row.id === 'TEST-B')?.status).toBe('uncovered');
});

test('a stale baseline (expected to fail, but passed) fails the run and names the ids to remove, not its requirements', () => {
  const results = summary(run([passing, stale]));
  expect(results.verdict).toBe('failed');
  const staleCheck = results.checks.find((c) => c.check_id === 'c.stale');
  expect(staleCheck).toMatchObject({
    outcome: 'stale-baseline',
    fault: null,
    failed_requirements: [],
    passed_requirements: ['TEST-F'],
  });
  expect(staleCheck?.error).toContain('remove this check from expected_failures');
  // The target passed it: its requirement held, the score is whole, nothing is there to fix but the list.
  expect(results.requirements.find((row) => row.id === 'TEST-F')?.status).toBe('passed');
  expect(results.scores.overall).toMatchObject({ passed: 2, checked: 2, score: 100 });
  expect(results.findings).toEqual([]);
  expect(results.stale_baseline).toEqual(['c.stale']);
});

test('a baselined failure lowers the score but not the verdict', () => {
  const baselined = check('c.baselined', {
    requirements: ['TEST-B'],
    expectedStatus: 'failed',
    attempts: [
      {
        status: 'failed',
        ...failedWith(
          targetError('[TEST-B] the status\n\nExpected: 404\nReceived: 500', 'TEST-B', { expected: '404', got: '500' }),
        ),
      },
    ],
  });
  const results = summary(run([passing, baselined]));
  expect(results.verdict).toBe('passed-with-expected-failures');
  expect(results.checks.find((c) => c.check_id === 'c.baselined')).toMatchObject({
    outcome: 'expected-failure',
    fault: 'target',
    expected: '404',
    got: '500',
  });
  expect(results.requirements.find((row) => row.id === 'TEST-B')?.status).toBe('failed');
  expect(results.scores.overall).toEqual({ passed: 1, checked: 2, score: 50, inconclusive: 0, not_verified: 4 });
});

test('a harness fault makes the run inconclusive and blames no requirement', () => {
  const harness = check('c.harness', {
    requirements: ['TEST-B'],
    attempts: [
      { status: 'failed', ...failedWith(harnessError('HarnessFault: Harness fault: could not build the request')) },
    ],
  });
  const results = summary(run([passing, harness]));
  expect(results.verdict).toBe('inconclusive');
  expect(results.checks.find((c) => c.check_id === 'c.harness')).toMatchObject({
    outcome: 'harness-fault',
    fault: 'harness',
    failed_requirements: [],
    passed_requirements: [],
  });
  expect(results.requirements.find((row) => row.id === 'TEST-B')).toMatchObject({
    status: 'inconclusive',
    reason: 'harness fault in c.harness',
  });
  expect(results.counts.harness_faults).toBe(1);
  expect(results.counts.checks.failed).toBe(0);
  // Harness faults never touch the target's score.
  expect(results.scores.overall).toMatchObject({ passed: 1, checked: 1, score: 100, inconclusive: 1 });
});

test('a check that failed only through recorded findings decides its other requirements', () => {
  const finding =
    "[TEST-D] expected the error body of GET http://target/x (404) to match its schema, got: must have required property 'timestamp'";
  const evidence = {
    expected: 'the error body of GET http://target/x (404) to match its schema',
    got: "must have required property 'timestamp'",
  };
  const soft = (id: string) =>
    check(id, {
      requirements: ['TEST-A', 'TEST-D'],
      annotations: [{ type: 'finding', description: finding }],
      attempts: [
        { status: 'failed', ...failedWith(targetError(`Error: ${finding}\n\n  12 | code frame`, 'TEST-D', evidence)) },
      ],
    });
  // The same finding, then a failure of the check's own: it stopped, so TEST-A stays undecided there.
  const stopped = check('c.stopped', {
    requirements: ['TEST-B', 'TEST-D'],
    annotations: [{ type: 'finding', description: finding }],
    attempts: [
      {
        status: 'failed',
        ...failedWith(
          targetError(finding, 'TEST-D', evidence),
          targetError('[TEST-B] expected status 404, got 200', 'TEST-B', { expected: 'status 404', got: '200' }),
        ),
      },
    ],
  });
  const results = summary(run([soft('c.soft-1'), soft('c.soft-2'), stopped]));
  expect(results.checks.find((c) => c.check_id === 'c.soft-1')).toMatchObject({
    failed_requirements: ['TEST-D'],
    passed_requirements: ['TEST-A'],
    findings: [finding],
  });
  expect(results.checks.find((c) => c.check_id === 'c.stopped')).toMatchObject({
    failed_requirements: ['TEST-D', 'TEST-B'],
    passed_requirements: [],
  });
  const statusOf = (id: string) => results.requirements.find((row) => row.id === id)?.status;
  expect(statusOf('TEST-A')).toBe('passed');
  expect(statusOf('TEST-B')).toBe('failed');
  expect(statusOf('TEST-D')).toBe('failed');
  expect(results.findings[0]).toMatchObject({
    requirement: 'TEST-D',
    checks: ['c.soft-1', 'c.soft-2', 'c.stopped'],
    reasons: [{ text: "must have required property 'timestamp'", count: 3 }],
  });
  expect(results.findings[0]?.examples).toHaveLength(3);
});

test('a filtered run that passed is partial, and what it left out is not verified, not uncovered', () => {
  const results = summary(run([passing], [], ['--tag auth']));
  expect(results.verdict).toBe('partial');
  expect(results.scope).toEqual({ filters: ['--tag auth'] });
  expect(results.uncovered).toEqual([]);
  expect(results.requirements.find((row) => row.id === 'TEST-D')).toMatchObject({
    status: 'not-verified',
    reason: 'filtered out (--tag auth)',
  });
  expect(results.headline.text).toBe(
    '1 of 7 requirements verified (1 MUST), 6 not verified on this target: 6 not verified here: filtered out (--tag auth)',
  );
  // A filtered run with a failure still fails.
  expect(summary(run([passing, failing], [], ['--grep c.'])).verdict).toBe('failed');
});

test('the reference profile layer is scored beside the verdict, and a not-testable requirement is shown as such', () => {
  const layered: Requirement[] = [
    ...requirements.slice(0, 2),
    {
      id: 'TEST-P',
      part: 'states',
      level: 'MUST',
      statement: 'p',
      source: 's',
      layer: 'profile',
      not_testable: null,
      prerequisites: [],
    },
    {
      id: 'TEST-N',
      part: 'errors',
      level: 'MUST',
      statement: 'n',
      source: 's',
      layer: 'specification',
      not_testable: 'an internal failure no client can provoke',
      prerequisites: [],
    },
  ];
  const profileCheck = check('c.profile', {
    requirements: ['TEST-P'],
    attempts: [
      {
        status: 'failed',
        ...failedWith(targetError('[TEST-P] expected 409, got 400', 'TEST-P', { expected: '409', got: '400' })),
      },
    ],
  });
  const results = summarize({
    run: run([passing, profileCheck]),
    requirements: layered,
    prerequisites: [],
    endpoints,
    notProvokable: [],
    specVersion: '1.0.0',
    target: { base_url: null, capabilities: null },
    problems: [],
  });
  expect(results.reference_profile).toEqual({ passed: 0, checked: 1, failed: ['TEST-P'], inconclusive: 0 });
  expect(results.scores.overall).toMatchObject({ passed: 1, checked: 1 });
  expect(results.requirements.find((row) => row.id === 'TEST-N')).toMatchObject({
    status: 'not-testable',
    reason: 'an internal failure no client can provoke',
  });
  expect(results.headline).toMatchObject({ total: 3, verified: 1 });
  // The verdict is the specification's: a broken decision of the reference profile is shown beside it.
  expect(results.verdict).toBe('passed');

  // A profile failure that stopped its check before it decided a requirement of the specification
  // leaves the verdict unable to say passed.
  const mixed = check('c.mixed', {
    requirements: ['TEST-B', 'TEST-P'],
    attempts: [
      {
        status: 'failed',
        ...failedWith(targetError('[TEST-P] expected 409, got 400', 'TEST-P', { expected: '409', got: '400' })),
      },
    ],
  });
  const undecided = summarize({
    run: run([passing, mixed]),
    requirements: layered,
    prerequisites: [],
    endpoints,
    notProvokable: [],
    specVersion: '1.0.0',
    target: { base_url: null, capabilities: null },
    problems: [],
  });
  expect(undecided.requirements.find((row) => row.id === 'TEST-B')?.status).toBe('inconclusive');
  expect(undecided.verdict).toBe('inconclusive');
});

test('a target failure outweighs a harness fault in the verdict', () => {
  const harness = check('c.harness', {
    requirements: ['TEST-A'],
    attempts: [{ status: 'failed', ...failedWith(harnessError('Harness fault: no member')) }],
  });
  expect(summary(run([failing, harness])).verdict).toBe('failed');
});

test('a flaky check fails, and keeps the calls and error of its failing attempt', () => {
  const flaky = check('c.flaky', {
    requirements: ['TEST-A'],
    attempts: [
      {
        status: 'failed',
        ...failedWith(
          targetError('[TEST-A] expected status 200, got 503', 'TEST-A', { expected: 'status 200', got: '503' }),
        ),
        calls: [call('member.getMember', 503)],
      },
      { calls: [call('member.getMember', 200)] },
    ],
  });
  const results = summary(run([flaky]));
  const reported = results.checks[0];
  expect(reported).toMatchObject({
    outcome: 'flaky',
    fault: 'target',
    expected: 'status 200',
    got: '503',
    call_count: 2,
  });
  expect(reported?.calls.map((c) => c.status)).toEqual([503]);
  expect(results.verdict).toBe('failed');
  expect(results.requirements.find((row) => row.id === 'TEST-A')?.status).toBe('failed');
});

test('a failure that names none of its requirements blames them all', () => {
  const timeout = check('c.timeout', {
    requirements: ['TEST-A', 'TEST-B'],
    attempts: [{ status: 'timedOut', errors: ['Test timeout of 30000ms exceeded.'] }],
  });
  const reported = summary(run([timeout])).checks[0];
  expect(reported).toMatchObject({
    outcome: 'failed',
    fault: 'target',
    failed_requirements: ['TEST-A', 'TEST-B'],
    error: 'Test timeout of 30000ms exceeded.',
  });
});

test('a failure under a requirement the check does not name blames that requirement, and fails a specification one', () => {
  const layered: Requirement[] = [
    ...requirements,
    {
      id: 'TEST-P',
      part: 'states',
      level: 'MUST',
      statement: 'p',
      source: 's',
      layer: 'profile',
      not_testable: null,
      prerequisites: [],
    },
  ];
  // A check of the reference profile whose setup read broke a rule of the specification on the way.
  const profileCheck = check('c.profile', {
    requirements: ['TEST-P'],
    attempts: [
      {
        status: 'failed',
        ...failedWith(
          targetError('[TEST-A] expected status 200, got 404', 'TEST-A', { expected: 'status 200', got: '404' }),
        ),
      },
    ],
  });
  const results = summarize({
    run: run([profileCheck]),
    requirements: layered,
    prerequisites: [],
    endpoints,
    notProvokable: [],
    specVersion: '1.0.0',
    target: { base_url: null, capabilities: null },
    problems: [],
  });
  expect(results.checks[0]).toMatchObject({ failed_requirements: ['TEST-A'], passed_requirements: [] });
  expect(results.requirements.find((row) => row.id === 'TEST-A')).toMatchObject({
    status: 'failed',
    checks: ['c.profile'],
  });
  expect(results.requirements.find((row) => row.id === 'TEST-P')?.status).toBe('inconclusive');
  expect(results.verdict).toBe('failed');
  // A tag that is no requirement of the catalogue is a problem of the run, and fails it.
  const stray = check('c.stray', {
    requirements: ['TEST-P'],
    attempts: [{ status: 'failed', ...failedWith(targetError('[NOT-IN-CATALOGUE] broke', 'NOT-IN-CATALOGUE')) }],
  });
  const strayResults = summarize({
    run: run([stray]),
    requirements: layered,
    prerequisites: [],
    endpoints,
    notProvokable: [],
    specVersion: '1.0.0',
    target: { base_url: null, capabilities: null },
    problems: [],
  });
  expect(strayResults.problems).toContain(
    'check c.stray failed under requirement NOT-IN-CATALOGUE, which is not in catalogue 1.0.0',
  );
  expect(strayResults.verdict).toBe('failed');
});

test('passed checks keep no calls, but their calls still count for coverage', () => {
  const results = summary(run([passing]));
  expect(results.checks[0]).toMatchObject({ outcome: 'passed', calls: [], call_count: 6, error: null, fault: null });
  expect(results.coverage.exercised_listed_statuses).toBe(2);
});

test('a quarantined check is skipped with its reason, and a run where nothing ran is inconclusive', () => {
  const results = summary(run([quarantined]));
  expect(results.checks[0]).toMatchObject({
    outcome: 'skipped',
    quarantined: true,
    skip_reason: 'c.skip is in the quarantine list',
  });
  expect(results.verdict).toBe('inconclusive');
});

test('run errors, unknown requirements, unreadable calls and anonymous tests become problems', () => {
  const odd = check(null, {
    requirements: ['TEST-A', 'NOT-IN-CATALOGUE'],
    attempts: [
      { callAttachments: [{ body: 'not json' }, { body: '[{"method":1}]' }, { path: '/nonexistent/dss-calls.json' }] },
    ],
  });
  const results = summary(run([odd], ['Error: global setup failed']));
  expect(results.checks[0]?.check_id).toBe('title of null');
  expect(results.problems).toEqual([
    'run error: global setup failed',
    'test "title of null" (checks/sample.spec.ts) has no check annotation; its title stands in for the check id',
    'check title of null: a dss-calls attachment is not JSON',
    'check title of null: 1 recorded call(s) have the wrong shape',
    'check title of null: cannot read dss-calls attachment /nonexistent/dss-calls.json',
    'check title of null names requirement NOT-IN-CATALOGUE, which is not in catalogue 1.0.0',
  ]);
  expect(results.verdict).toBe('inconclusive');
});

test('a check never run (its target stage failed) leaves its requirements inconclusive; one that skipped itself for a reason, not verified', () => {
  const notRun = check('c.not-run', { requirements: ['TEST-A'], attempts: [{ status: 'skipped' }] });
  const lacking = check('c.lacking', {
    requirements: ['TEST-B'],
    attempts: [{ status: 'skipped' }],
    annotations: [{ type: 'skip', description: 'needs the simulator control plane' }],
  });
  const rows = summary(run([notRun, lacking])).requirements;
  const row = (id: string) => rows.find((requirement) => requirement.id === id);
  expect(row('TEST-A')?.status).toBe('inconclusive');
  expect(row('TEST-A')?.reason).toMatch(/^not run/);
  expect(row('TEST-B')).toMatchObject({ status: 'not-verified', reason: 'needs the simulator control plane' });
});

test('a requirement held by some checks and not reached by others says both counts: inconclusive when one ran, passed when the others were not run', () => {
  // c.pass and c.also-a held TEST-A; c.stops ran but stopped at TEST-B before reaching it.
  const alsoA = check('c.also-a', { requirements: ['TEST-A'], attempts: [{}] });
  const stops = check('c.stops', {
    requirements: ['TEST-B', 'TEST-A'],
    attempts: [
      {
        status: 'failed',
        ...failedWith(
          targetError('[TEST-B] expected status 404, got 500', 'TEST-B', { expected: 'status 404', got: '500' }),
        ),
      },
    ],
  });
  const row = (results: ReturnType<typeof summary>, id: string) =>
    results.requirements.find((entry) => entry.id === id);
  const notReached = summary(run([passing, alsoA, stops]));
  expect(row(notReached, 'TEST-A')).toMatchObject({
    status: 'inconclusive',
    reason: 'held in 2 checks, but 1 could not reach it: c.stops stopped at TEST-B before reaching it',
    check_counts: { broken: 0, held: 2, not_reached: 1, not_run: 0 },
  });
  expect(row(notReached, 'TEST-B')).toMatchObject({
    status: 'failed',
    check_counts: { broken: 1, held: 0, not_reached: 0, not_run: 0 },
  });
  expect(notReached.findings.find((finding) => finding.requirement === 'TEST-B')?.check_counts).toEqual({
    broken: 1,
    held: 0,
    not_reached: 0,
    not_run: 0,
  });
  // The checks not run here never tried: what ran decided it, so it passed, and the counts say the rest.
  const skippedA = check('c.skip-a', {
    requirements: ['TEST-A'],
    attempts: [{ status: 'skipped' }],
    annotations: [{ type: 'skip', description: 'needs the simulator control plane' }],
  });
  const notRun = summary(run([passing, alsoA, skippedA]));
  expect(row(notRun, 'TEST-A')).toMatchObject({
    status: 'passed',
    reason: null,
    check_counts: { broken: 0, held: 2, not_reached: 0, not_run: 1 },
  });
});

test('"stopped at" names the requirement a check failed at first, never an interoperability prerequisite', () => {
  const layered: Requirement[] = [
    ...requirements,
    {
      id: 'TEST-P',
      part: 'states',
      level: 'MUST',
      statement: 'p',
      source: 's',
      layer: 'profile',
      not_testable: null,
      prerequisites: [],
    },
  ];
  const mixed = check('c.mixed', {
    requirements: ['TEST-A', 'TEST-P'],
    attempts: [
      {
        status: 'failed',
        ...failedWith(targetError('[TEST-P] expected 409, got 400', 'TEST-P', { expected: '409', got: '400' })),
      },
    ],
  });
  const results = summarize({
    run: run([mixed]),
    requirements: layered,
    prerequisites: [],
    endpoints,
    notProvokable: [],
    specVersion: '1.0.0',
    target: { base_url: null, capabilities: null },
    problems: [],
  });
  expect(results.requirements.find((row) => row.id === 'TEST-A')?.reason).toBe(
    'c.mixed stopped at TEST-P (reference profile) before reaching it',
  );
  expect(results.headline.why[0]?.reason).not.toContain('prerequisite');
  expect(results.prerequisites).toEqual([]);
});

test('the 429s waited out are counted from every check’s annotation, and a 429 that persisted leaves the specification undecided, not failed', () => {
  const limited = (responses: number, waited_ms: number) => ({
    type: 'rate-limited',
    description: JSON.stringify({ responses, waited_ms }),
  });
  const waitedOut = check('c.waited', {
    requirements: ['TEST-A'],
    attempts: [{ calls: [{ ...call('member.getMember', 200), rate_limited: { responses: 3, waited_ms: 1750 } }] }],
    annotations: [limited(3, 1750)],
  });
  const persisted = check('c.persisted', {
    requirements: ['TEST-B'],
    attempts: [
      {
        status: 'failed',
        ...failedWith(
          targetError(
            'CheckFailure: [TEST-RATE] GET http://target/x: answered 429 Too Many Requests 9 times in a row; …',
            'TEST-RATE',
          ),
        ),
        calls: [{ ...call('member.getMember', 429), rate_limited: { responses: 9, waited_ms: 58_000 } }],
      },
    ],
    annotations: [limited(9, 58_000)],
  });
  const unreadable = check('c.unreadable', {
    requirements: ['TEST-A'],
    attempts: [{}],
    annotations: [{ type: 'rate-limited', description: 'lots' }],
  });
  const rate: Requirement = {
    id: 'TEST-RATE',
    part: 'limits',
    level: 'MUST',
    statement: 'a 429 lifts',
    source: 's',
    layer: 'profile',
    not_testable: null,
    prerequisites: [],
  };
  const results = summarize({
    run: run([waitedOut, persisted, passing, unreadable]),
    requirements: [...requirements, rate],
    prerequisites: [],
    endpoints,
    notProvokable: [],
    specVersion: '1.0.0',
    target: { base_url: 'http://target', capabilities: null },
    problems: [],
  });
  expect(results.counts.rate_limited).toEqual({ responses: 12, checks: 2, waited_ms: 59_750 });
  expect(results.problems.filter((problem) => problem.includes('rate-limited'))).toHaveLength(1);
  expect(results.requirements.find((row) => row.id === 'TEST-RATE')?.status).toBe('failed');
  expect(results.requirements.find((row) => row.id === 'TEST-B')?.status).toBe('inconclusive');
  expect(results.verdict).toBe('inconclusive');
  expect(summary(run([passing])).counts.rate_limited).toEqual({ responses: 0, checks: 0, waited_ms: 0 });
});

test('a passing check that says it did not verify a requirement here is not credited with it, and the report says why', () => {
  const left = {
    type: 'not-verified-here',
    description: JSON.stringify({ requirement: 'TEST-C', why: 'needs profile credential members.mmA.tokens.viewer' }),
  };
  const partial = check('c.partial', {
    requirements: ['TEST-A', 'TEST-C'],
    attempts: [{ annotations: [left] }],
    annotations: [left],
  });
  const results = summary(run([partial]));
  const reported = results.checks.find((entry) => entry.check_id === 'c.partial');
  expect(reported?.outcome).toBe('passed');
  expect(reported?.passed_requirements).toEqual(['TEST-A']);
  expect(reported?.not_verified_here).toEqual([
    { requirement: 'TEST-C', why: 'needs profile credential members.mmA.tokens.viewer' },
  ]);
  expect(results.requirements.find((row) => row.id === 'TEST-A')?.status).toBe('passed');
  expect(results.requirements.find((row) => row.id === 'TEST-C')?.status).not.toBe('passed');
  expect(results.problems).toEqual([]);
  const damaged = check('c.damaged', {
    requirements: ['TEST-A'],
    attempts: [{ annotations: [{ type: 'not-verified-here', description: 'TEST-C' }] }],
  });
  expect(summary(run([damaged])).problems).toEqual([
    'a not-verified-here annotation that is not {requirement, why}: TEST-C',
  ]);
});

test('a passing check credits only what it verifies; a set-up failure blames the used requirement and leaves the verified one inconclusive', () => {
  const used = [{ type: 'uses', description: 'TEST-B' }];
  const passed = check('c.uses-passed', { requirements: ['TEST-A'], attempts: [{}], annotations: used });
  const credited = summary(run([passed]));
  expect(credited.checks[0]).toMatchObject({
    outcome: 'passed',
    requirements: ['TEST-A'],
    uses: ['TEST-B'],
    passed_requirements: ['TEST-A'],
  });
  expect(credited.requirements.find((row) => row.id === 'TEST-A')?.status).toBe('passed');
  expect(credited.requirements.find((row) => row.id === 'TEST-B')?.status).not.toBe('passed');
  const setUpBroke = check('c.uses-failed', {
    requirements: ['TEST-A'],
    attempts: [
      {
        status: 'failed',
        ...failedWith(
          targetError('[TEST-B] expected status 200, got 404', 'TEST-B', { expected: 'status 200', got: '404' }),
        ),
      },
    ],
    annotations: used,
  });
  const blamed = summary(run([setUpBroke]));
  expect(blamed.checks[0]).toMatchObject({
    outcome: 'failed',
    fault: 'target',
    failed_requirements: ['TEST-B'],
    passed_requirements: [],
  });
  expect(blamed.requirements.find((row) => row.id === 'TEST-B')?.status).toBe('failed');
  expect(blamed.requirements.find((row) => row.id === 'TEST-A')?.status).toBe('inconclusive');
});
