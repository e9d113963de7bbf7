import { test, expect } from '@playwright/test';
import { MAX_JSON_NESTING, nestsTooDeep } from './json-nesting.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

test('JSON nested up to the limit passes, one level more does not', () => {
  expect(nestsTooDeep(nested(MAX_JSON_NESTING))).toBe(false);
  expect(nestsTooDeep(nested(MAX_JSON_NESTING + 1))).toBe(true);
  expect(nestsTooDeep(`{"a":${nested(MAX_JSON_NESTING - 1)}}`)).toBe(false);
  expect(nestsTooDeep(`{"a":${nested(MAX_JSON_NESTING)}}`)).toBe(true);
  expect(nestsTooDeep(nested(100_000))).toBe(true);
});

test('depth is counted at once, not in total: siblings do not add up', () => {
  expect(nestsTooDeep(`[${Array.from({ length: 1000 }, () => nested(MAX_JSON_NESTING - 1)).join(',')}]`)).toBe(false);
});

test('brackets inside strings, escaped quotes included, do not count', () => {
  expect(nestsTooDeep(JSON.stringify({ text: '['.repeat(1000) }))).toBe(false);
  expect(nestsTooDeep(JSON.stringify({ text: `\\"${'{'.repeat(1000)}` }))).toBe(false);
  expect(nestsTooDeep(`["\\"", ${nested(MAX_JSON_NESTING)}]`)).toBe(true);
});

test('objects and arrays nested in turn count together', () => {
  const alternating = (depth: number) => {
    let text = '1';
    for (let level = 0; level < depth; level += 1) text = level % 2 === 0 ? `[${text}]` : `{"a":${text}}`;
    return text;
  };
  expect(nestsTooDeep(alternating(MAX_JSON_NESTING))).toBe(false);
  expect(nestsTooDeep(alternating(MAX_JSON_NESTING + 1))).toBe(true);
});
