import { failedWith, harnessError, targetError, type MadeError } from '../../test-support/failed-attempt.ts';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { XmlDocument, XmlElement, XsdValidator } from 'libxml2-wasm';
import { endpoints } from '../../schemas/endpoints.ts';
import { loadRequirements } from '../requirements/catalogue.ts';
import { renderJunit } from './junit.ts';
import type { RawCheck } from './report-types.ts';
import { summarize } from './summarize.ts';

/**
 * junit.xml as CI reads it: validated against the Jenkins xUnit plugin's JUnit schema (fixtures/, with
 * its source), and each kind of outcome in its own element.
 */

const finding =
  "[ERR-BODY-SHAPE] expected the error body of GET http://target/x (404) to match its schema, got: must have required property 'timestamp'";
const raw = (
  id: string,
  requirements: string[],
  extra: Partial<RawCheck> & { status?: 'passed' | 'failed' | 'skipped'; errors?: MadeError[] },
): RawCheck => ({
  title: `${id} title <&> "quoted"`,
  file: `checks/${id.split('.')[0]}.spec.ts`,
  expectedStatus: extra.expectedStatus ?? 'passed',
  annotations: [
    { type: 'check', description: id },
    ...requirements.map((r) => ({ type: 'requirement', description: r })),
    ...(extra.annotations ?? []),
  ],
  attempts: [{ status: extra.status ?? 'passed', ...failedWith(...(extra.errors ?? [])), callAttachments: [] }],
});

const checks: RawCheck[] = [
  raw('dir.member-get', ['DIR-MEMBER-GET'], {}),
  raw('dir.member-not-found', ['DIR-MEMBER-NOT-FOUND'], {
    status: 'failed',
    errors: [
      targetError(
        'CheckFailure: [DIR-MEMBER-NOT-FOUND] GET http://target/x: expected status 404, got 500; body: \u0001<b>&',
        'DIR-MEMBER-NOT-FOUND',
        { expected: 'status 404', got: '500; body: \u0001<b>&' },
      ),
    ],
  }),
  raw('accounts.unknown', ['ACC-GET', 'ERR-BODY-SHAPE'], {
    status: 'failed',
    errors: [targetError(finding, 'ERR-BODY-SHAPE')],
    annotations: [{ type: 'finding', description: finding }],
  }),
  raw('auth.viewer', ['AUTH-ROLE-VIEWER'], {
    status: 'failed',
    errors: [harnessError('Harness fault: the profile names no viewer token')],
  }),
  raw('auth.refresh', ['AUTH-REFRESH'], {
    status: 'skipped',
    annotations: [{ type: 'skip', description: 'needs profile credential members.mmA.tokens.second_session' }],
  }),
  raw('pp.sort', ['PP-SORT'], {
    status: 'failed',
    expectedStatus: 'failed',
    errors: [targetError('[PP-SORT] expected a, got b', 'PP-SORT', { expected: 'a', got: 'b' })],
  }),
];

function junitOf(): string {
  const results = summarize({
    run: {
      checks,
      scope: { filters: [] },
      runErrors: [],
      startedAt: '2030-01-01T00:00:00.000Z',
      finishedAt: '2030-01-01T00:01:05.500Z',
    },
    requirements: loadRequirements('1.0.0'),
    prerequisites: [],
    endpoints,
    notProvokable: [],
    specVersion: '1.0.0',
    target: { base_url: 'http://target', capabilities: null },
    problems: [],
  });
  return renderJunit(results);
}

test('junit.xml validates against the JUnit schema', () => {
  const schema = XmlDocument.fromBuffer(readFileSync(new URL('./fixtures/junit-10.xsd', import.meta.url)));
  const validator = XsdValidator.fromDoc(schema);
  const document = XmlDocument.fromString(junitOf());
  // The schema does refuse what it should: a testcase without its name.
  const broken = XmlDocument.fromString(junitOf().replace(/<testcase name="[^"]*"/, '<testcase'));
  try {
    expect(() => validator.validate(document)).not.toThrow();
    expect(() => validator.validate(broken)).toThrow(/name/);
  } finally {
    document.dispose();
    broken.dispose();
    validator.dispose();
    schema.dispose();
  }
});

test('a target failure is <failure> naming the requirement with expected and got, a harness fault is <error>, a skip says why', () => {
  const document = XmlDocument.fromString(junitOf());
  try {
    const testcase = (id: string) => {
      const found = document.get(`//testcase[@classname="${id}"]`);
      if (!(found instanceof XmlElement)) throw new Error(`no testcase for ${id}`);
      return found;
    };
    const child = (id: string, name: string) => testcase(id).get(name) as XmlElement | null;

    const failure = child('dir.member-not-found', 'failure');
    expect(failure?.attr('type')?.value).toBe('DIR-MEMBER-NOT-FOUND');
    expect(failure?.attr('message')?.value).toBe(
      'DIR-MEMBER-NOT-FOUND: [DIR-MEMBER-NOT-FOUND] GET http://target/x: expected status 404, got 500; body: \\u0001<b>&',
    );
    expect(failure?.content).toContain('expected: status 404\ngot: 500; body: \\u0001<b>&');
    expect(child('dir.member-not-found', 'error')).toBeNull();

    expect(child('accounts.unknown', 'failure')?.attr('type')?.value).toBe('ERR-BODY-SHAPE');

    const error = child('auth.viewer', 'error');
    expect(error?.attr('type')?.value).toBe('harness-fault');
    expect(error?.attr('message')?.value).toBe('Harness fault: the profile names no viewer token');
    expect(child('auth.viewer', 'failure')).toBeNull();

    expect(child('auth.refresh', 'skipped')?.attr('message')?.value).toBe(
      'not verified here: needs profile credential members.mmA.tokens.second_session',
    );
    expect(child('dir.member-get', 'failure')).toBeNull();
    expect(child('pp.sort', 'failure')).toBeNull();

    const properties = (id: string) =>
      testcase(id)
        .find('properties/property')
        .map((node) => {
          const element = node as XmlElement;
          return [element.attr('name')?.value, element.attr('value')?.value];
        });
    expect(properties('accounts.unknown')).toEqual([
      ['check', 'accounts.unknown'],
      ['requirement', 'ACC-GET'],
      ['requirement', 'ERR-BODY-SHAPE'],
      ['failed_requirement', 'ERR-BODY-SHAPE'],
    ]);
    const root = document.root;
    expect([
      root.attr('tests')?.value,
      root.attr('failures')?.value,
      root.attr('errors')?.value,
      root.attr('time')?.value,
    ]).toEqual(['6', '2', '1', '65.500']);
  } finally {
    document.dispose();
  }
});
