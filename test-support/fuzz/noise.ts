import fc from 'fast-check';
import type { Draft } from './drafts.ts';
import { isObject } from './schema-values.ts';
import { percentEncode } from './wire.ts';

/**
 * What a defective request may carry besides its defect, none of which can make it acceptable: fields
 * and query parameters that no endpoint knows (the service ignores unknown ones, so they can neither
 * cure nor cause a refusal), a body on an endpoint that takes none, odd but well-formed headers. Names that
 * JavaScript objects treat specially are among them, for handlers that copy inputs into objects.
 */

const unknownNames = [
  'zz_extra',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'zz[0]',
  'zz.a',
];

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom<unknown>('x'.repeat(100_000), JSON.parse('{"__proto__": {"polluted": true}}'), [[[]]], {
    constructor: { prototype: { polluted: true } },
  }),
  fc.dictionary(fc.constantFrom(...unknownNames), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Own properties even for `__proto__` (an assignment would set the prototype instead). */
function withFields(json: Record<string, unknown>, fields: Array<[string, unknown]>): Record<string, unknown> {
  const copy = { ...json };
  for (const [name, value] of fields)
    Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const extraFields = fc.array(fc.tuple(fc.constantFrom(...unknownNames), junk), { minLength: 1, maxLength: 3 });

const extraQuery = fc.array(
  fc.tuple(
    fc.constantFrom(...unknownNames),
    fc.oneof(
      fc.string({ maxLength: 12 }).map(percentEncode),
      fc.constantFrom('%zz', '%', '%E0%A4%A', '+%2B+', '=', '&&', ';', 'x'.repeat(5_000)),
    ),
  ),
  { minLength: 1, maxLength: 3 },
);

const headers = fc.array(
  fc.constantFrom<[string, string]>(
    ['Content-Type', 'text/xml'],
    ['Content-Type', 'multipart/form-data; boundary=zz'],
    ['Content-Type', 'application/json; charset=latin1'],
    ['Content-Type', ''],
    ['Accept', 'application/xml'],
    ['Accept', '*/*;q=0'],
    ['Accept-Encoding', 'gzip, br'],
    ['X-Forwarded-For', '10.0.0.1, zz'],
    ['Forwarded', 'for=unknown;proto=gopher'],
    ['Expect', '100-continue'],
    ['Expect', 'zz-expectation'],
    ['Cookie', 'a=b; __proto__=x'],
    ['X-Zz', 'é𝒳'],
    ['X-Zz-Long', 'y'.repeat(8_000)],
  ),
  { minLength: 1, maxLength: 3 },
);

const strayBody = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes: Buffer.from(bytes) })),
  fc.constantFrom({ json: { zz: 1 } }, { json: 'zz' }, { bytes: Buffer.from('{') }),
);

/** Which noise a case gets, drawn apart from the case so that no arbitrary is built per case. */
export const noiseChoice = fc.record({
  fields: fc.option(extraFields, { freq: 2 }),
  query: fc.option(extraQuery, { freq: 3 }),
  headers: fc.option(headers, { freq: 3 }),
  stray: fc.option(strayBody, { freq: 4 }),
});
export type NoiseChoice = typeof noiseChoice extends fc.Arbitrary<infer T> ? T : never;

/** The chosen noise that fits `draft` (never on the exact bytes of a malformed-HTTP defect). */
export function withNoise(draft: Draft, choice: NoiseChoice): { draft: Draft; noise: string[] } {
  if (draft.wire) return { draft, noise: [] };
  const noise: string[] = [];
  let noisy = draft;
  const json = draft.body && 'json' in draft.body ? draft.body.json : undefined;
  if (choice.fields && isObject(json)) {
    noisy = { ...noisy, body: { json: withFields(json, choice.fields) } };
    noise.push('extra-fields');
  }
  if (choice.query) {
    noisy = {
      ...noisy,
      query: [...noisy.query, ...choice.query.map(([name, value]) => `${percentEncode(name)}=${value}`)],
    };
    noise.push('extra-query');
  }
  if (choice.headers) {
    noisy = { ...noisy, headers: [...noisy.headers, ...choice.headers] };
    noise.push('headers');
  }
  if (choice.stray && draft.endpoint.body === undefined) {
    noisy = { ...noisy, body: choice.stray };
    noise.push('stray-body');
  }
  return { draft: noisy, noise };
}
