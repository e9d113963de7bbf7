import { expect, test } from '@playwright/test';
import { endpointById, endpoints } from '../../../schemas/endpoints.ts';
import { validate } from '../../../schemas/validators.ts';
import { inputAreas, inputBases, type InputParties } from './input-bases.ts';
import { declaresInputRules, inputCases, OUTSIDE_ITS_SET, type InputRequest } from './input-cases.ts';

/**
 * The input-column checks are only as good as their table: each base request must be well formed (so a
 * case breaks one column and nothing else), each case must break it, and every endpoint whose tables
 * declare such columns must be in the table (or say why not).
 */

const parties: InputParties = {
  member: { identification: 'bank-a-0001', accounts: ['main', 'second'] },
  other: { identification: 'bank-b-0001' },
  tokenizer: {
    identification: 'tokenizer-usd',
    asset: { asset_code_identification: 'USD', asset_issuer_identification: 'tokenizer-usd' },
  },
};
const bases = inputBases(parties);
const tabled = Object.values(inputAreas).flat();

/** Endpoints whose inputs are broken elsewhere, with where. */
const elsewhere: Record<string, string> = {
  'member.addToAllowlist':
    'its body is a member identifier or an object (anyOf): errors.invalid-input and the allowlist checks',
  'member.removeFromAllowlist': 'likewise (anyOf)',
  'member.refreshToken': 'its body is the token itself, a string: auth.refresh',
};

/** Query values against their parameters' declared columns, as a query string carries them (text). */
function queryProblems(id: (typeof tabled)[number], request: InputRequest): string[] {
  const endpoint = endpointById(id);
  const query = request.query ?? {};
  const problems: string[] = [];
  for (const param of endpoint.params.filter((candidate) => candidate.in === 'query')) {
    const value = query[param.name];
    if (value === undefined) {
      if (param.required) problems.push(`${param.name} missing`);
      continue;
    }
    const typed = param.schema.type === 'integer' || param.schema.type === 'number' ? Number(value) : value;
    const result = validate(param.schema, typed);
    if (!result.valid) problems.push(`${param.name}: ${result.errors.join('; ')}`);
  }
  return problems;
}

function bodyProblems(id: (typeof tabled)[number], request: InputRequest): string[] {
  const schema = endpointById(id).body?.schema;
  if (schema === undefined || request.body === undefined) return [];
  const result = validate(schema, request.body);
  return result.valid ? [] : result.errors;
}

test('every base request is well formed: its query and body satisfy the endpoint’s schemas', () => {
  const problems = tabled.flatMap((id) =>
    [...queryProblems(id, bases[id]), ...bodyProblems(id, bases[id])].map((problem) => `${id}: ${problem}`),
  );
  expect(problems).toEqual([]);
});

test('every case breaks the endpoint’s schemas, each in its own way', () => {
  for (const id of tabled) {
    const cases = inputCases(endpointById(id), bases[id]);
    expect(cases.length, id).toBeGreaterThan(0);
    expect(new Set(cases.map((entry) => entry.label)).size, id).toBe(cases.length);
    for (const { label, request } of cases) {
      const problems = [...queryProblems(id, request), ...bodyProblems(id, request)];
      expect(problems.length, `${id}, ${label}: the case is well formed`).toBeGreaterThan(0);
    }
  }
});

