import type { JsonSchema } from '../../schemas/catalogue-types.ts';

/**
 * The shape of a scenario file (scenarios/*.yaml, documented in scenarios/README.md) as a JSON Schema:
 * the structure only (fields, types, required fields). What the schema cannot say (endpoint ids,
 * actors, expressions, captures, resource names, matchers) the loader checks in load.ts. Objects
 * that list `properties` are closed: a stray key is reported by name with the valid ones.
 */

const name = { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' };
const text = { type: 'string', minLength: 1 };
const requirementId = { type: 'string', pattern: '^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$' };
/** Any JSON value; its strings may hold `${...}` expressions. */
const anyValue = {};
/** A text, number or boolean (union types are not allowed by the strict validator; a failed `not` shows its description). */
const scalar = {
  not: {
    anyOf: [{ type: 'object' }, { type: 'array' }, { type: 'null' }],
    description: 'must be a text, number or boolean',
  },
};
/** JSON path -> expected value or matcher. */
const conditions = { type: 'object', minProperties: 1, additionalProperties: anyValue };

const needs = ['control'] as const;

/** What an answer must be: its status (default 200), schema and values. */
const expectation = {
  type: 'object',
  properties: {
    status: { type: 'integer', minimum: 100, maximum: 599 },
    schema: anyValue,
    values: conditions,
  },
};

const step = {
  type: 'object',
  required: ['name', 'actor'],
  properties: {
    name,
    actor: text,
    requirement: requirementId,
    key: { type: 'boolean' },
    // A request: one endpoint of the catalogue ...
    call: text,
    path: { type: 'object', additionalProperties: { type: 'string' } },
    query: { type: 'object', additionalProperties: scalar },
    body: anyValue,
    // ... or a harness action (see actions.ts).
    sign: {
      type: 'object',
      required: ['payload'],
      properties: { account: text, payload: text },
    },
    sign_message: {
      type: 'object',
      required: ['template', 'fields'],
      properties: { account: text, template: text, fields: { type: 'object', additionalProperties: scalar } },
    },
    expect: expectation,
    // Answers the spec leaves open between a few (a refusal or an answer saying Rejected): any one will do.
    expect_any: { type: 'array', minItems: 2, items: expectation },
    // name -> JSON path, or { path, absent }: the value taken when an answer does not have the path (a 404 of expect_any).
    capture: {
      type: 'object',
      minProperties: 1,
      additionalProperties: {
        anyOf: [text, { type: 'object', required: ['path', 'absent'], properties: { path: text, absent: scalar } }],
      },
    },
    until: conditions,
    timeout_ms: { type: 'integer', minimum: 1, maximum: 600_000 },
    // A consuming read judged on what it read itself, not on what earlier steps read.
    fresh: { type: 'boolean' },
  },
};

export const scenarioSchema: JsonSchema = {
  type: 'object',
  required: ['name', 'title', 'requirements', 'steps'],
  properties: {
    name,
    title: text,
    requirements: { type: 'array', minItems: 1, uniqueItems: true, items: requirementId },
    needs: { type: 'array', uniqueItems: true, items: { enum: [...needs] } },
    vars: { type: 'object', propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }, additionalProperties: anyValue },
    steps: { type: 'array', minItems: 1, items: step },
  },
};

/** A scenario file as written, once it matches `scenarioSchema`. */
export interface ScenarioData {
  name: string;
  title: string;
  requirements: string[];
  needs?: Array<(typeof needs)[number]>;
  vars?: Record<string, unknown>;
  steps: StepData[];
}

export interface StepData {
  name: string;
  actor: string;
  requirement?: string;
  key?: boolean;
  call?: string;
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  sign?: { account?: string; payload: string };
  sign_message?: { account?: string; template: string; fields: Record<string, string | number | boolean> };
  expect?: ExpectationData;
  expect_any?: ExpectationData[];
  capture?: Record<string, string | CaptureData>;
  until?: Record<string, unknown>;
  timeout_ms?: number;
  fresh?: boolean;
}

/** A capture with the value it takes when the answer does not have its path. */
export interface CaptureData {
  path: string;
  absent: string | number | boolean;
}

export interface ExpectationData {
  status?: number;
  schema?: unknown;
  values?: Record<string, unknown>;
}
