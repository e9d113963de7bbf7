import type { CheckReport, ConformanceResults } from './report-types.ts';

/**
 * junit.xml from the conformance aggregation, so CI reads the same judgement as the report: a failure
 * of the target is `<failure>` (its type and message name the requirement, with expected and got), a
 * fault of the harness is `<error>`, a check not verified here is `<skipped message="why">`, and every
 * testcase carries its check id and requirement ids as properties. One testsuite per check file.
 * Checked against the Jenkins xUnit plugin's JUnit schema (fixture of junit.test.ts).
 */
export function renderJunit(results: ConformanceResults): string {
  const files = new Map<string, CheckReport[]>();
  for (const check of results.checks) files.set(check.file, [...(files.get(check.file) ?? []), check]);
  const suites = [...files].map(([file, checks]) => testsuite(file, checks, results.started_at));
  const all = results.checks;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="DSS conformance ${attr(results.spec_version)}: ${attr(results.verdict)}" tests="${all.length}" failures="${all.filter(isFailure).length}" errors="${all.filter(isError).length}" time="${seconds(results)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function testsuite(file: string, checks: CheckReport[], timestamp: string): string {
  const head = `  <testsuite name="${attr(file)}" tests="${checks.length}" failures="${checks.filter(isFailure).length}" errors="${checks.filter(isError).length}" skipped="${checks.filter((check) => check.outcome === 'skipped').length}" timestamp="${attr(timestamp)}">`;
  return [head, ...checks.map(testcase), '  </testsuite>'].join('\n');
}

function testcase(check: CheckReport): string {
  const properties = [
    property('check', check.check_id),
    ...check.requirements.map((id) => property('requirement', id)),
    ...check.failed_requirements.map((id) => property('failed_requirement', id)),
  ];
  const lines = [
    `    <testcase name="${attr(check.title)}" classname="${attr(check.check_id)}">`,
    '      <properties>',
    ...properties,
    '      </properties>',
  ];
  const verdict = verdictElement(check);
  if (verdict !== null) lines.push(verdict);
  lines.push('    </testcase>');
  return lines.join('\n');
}

function verdictElement(check: CheckReport): string | null {
  switch (check.outcome) {
    case 'passed':
      return null;
    case 'skipped':
      return `      <skipped message="${attr(check.skip_reason === null ? 'not run: a stage it depends on (target.reachable) failed, or the run stopped early' : `not verified here: ${check.skip_reason}`)}"/>`;
    case 'expected-failure':
      return `      <system-out>${text(`In the expected-failures baseline, and failed as listed:\n${check.error ?? ''}`)}</system-out>`;
    case 'harness-fault':
      return `      <error type="harness-fault" message="${attr(firstLine(check.error))}">${text(check.error ?? '')}</error>`;
    default: {
      // failed, flaky, stale baseline: the target's (or its baseline's) failure.
      const ids = check.failed_requirements.join(' ');
      const message = [
        ids === '' ? null : ids,
        check.outcome === 'failed' ? null : check.outcome,
        firstLine(check.error),
      ]
        .filter(Boolean)
        .join(': ');
      const body = [
        check.expected === null ? null : `expected: ${check.expected}`,
        check.got === null ? null : `got: ${check.got}`,
        check.error,
      ]
        .filter((part) => part !== null)
        .join('\n');
      return `      <failure type="${attr(ids === '' ? check.outcome : ids)}" message="${attr(message)}">${text(body)}</failure>`;
    }
  }
}

function isFailure(check: CheckReport): boolean {
  return check.outcome === 'failed' || check.outcome === 'flaky' || check.outcome === 'stale-baseline';
}

function isError(check: CheckReport): boolean {
  return check.outcome === 'harness-fault';
}

function property(name: string, value: string): string {
  return `        <property name="${attr(name)}" value="${attr(value)}"/>`;
}

function firstLine(message: string | null): string {
  const line = (message ?? '').split('\n')[0] ?? '';
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}

function seconds(results: ConformanceResults): string {
  const ms = Date.parse(results.finished_at) - Date.parse(results.started_at);
  return Number.isFinite(ms) && ms >= 0 ? (ms / 1000).toFixed(3) : '0';
}

/**
 * Text a target sent can hold characters XML 1.0 forbids even escaped (most C0 controls, lone
 * surrogates, U+FFFE/U+FFFF): they are written as `\uXXXX` so the file always parses.
 */
function xmlSafe(value: string): string {
  return value.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function text(value: string): string {
  return xmlSafe(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
