import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { canonicalJson, sameCanonicalJson } from './canonical-json.ts';

/** The published vectors (vectors/canonical-json.json): JSON text in, the exact canonical text out. */
const vectors = JSON.parse(readFileSync(new URL('vectors/canonical-json.json', import.meta.url), 'utf8')) as {
  cases: Array<{ name: string; input: string; canonical: string }>;
};

test('the published canonical JSON vectors', () => {
  expect(vectors.cases.length).toBeGreaterThanOrEqual(15);
  for (const vector of vectors.cases)
    expect(canonicalJson(JSON.parse(vector.input)), vector.name).toBe(vector.canonical);
});

test.describe('canonicalJson', () => {
  test('sorts keys at every level and writes no whitespace; arrays keep their order', () => {
    const value = { b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } };
    expect(canonicalJson(value)).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  test('gives the same text for the same data in any key order', () => {
    expect(canonicalJson({ x: 1, y: { p: 2, q: 3 } })).toBe(canonicalJson({ y: { q: 3, p: 2 }, x: 1 }));
  });

  test('sorts integer-like keys as strings, unlike plain JSON.stringify', () => {
    const value = { a: 3, '10': 1, '9': 2 };
    expect(JSON.stringify(value)).toBe('{"9":2,"10":1,"a":3}');
    expect(canonicalJson(value)).toBe('{"10":1,"9":2,"a":3}');
  });

  test('sorts by UTF-16 code units', () => {
    expect(canonicalJson({ é: 1, z: 2, Z: 3, '😀': 4, '\uffff': 5 })).toBe('{"Z":3,"z":2,"é":1,"😀":4,"\uffff":5}');
  });

  test('renders numbers and strings as JSON.stringify does', () => {
    expect(canonicalJson([1e21, 0.1, -0, 1.5e-7, 100, 'a"b\n\u0001'])).toBe(
      '[1e+21,0.1,0,1.5e-7,100,"a\\"b\\n\\u0001"]',
    );
  });

  test('leaves out undefined members and writes undefined array slots as null', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
  });

  test('round-trips through JSON.parse', () => {
    const value = { amount: '1250.5000000', nested: [{ k: 1 }, 'two', false], empty: {}, list: [] };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });

  test('refuses values that are not JSON data', () => {
    expect(() => canonicalJson({ at: new Date(0) })).toThrow(/Date/);
    expect(() => canonicalJson(new Map())).toThrow(/Map/);
    expect(() => canonicalJson({ n: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });
});

test.describe('sameCanonicalJson', () => {
  /** The answer, or the refusal (a bare undefined is not JSON data: canonicalJson throws on it). */
  const outcome = (compare: () => boolean): boolean | string => {
    try {
      return compare();
    } catch (error) {
      return String(error);
    }
  };

  test('answers as comparing the two canonical texts, on JSON data and on pairs that differ a little', () => {
    // Values with what canonicalJson takes beyond JSON.parse's output: undefined members and slots, -0,
    // NaN and the infinities (written as null, like null itself).
    const leaf = fc.oneof(
      fc.constantFrom<unknown>(null, undefined, -0, 0, Number.NaN, Infinity, -Infinity, true, false, '', 'a'),
      fc.integer(),
      fc.double(),
      fc.string(),
    );
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', '10', '9'), tie('value'), { maxKeys: 4 }),
      ),
    }));
    fc.assert(
      fc.property(
        value,
        value,
        (a, b) => outcome(() => sameCanonicalJson(a, b)) === outcome(() => canonicalJson(a) === canonicalJson(b)),
      ),
      { numRuns: 1000 },
    );
    // Equal data in another key order; and the same data beside a member that differs.
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (a) => {
        const reordered: unknown = JSON.parse(canonicalJson(a));
        return sameCanonicalJson(a, reordered) && !sameCanonicalJson({ x: a, y: 1 }, { y: 2, x: reordered });
      }),
      { numRuns: 300 },
    );
  });

  test('ignores undefined members, as canonicalJson leaves them out, and refuses what is not JSON data', () => {
    expect(sameCanonicalJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameCanonicalJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameCanonicalJson({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(sameCanonicalJson([undefined], [null])).toBe(true);
    expect(sameCanonicalJson({ '10': 1, '9': 2 }, { '9': 2, '10': 1 })).toBe(true);
    expect(sameCanonicalJson([1, 2], [2, 1])).toBe(false);
    expect(() => sameCanonicalJson({ at: new Date(0) }, { at: new Date(0) })).toThrow(/Date/);
  });
});
