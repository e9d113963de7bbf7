import { test, expect } from '@playwright/test';
import type { ReadingsJudgedUnder } from '../reporters/report-types.ts';
import { readingsShownMidRun } from './reading-mid-run.ts';
import type { RecordedCall } from './recorder.ts';

/** What the checks' own answers show against the readings the run judged under (docs/readings.md, "Shown mid-run"). */

const base = 'http://127.0.0.1:4010/client/v1/api';

function call(endpoint_id: string, path: string, body: unknown, status = 200): RecordedCall {
  return {
    endpoint_id,
    method: 'GET',
    url: `${base}${path}`,
    status,
    request_headers: {},
    request_body: null,
    response_headers: {},
    response_body: JSON.stringify(body),
    duration_ms: 1,
  };
}

const balance = (text: string) =>
  call('member.getBalance', '/balances/digital-accounts/main?asset_code_identification=USD', {
    account_identification: 'main',
    asset_code_identification: 'USD',
    balance: text,
  });
const listing = (account: string, ...codes: Array<[string, string]>) =>
  call(
    'member.listAccountInstruments',
    `/settlement-instruments/digital-accounts/${account}`,
    codes.map(([code, issuer]) => ({
      asset_code_identification: code,
      asset_group_identification: code.endsWith('DSO') ? 'DSO' : 'DSA',
      asset_issuer_identification: issuer,
    })),
  );

const reference: ReadingsJudgedUnder = {
  string_bodies: { value: 'bare', source: 'reference' },
  amount_scale: { value: 7, source: 'reference' },
  dso_line_account: { value: 'emission', source: 'reference' },
};

test('answers that agree with the readings judged under leave them as they are', () => {
  const checks = [
    {
      check_id: 'ledger.balances-read',
      calls: [
        balance('1.0000001'),
        balance('0.0000000'),
        listing('emission', ['CHFDSO', 'mm-b']),
        listing('main', ['USD', 'tkn']),
      ],
    },
  ];
  expect(readingsShownMidRun(reference, checks)).toEqual(reference);
});

test('the reference’s scale, taken because preflight saw nothing, is contradicted by amounts padded to another width', () => {
  const shown = readingsShownMidRun(reference, [
    { check_id: 'ledger.credit-line-request-allow', calls: [balance('10.00'), balance('0.00')] },
  ]);
  expect(shown.amount_scale).toEqual({
    value: 7,
    source: 'reference',
    shown_mid_run: `ledger.credit-line-request-allow: GET /client/v1/api/balances/digital-accounts/main?asset_code_identification=USD answered balance "10.00": every amount written with 2 fraction digits`,
  });
  expect(shown.dso_line_account).toEqual(reference.dso_line_account);
});

test('a declared or detected scale is contradicted only by a digit beyond it; a refused or unreadable answer shows nothing', () => {
  const declared: ReadingsJudgedUnder = { amount_scale: { value: 2, source: 'declared' } };
  expect(readingsShownMidRun(declared, [{ check_id: 'a.b', calls: [balance('10.0000000')] }])).toEqual(declared);
  expect(
    readingsShownMidRun(declared, [
      {
        check_id: 'a.b',
        calls: [
          balance('10.125'),
          call('member.getBalance', '/balances/digital-accounts/main', { balance: '1.123456' }, 404),
        ],
      },
    ]).amount_scale?.shown_mid_run,
  ).toBe(
    'a.b: GET /client/v1/api/balances/digital-accounts/main?asset_code_identification=USD answered balance "10.125": a digit in the 3rd fraction place',
  );
  const unreadable = { ...balance('1.123'), response_body: '{not json' };
  expect(readingsShownMidRun(declared, [{ check_id: 'a.b', calls: [unreadable] }])).toEqual(declared);
});

test('lines for other members’ DSOs listed on the other kind of account only contradict the DSO line account', () => {
  const shown = readingsShownMidRun(reference, [
    { check_id: 'exchange.dso', calls: [listing('main', ['CHFDSO', 'mm-b'], ['USD', 'tkn']), listing('emission')] },
  ]);
  expect(shown.dso_line_account?.shown_mid_run).toBe(
    'exchange.dso: GET /client/v1/api/settlement-instruments/digital-accounts/main listed CHFDSO of mm-b, and no issuance account (emission) lists one',
  );
  // On both kinds: the target takes either.
  expect(
    readingsShownMidRun(reference, [
      { check_id: 'x.y', calls: [listing('main', ['CHFDSO', 'mm-b']), listing('emission', ['SGDDSO', 'mm-c'])] },
    ]).dso_line_account,
  ).toEqual(reference.dso_line_account);
});
