import { test, expect } from '@playwright/test';
import { seedPaymentPoints } from '../simulator/payment-points/seed.ts';
import { specLines } from '../suites/requirements/spec-index.ts';
import type { JsonSchema } from './catalogue-types.ts';
import { endpointById, endpoints, paymentPointFilterFields } from './endpoints.ts';
import { fieldReader } from './field-path.ts';
import { resourceNameOfRef, resourceSchemas } from './resources.ts';

function resolved(schema: JsonSchema): JsonSchema {
  const name = typeof schema.$ref === 'string' ? resourceNameOfRef(schema.$ref) : undefined;
  return name === undefined ? schema : resourceSchemas[name];
}

/** The schema a field path reaches from `root`, or why the path leaves the schema. */
function schemaAt(root: JsonSchema, path: string): JsonSchema | string {
  let schema = resolved(root);
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    const name = list ? step.slice(0, -2) : step;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    if (!Object.hasOwn(properties, name)) return `no property ${name}`;
    const field = resolved(properties[name]!);
    if (!list) schema = field;
    else if (field.type !== 'array') return `${name} is no list`;
    else schema = resolved(field.items as JsonSchema);
  }
  return schema;
}

/** Why a filter's field path is wrong for the resources its endpoint lists, or null. */
function pathProblem(listed: JsonSchema, path: string): string | null {
  const reached = schemaAt(listed, path);
  if (typeof reached === 'string') return reached;
  return reached.type === 'string' ? null : `ends at ${JSON.stringify(reached.type)}, not at a string`;
}

const pointSchema = resourceSchemas.paymentPointInfo;

test.describe('field paths', () => {
  const point = {
    payment_point_uuid: 'p-1',
    payment_point_currency: ['EUR', 'USD'],
    payment_point_address: [{ city_name: 'Berlin' }, { city_name: 'Köln' }, {}],
    payment_point_methods: [{ method_identification: 'cashout-branch' }],
  };

  test('a reader gives every string at its path: a field, each element of a list, a field of each element', () => {
    expect(fieldReader('payment_point_uuid')(point)).toEqual(['p-1']);
    expect(fieldReader('payment_point_currency[]')(point)).toEqual(['EUR', 'USD']);
    expect(fieldReader('payment_point_address[].city_name')(point)).toEqual(['Berlin', 'Köln']);
    expect(fieldReader('payment_point_methods[].method_identification')(point)).toEqual(['cashout-branch']);
  });

  test('a reader gives nothing for a missing field or a value of another shape, and never throws', () => {
    expect(fieldReader('payment_point_logo_url')(point)).toEqual([]);
    // A list read as one value, one value read as a list, an object at the end of the path.
    expect(fieldReader('payment_point_currency')(point)).toEqual([]);
    expect(fieldReader('payment_point_uuid[]')(point)).toEqual([]);
    expect(fieldReader('payment_point_address[]')(point)).toEqual([]);
    for (const body of [null, 'text', 7, [point], { payment_point_address: 'Berlin' }])
      expect(fieldReader('payment_point_address[].city_name')(body)).toEqual([]);
    // An inherited property is no field of the body.
    expect(fieldReader('constructor')({})).toEqual([]);
  });

  test('the schema walk of these tests refuses misspelt names and misplaced list marks', () => {
    expect(pathProblem(pointSchema, 'payment_point_address[].city_name')).toBeNull();
    expect(pathProblem(pointSchema, 'payment_point_adress[].city_name')).toBe('no property payment_point_adress');
    expect(pathProblem(pointSchema, 'payment_point_address[].city')).toBe('no property city');
    expect(pathProblem(pointSchema, 'payment_point_uuid[]')).toBe('payment_point_uuid is no list');
    expect(pathProblem(pointSchema, 'payment_point_currency')).toBe('ends at "array", not at a string');
  });
});

test.describe('query filters of the catalogue', () => {
  test('every filter field is a path to a string of the resource its endpoint lists', () => {
    const problems: string[] = [];
    let filters = 0;
    for (const endpoint of endpoints) {
      for (const param of endpoint.params) {
        if (param.filterField === undefined) continue;
        filters++;
        const listed = endpoint.success.body;
        const problem =
          param.in !== 'query'
            ? 'is no query parameter'
            : listed?.type !== 'array'
              ? 'is on an endpoint that answers no list'
              : pathProblem(listed.items as JsonSchema, param.filterField);
        if (problem !== null) problems.push(`${endpoint.id} ${param.name} (${param.filterField}): ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    expect(filters).toBeGreaterThan(0);
  });

  test('GET /payment-points: every filter the spec lists has a field, but the two that sort', () => {
    // Spec, Endpoints: "query filters, all optional strings: uuid, identification, point_type (Bank, …), …".
    const row = specLines().find((line) => line.startsWith('| GET | /payment-points |'));
    const listed = /query filters, all optional strings: ([^|]*)\|/.exec(row ?? '')?.[1];
    expect(listed, 'the spec row of GET /payment-points lists its filters').toBeDefined();
    const specNames = listed!
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((name) => name.trim());
    expect(specNames).toContain('city_name');

    const params = endpointById('member.listPaymentPoints').params;
    expect(params.map((param) => param.name)).toEqual(specNames);
    const sorting = ['address_filter', 'geo_coordinates'];
    expect(paymentPointFilterFields.map(({ name }) => name)).toEqual(
      specNames.filter((name) => !sorting.includes(name)),
    );
    for (const param of params) expect(param.filterField === undefined, param.name).toBe(sorting.includes(param.name));
  });

  test('GET /payment-points: each field holds values in the simulator’s seed directory', () => {
    const empty = paymentPointFilterFields.filter(
      ({ field }) => !seedPaymentPoints.some((point) => fieldReader(field)(point).length > 0),
    );
    expect(empty).toEqual([]);
  });
});
