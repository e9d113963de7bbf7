import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedCall } from '../runtime/recorder.ts';
import type { CheckReport } from './report-types.ts';
import { reproductionOf } from './reproduction.ts';

/**
 * The script of a reproduction sends exactly what the check sent, and nothing the target or a check
 * wrote can run as a command: run here with sh and a stand-in for curl that keeps what it was given.
 * (The run against a real simulator with real curl is reproduction-run.test.ts.)
 */

const context = { base_url: 'http://target:8080', suite_version: '0.1.0', finished_at: '2030-01-01T00:00:30.000Z' };

function failedCheck(calls: RecordedCall[], overrides: Partial<CheckReport> = {}): CheckReport {
  return {
    check_id: 'area.some-check',
    title: 'area.some-check refuses what it must',
    file: 'checks/area.spec.ts',
    requirements: ['REQ-A'],
    uses: [],
    failed_requirements: ['REQ-A'],
    passed_requirements: [],
    findings: [],
    outcome: 'failed',
    fault: 'target',
    quarantined: false,
    skip_reason: null,
    not_verified_here: [],
    warnings: [],
    error: '[REQ-A] expected 404\ntouch CANARY-ERROR',
    expected: null,
    got: null,
    call_count: calls.length,
    calls,
    ...overrides,
  };
}

function call(overrides: Partial<RecordedCall>): RecordedCall {
  return {
    endpoint_id: null,
    method: 'GET',
    url: 'http://target:8080/client/v1/api/members',
    status: 200,
    request_headers: { accept: 'application/json' },
    request_body: null,
    response_headers: {},
    response_body: null,
    duration_ms: 2,
    ...overrides,
  };
}

/** A curl that writes the arguments and the body it got to `<dir>/call-<n>.*` and answers 200. */
function fakeCurl(dir: string): void {
  const file = join(dir, 'curl');
  writeFileSync(
    file,
    `#!/bin/sh\nn=$(($(cat "${dir}/count" 2>/dev/null || echo 0) + 1)); echo $n > "${dir}/count"\nprintf '%s\\n' "$@" > "${dir}/call-$n.args"\ncat > "${dir}/call-$n.body"\nprintf '\\n--> call %s: HTTP 200\\n' $n\n`,
  );
  chmodSync(file, 0o755);
}

