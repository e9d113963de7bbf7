import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { endpointById, endpoints, isEndpointId } from '../../schemas/endpoints.ts';
import { validate } from '../../schemas/validators.ts';
import { fuzzCases, type FuzzCase } from './cases.ts';
import { hostileXmlNames } from './hostile-payloads.ts';

/**
 * The generators themselves: the fuzz test can only claim what they actually send. Every endpoint and
 * every defect must come up, and the defects that break a body by the catalogue's schema must really
 * break it (else a refusal would prove nothing, and an acceptance would be the generator's fault).
 */

const world = {
  tokenizer: {
    identification: 'tokenizer-usd',
    bicfi: 'TKNUUS33',
    token: 'eyJh.eyJz.c2lnbmF0dXJlLW9mLXRoZS10b2tlbml6ZXI',
  },
  maker: { identification: 'mm-london', bicfi: 'MMLOGB2L', token: 'eyJh.eyJz.c2lnbmF0dXJlLW9mLXRoZS1tYWtlcg' },
  partnerBicfi: 'MMSGSGSG',
  makerViewer: 'viewer',
  revoked: 'revoked',
};

let cases: FuzzCase[];
test.beforeAll(() => {
  cases = fc.sample(fuzzCases(world), { numRuns: 6_000, seed: 42 });
});

test('every catalogue endpoint is aimed at, with every kind of defect', () => {
  expect(new Set(cases.map((fuzzCase) => fuzzCase.endpoint))).toEqual(
    new Set(endpoints.map((endpoint) => endpoint.id)),
  );
  const defects = new Set(cases.map((fuzzCase) => fuzzCase.defect.replace(/ \(.*\)$/, '')));
  for (const defect of [
    'token:missing',
    'token:garbage',
    'token:scheme',
    'token:tampered',
    'token:revoked',
    'token:wrong-family',
    'token:viewer-writes',
    'route:unknown-path',
    'route:long-path',
    'route:bad-version',
    'route:garbled-segment',
    'method:unserved',
    'method:head',
    'http:malformed',
    'query:duplicate',
    'query:invalid-value',
    'query:missing-required',
    'path:invalid-value',
    'body:malformed-json',
    'body:invalid-utf8',
    'body:oversize',
    'body:declared-oversize',
    'body:missing',
    'body:wrong-top-type',
    'body:deep-nesting',
    'body:drop-required',
    'body:wrong-type',
    'body:bad-base64',
    'body:deep-field',
    'semantic:names-nothing',
    'semantic:hostile-xml',
    'semantic:unsigned-message',
  ]) {
    expect(defects, defect).toContain(defect);
  }
  const xml = new Set(cases.flatMap((fuzzCase) => /hostile-xml \((.*)\)$/.exec(fuzzCase.defect)?.[1] ?? []));
  expect(xml.size).toBeGreaterThan(hostileXmlNames.length / 2);
});

test('a body broken by schema is invalid by the schema the simulator validates with', () => {
  const broken = cases.filter((fuzzCase) =>
    ['body:drop-required', 'body:wrong-type', 'body:bad-base64', 'body:wrong-top-type'].includes(fuzzCase.defect),
  );
  expect(broken.length).toBeGreaterThan(100);
  for (const fuzzCase of broken) {
    if (!isEndpointId(fuzzCase.endpoint)) throw new Error(`unknown endpoint ${fuzzCase.endpoint}`);
    const schema = endpointById(fuzzCase.endpoint).body!.schema;
    const body = JSON.parse(fuzzCase.request.body!.toString('utf8')) as unknown;
    expect(
      validate(schema, body).valid,
      `${fuzzCase.defect}: ${fuzzCase.request.body!.toString('utf8').slice(0, 300)}`,
    ).toBe(false);
  }
});

test('a request with a missing token sends no Authorization header; one with a broken token sends it broken', () => {
  const authorization = (fuzzCase: FuzzCase) =>
    fuzzCase.request.headers.find(([name]) => name === 'Authorization')?.[1];
  for (const fuzzCase of cases.filter((candidate) => candidate.defect === 'token:missing'))
    expect(authorization(fuzzCase)).toBeUndefined();
  for (const fuzzCase of cases.filter((candidate) => candidate.defect === 'token:tampered')) {
    if (!isEndpointId(fuzzCase.endpoint)) throw new Error(`unknown endpoint ${fuzzCase.endpoint}`);
    const sent = authorization(fuzzCase)!.replace('Bearer ', '');
    const valid = endpointById(fuzzCase.endpoint).family === 'tokenizer' ? world.tokenizer.token : world.maker.token;
    expect(sent).toHaveLength(valid.length);
    expect(sent).not.toBe(valid);
  }
});
