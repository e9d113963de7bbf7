import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../simulator/server.ts';
import { errorCodes } from './error-codes.ts';

/**
 * docs/errors.md sets apart the codes no HTTP request gets (their `shadowed` reason): the request schemas
 * refuse every input that would reach them first. Each is tried here over a real socket with the input its
 * own rule refuses, and must get the schema's code instead; the narrowed descriptions (DSO issuance, the
 * transactions query, charge requests) likewise. A code that becomes reachable again fails this test, and
 * so does a shadowed code with no trigger here.
 */

let sim: RunningSimulator;
let tokens: Record<string, string>;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  const network = (await (await fetch(`${sim.url}/sim/network`)).json()) as {
    members: Array<{ identification: string; token: string }>;
  };
  tokens = Object.fromEntries(network.members.map((member) => [member.identification, member.token]));
});
test.afterAll(async () => {
  await sim?.close();
});

interface Trigger {
  /** The code whose own rule this input breaks. */
  rule: string;
  as: string;
  method: string;
  path: string;
  body?: unknown;
}

const member = '/client/v1/api';
const triggers: Trigger[] = [
  { rule: 'MEMBER-ID-MALFORMED', as: 'mm-london', method: 'GET', path: `${member}/members/0` },
  { rule: 'MEMBER-ID-MALFORMED', as: 'tokenizer-usd', method: 'GET', path: '/tokenizer/v1/api/members/a*b' },
  {
    rule: 'ACCOUNT-ADDRESS-MALFORMED',
    as: 'tokenizer-usd',
    method: 'GET',
    path: '/tokenizer/v1/api/account-address?addressing_identification=main*GB.mm-london',
  },
  { rule: 'LISTENING-REFERENCE-INVALID', as: 'mm-london', method: 'POST', path: `${member}/digital-accounts/main/0` },
  {
    rule: 'LISTENING-REFERENCE-INVALID',
    as: 'mm-london',
    method: 'POST',
    path: `${member}/digital-accounts/main/99999999999999999`,
  },
  {
    rule: 'QUOTATION-ID-MALFORMED',
    as: 'mm-london',
    method: 'GET',
    path: `${member}/exchange/quotations/0b7f9a3e-4c1d-4e2f-9a8b-1c2d3e4f5a6b`,
  },
  {
    rule: 'QUOTATION-CANCEL-UNSPECIFIED',
    as: 'mm-london',
    method: 'DELETE',
    path: `${member}/exchange/quotations`,
    body: { cancel_quotations: false },
  },
  {
    rule: 'PAYMENT-POINT-BAD-FILTER',
    as: 'mm-london',
    method: 'GET',
    path: `${member}/payment-points?method_identification=cashout-drone`,
  },
  {
    rule: 'PAYMENT-POINT-BAD-COORDINATES',
    as: 'mm-london',
    method: 'GET',
    path: `${member}/payment-points?geo_coordinates=91,10`,
  },
  {
    rule: 'DSO-ISSUANCE-INVALID',
    as: 'mm-london',
    method: 'POST',
    path: `${member}/settlement-instruments?asset_code_identification=ABCDSO&asset_group_identification=DSO`,
  },
  {
    rule: 'TRANSACTIONS-QUERY-INVALID',
    as: 'mm-london',
    method: 'GET',
    path: `${member}/transactions?data_type=INSTRUCTION_IDENTIFICATION&data_id=x&maximum_transaction_count=101`,
  },
  {
    rule: 'TRANSACTIONS-QUERY-INVALID',
    as: 'mm-london',
    method: 'GET',
    path: `${member}/transactions?data_type=INSTRUCTION_IDENTIFICATION&data_id=x&target_page_number=0`,
  },
  ...[
    {},
    { instructed_net_amount: 5, interbank_settlement_gross_amount: 6 },
    { instructed_net_amount: 0 },
    { interbank_settlement_gross_amount: -1 },
  ].map((amounts) => ({
    rule: 'CHARGE-REQUEST-INVALID',
    as: 'mm-london',
    method: 'POST',
    path: `${member}/charges/request/mm-singapore`,
    body: {
      instructed_currency_code: 'EUR',
      interbank_settlement_instrument: [{ asset_code_identification: 'USD', asset_group_identification: 'DSA' }],
      member_identification: 'mm-london',
      request_uuid: '6f1c4a52-1f0e-4c4e-9a52-3d3f2b1c0a11',
      ...amounts,
    },
  })),
];

async function codeOf(trigger: Trigger): Promise<string> {
  const response = await fetch(`${sim.url}${trigger.path}`, {
    method: trigger.method,
    headers: { authorization: `Bearer ${tokens[trigger.as]}`, 'content-type': 'application/json' },
    body: trigger.body === undefined ? undefined : JSON.stringify(trigger.body),
  });
  return ((await response.json()) as { code: string }).code;
}

test('no HTTP request gets a code the docs set apart: the request schema refuses its inputs first', async () => {
  const shadowed = Object.entries(errorCodes)
    .filter(([, entry]) => entry.shadowed !== undefined)
    .map(([code]) => code);
  expect(shadowed.filter((code) => !triggers.some((trigger) => trigger.rule === code))).toEqual([]);
  const answers = await Promise.all(
    triggers.map(async (trigger) => `${trigger.rule} ${trigger.method} ${trigger.path} -> ${await codeOf(trigger)}`),
  );
  expect(answers.filter((answer) => !/ -> REQUEST-(?:INVALID|NOT-PROCESSABLE)$/.test(answer))).toEqual([]);
});

test('what the docs still say of a narrowed code is what HTTP gets', async () => {
  expect(
    await codeOf({
      rule: 'DSO-ISSUANCE-INVALID',
      as: 'tokenizer-usd',
      method: 'POST',
      path: `${member}/settlement-instruments?asset_code_identification=JPYDSO&asset_group_identification=DSO`,
    }),
  ).toBe('DSO-ISSUANCE-INVALID');
  expect(
    await codeOf({
      rule: 'TRANSACTIONS-QUERY-INVALID',
      as: 'mm-london',
      method: 'GET',
      path: `${member}/transactions?data_type=DATE_INTERVAL`,
    }),
  ).toBe('TRANSACTIONS-QUERY-INVALID');
});