test('the script sends each body byte for byte and each header as recorded, and nothing the target sent runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-reproduction-'));
  try {
    fakeCurl(dir);
    const body = `{"note":"it's $(touch CANARY-BODY) \`touch CANARY-TICK\` 100% \\\\n"}\n<?xml version='1.0'?>\u0000\u0007\tend`;
    const calls = [
      call({
        method: 'POST',
        request_headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: 'Bearer [redacted]',
          'x-quote': `it's "$HOME"`,
        },
        request_body: body,
        request_template: {
          headers: { authorization: 'Bearer ${DSS_TOKEN_MMA_3}' },
          credentials: [
            {
              placeholder: 'DSS_TOKEN_MMA_3',
              variable: 'DSS_TOKEN_MMA',
              member: 'w0-mma',
              rights: { role: 'manager' },
            },
          ],
        },
        status: 400,
        response_body: 'bad\ntouch CANARY-RESPONSE\n',
      }),
      // A value the report does not keep, and a GET with a body.
      call({
        request_headers: { authorization: 'Bearer [redacted]' },
        request_body: '{"filter":1}',
        url: 'http://target:8080/client/v1/api/x?sig=%5Bredacted%5D&a=[1]',
        status: null,
        error: 'timeout: timed out',
      }),
    ];
    const reproduction = reproductionOf(
      failedCheck(calls, { title: 'area.some-check title\ntouch CANARY-TITLE' }),
      context,
    )!;
    expect(reproduction.file).toBe('reproductions/area.some-check.sh');
    // The worker's third token of mmA is this script's first: it is named as such.
    expect(reproduction.variables.map((variable) => variable.name)).toEqual([
      'DSS_TOKEN_MMA',
      'DSS_REDACTED_1',
      'DSS_REDACTED_2',
    ]);
    expect(reproduction.variables[1]?.description).toContain('what call 2 sent in its authorization header');
    expect(reproduction.variables[2]?.description).toContain('what call 2 sent in its URL');
    expect(reproduction.script).toContain('# It got no answer: timeout: timed out');

    const file = join(dir, 'script.sh');
    writeFileSync(file, reproduction.script);
    const run = spawnSync('sh', [file], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: `${dir}:/usr/bin:/bin`,
        HOME: '/nowhere',
        DSS_TOKEN_MMA: 'token-of-mma',
        DSS_REDACTED_1: 'made-up',
        DSS_REDACTED_2: 'sig-value',
      },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('--> call 2: HTTP 200');
    for (const canary of ['CANARY-BODY', 'CANARY-TICK', 'CANARY-RESPONSE', 'CANARY-TITLE', 'CANARY-ERROR'])
      expect(existsSync(join(dir, canary)), canary).toBe(false);

    expect(readFileSync(join(dir, 'call-1.body'), 'utf8')).toBe(body);
    const first = readFileSync(join(dir, 'call-1.args'), 'utf8').split('\n');
    expect(first).toEqual(
      expect.arrayContaining([
        '-X',
        'POST',
        'http://target:8080/client/v1/api/members',
        'authorization: Bearer token-of-mma',
        `x-quote: it's "$HOME"`,
        '--data-binary',
        '@-',
        '-g',
        '--path-as-is',
      ]),
    );
    // curl's own headers the run did not send are removed; those it sent are not.
    expect(first).toEqual(expect.arrayContaining(['user-agent:']));
    expect(first).not.toContain('accept:');
    const second = readFileSync(join(dir, 'call-2.args'), 'utf8').split('\n');
    expect(second).toEqual(
      expect.arrayContaining([
        '-X',
        'GET',
        'http://target:8080/client/v1/api/x?sig=sig-value&a=[1]',
        'authorization: Bearer made-up',
        'accept:',
        'content-type:',
      ]),
    );
    expect(readFileSync(join(dir, 'call-2.body'), 'utf8')).toBe('{"filter":1}');

    // DSS_BASE_URL sends the calls elsewhere.
    rmSync(join(dir, 'count'));
    spawnSync('sh', [file], {
      cwd: dir,
      env: {
        PATH: `${dir}:/usr/bin:/bin`,
        DSS_TOKEN_MMA: 't',
        DSS_REDACTED_1: 'r',
        DSS_REDACTED_2: 's',
        DSS_BASE_URL: 'https://elsewhere',
      },
    });
    expect(readFileSync(join(dir, 'call-1.args'), 'utf8').split('\n')).toContain(
      'https://elsewhere/client/v1/api/members',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a profile token is taken from the variable the profile reads it from, and only failed checks with calls have a script', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-reproduction-'));
  try {
    fakeCurl(dir);
    const calls = [
      call({
        request_headers: { authorization: 'Bearer [redacted]' },
        request_template: {
          headers: { authorization: 'Bearer ${DSS_TOKEN_MMA_1}' },
          credentials: [
            {
              placeholder: 'DSS_TOKEN_MMA_1',
              variable: 'DSS_TOKEN_MMA',
              member: 'bank-a',
              profile_path: 'members.mmA.token',
              profile_variable: 'MMA_TOKEN',
            },
          ],
        },
      }),
    ];
    const reproduction = reproductionOf(failedCheck(calls), context)!;
    expect(reproduction.variables).toEqual([
      expect.objectContaining({
        name: 'DSS_TOKEN_MMA',
        profile_path: 'members.mmA.token',
        profile_variable: 'MMA_TOKEN',
      }),
    ]);
    expect(reproduction.script).toMatch(/^# DSS_TOKEN_MMA +.*members\.mmA\.token/m);
    const file = join(dir, 'script.sh');
    writeFileSync(file, reproduction.script);
    const run = spawnSync('sh', [file], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: `${dir}:/usr/bin:/bin`, MMA_TOKEN: 'from-the-profile-variable' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(join(dir, 'call-1.args'), 'utf8').split('\n')).toContain(
      'authorization: Bearer from-the-profile-variable',
    );

    for (const outcome of ['passed', 'skipped', 'stale-baseline'] as const)
      expect(reproductionOf(failedCheck(calls, { outcome }), context), outcome).toBeNull();
    expect(reproductionOf(failedCheck([]), context)).toBeNull();
    expect(reproductionOf(failedCheck(calls, { outcome: 'expected-failure' }), context)).not.toBeNull();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