test('the cases come from the schemas: required fields, types and value sets, one level down too', () => {
  const labels = (id: (typeof tabled)[number]) => inputCases(endpointById(id), bases[id]).map((entry) => entry.label);
  expect(labels('member.signPayload')).toEqual([
    'body account_identification missing (required)',
    'body unsigned_payload missing (required)',
    'body account_identification of the wrong type (string declared)',
    'body unsigned_payload of the wrong type (string declared)',
    'body unsigned_payload outside its format',
  ]);
  expect(labels('member.listTransactions')).toEqual(
    expect.arrayContaining([
      'query data_type missing (required)',
      'query data_type outside its set',
      'query maximum_transaction_count not of type integer',
    ]),
  );
  expect(labels('member.consolidate')).toEqual(
    expect.arrayContaining([
      'body instruction missing (required)',
      'body instruction[0] consolidated_amount missing (required)',
      'body instruction[0] source_account_identification of the wrong type (string declared)',
    ]),
  );
  expect(labels('member.changeCreditLine')).toContain('body credit_line_state outside its set');
  // A number given as the string of the request's own value: the type is the one thing changed.
  expect(labels('tokenizer.createFundingInstruction')).toContain(
    'body funding_amount as a numeric string (number declared)',
  );
  expect(labels('member.requestQuotations')).toEqual(
    expect.arrayContaining([
      'body maximum_amount_limit as a numeric string (number declared)',
      'body time_end_request_quotation as a numeric string (integer declared)',
    ]),
  );
  expect(labels('member.consolidate')).toContain(
    'body instruction[0] consolidated_amount as a numeric string (number declared)',
  );
  const numeric = inputCases(
    endpointById('tokenizer.createFundingInstruction'),
    bases['tokenizer.createFundingInstruction'],
  ).find((entry) => entry.label === 'body funding_amount as a numeric string (number declared)');
  expect(numeric?.request.body?.funding_amount).toBe('1');
  const outside = inputCases(endpointById('member.changeCreditLine'), bases['member.changeCreditLine']).find(
    (entry) => entry.label === 'body credit_line_state outside its set',
  );
  expect(outside?.request.body?.credit_line_state).toBe(OUTSIDE_ITS_SET);
});

test('the formats the spec states are columns too, the reference’s own are not', () => {
  const labels = (id: (typeof tabled)[number]) => inputCases(endpointById(id), bases[id]).map((entry) => entry.label);
  // A listed value set in any case, and an ISO 3166-1 alpha-2 code in any case (the reference's filters).
  expect(labels('member.listPaymentPoints')).toEqual([
    'query point_type outside its format',
    'query method_identification outside its format',
    'query country_code outside its format',
  ]);
  // UUIDv4 and base64 are the spec's types.
  expect(labels('member.requestCharge')).toContain('body request_uuid outside its format');
  expect(labels('member.signPayload')).toContain('body unsigned_payload outside its format');
  // A member identifier's form is the reference's (semantics), never held against a target.
  expect(
    labels('tokenizer.changeCreditLine').filter((label) => label.includes('member_identification outside')),
  ).toEqual([]);
});

test('every endpoint whose tables declare input columns is in the table, or is checked elsewhere', () => {
  const declaring = endpoints.filter(declaresInputRules).map((endpoint) => endpoint.id);
  const missing = declaring.filter((id) => !(tabled as readonly string[]).includes(id) && !(id in elsewhere));
  expect(missing).toEqual([]);
  for (const id of tabled) expect(declaring, id).toContain(id);
});

test('only what the spec requires is left out: not what the reference alone requires, nor what has a stated default', () => {
  const labels = (id: (typeof tabled)[number]) => inputCases(endpointById(id), bases[id]).map((entry) => entry.label);
  const missing = (id: (typeof tabled)[number]) => labels(id).filter((label) => label.endsWith('missing (required)'));
  // Line 414 "(string, optional)"; lines 271, 275 Required "no"; line 68 the issuer Required "no"; line 207 "default main".
  expect(
    inputCases(endpointById('tokenizer.getAccountAddress'), {
      query: { addressing_identification: 'main*GB.bank-a-0001.dss.example' },
    }),
  ).toEqual([]);
  expect(declaresInputRules(endpointById('tokenizer.getAccountAddress'))).toBe(false);
  expect(missing('member.requestQuotations')).toEqual([
    'body buyer_member_identification missing (required)',
    'body maximum_amount_limit missing (required)',
    'body time_end_request_quotation missing (required)',
    'body base_asset_info[0] asset_code_identification missing (required)',
    'body base_asset_info[0] asset_group_identification missing (required)',
    'body quoted_asset_info[0] asset_code_identification missing (required)',
    'body quoted_asset_info[0] asset_group_identification missing (required)',
  ]);
  expect(missing('member.consolidate')).toEqual([
    'body instruction missing (required)',
    'body instruction[0] asset_info missing (required)',
    'body instruction[0] consolidated_amount missing (required)',
  ]);
});
