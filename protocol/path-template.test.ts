import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { bySpecificity, compileTemplate, fillTemplate, matchTemplate, TemplateParamsError } from './path-template.ts';

/** The published vectors (vectors/path-template.json): which template a path reaches, with its parameters. */
const vectors = JSON.parse(readFileSync(new URL('vectors/path-template.json', import.meta.url), 'utf8')) as {
  templates: string[];
  cases: Array<{ path: string; template: string | null; params?: Record<string, string> }>;
};

const compiled = vectors.templates.map(compileTemplate).sort(bySpecificity);

function route(path: string): { template: string; params: Record<string, string> } | null {
  for (const template of compiled) {
    const params = matchTemplate(template, path);
    if (params) return { template: template.template, params };
  }
  return null;
}

test('the published path template vectors', () => {
  expect(vectors.cases.filter((vector) => vector.template === null).length).toBeGreaterThanOrEqual(5);
  for (const vector of vectors.cases) {
    expect(route(vector.path), vector.path).toEqual(
      vector.template === null ? null : { template: vector.template, params: vector.params },
    );
  }
});

test('a template is its literal and parameter segments', () => {
  expect(compileTemplate('/digital-accounts/{account_identification}/consolidate')).toEqual({
    template: '/digital-accounts/{account_identification}/consolidate',
    segments: [{ literal: 'digital-accounts' }, { param: 'account_identification' }, { literal: 'consolidate' }],
    literalCount: 2,
  });
});

test('a filled template reads back the values it was filled with', () => {
  const template = compileTemplate('/digital-accounts/{account_identification}/{reference}');
  for (const values of [
    { account_identification: 'main', reference: 'now' },
    { account_identification: 'a b/c?d', reference: '€%2F' },
  ]) {
    const path = fillTemplate(template.template, values);
    expect(matchTemplate(template, path), path).toEqual(values);
  }
  expect(fillTemplate('/members/{member_identification}', { member_identification: 'a/b' })).toBe('/members/a%2Fb');
});

test('a template is filled with exactly its parameters', () => {
  expect(() => fillTemplate('/members/{member_identification}', {})).toThrow(
    'path parameter member_identification of /members/{member_identification} was not given',
  );
  expect(() => fillTemplate('/members', { member_identification: 'mm-london' })).toThrow(
    '/members has no path parameter member_identification',
  );
  expect(() => fillTemplate('/members/{member_identification}', {})).toThrow(TemplateParamsError);
});
