import { test, expect } from '@playwright/test';
import {
  EUR,
  USD,
  USDDSO,
  fundLine,
  issueDsoDirectly,
  refusal,
  valueNetwork,
} from '../../test-support/simulator/value-network.ts';
import { createState } from '../state.ts';
import {
  accountInstruments,
  availableInstruments,
  emittedInstruments,
  listInstruments,
  memberInstruments,
} from './instruments.ts';

const usdInfo = {
  asset_code_identification: 'USD',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-us',
};
const eurInfo = {
  asset_code_identification: 'EUR',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-eu',
};
const dsoInfo = {
  asset_code_identification: 'USDDSO',
  asset_group_identification: 'DSO',
  asset_issuer_identification: 'maker-aa',
};
const none = { status: 404, code: 'SETTLEMENT-INSTRUMENTS-NONE' };

test('all instruments are the registered DSA and the issued DSO; none at all is a 404', async () => {
  const { state } = await valueNetwork();
  issueDsoDirectly(state, USDDSO);
  expect(listInstruments(state)).toEqual([usdInfo, eurInfo, dsoInfo]);
  const empty = await createState();
  expect(refusal(() => listInstruments(empty))).toMatchObject(none);
});

test('an account’s instruments are those of its ALLOWED lines only', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  const narrow = await principal('maker-aa', { accounts: ['main'] });
  fundLine(state, 'maker-aa', 'main', USD, 100);
  state.ledger.requestCreditLine('maker-aa', 'main', EUR, 100); // requested, not allowed
  fundLine(state, 'maker-aa', 'second', EUR, 100);
  expect(accountInstruments(state, aa, 'main')).toEqual([usdInfo]);
  expect(accountInstruments(state, aa, 'second')).toEqual([eurInfo]);
  state.ledger.revokeCreditLine('maker-aa', 'main', USD);
  expect(refusal(() => accountInstruments(state, aa, 'main'))).toMatchObject(none);
  expect(refusal(() => accountInstruments(state, aa, 'third'))).toMatchObject({
    status: 404,
    code: 'ACCOUNT-NOT-FOUND',
  });
  expect(refusal(() => accountInstruments(state, narrow, 'second'))).toMatchObject({
    status: 401,
    code: 'AUTH-ACCOUNT-FORBIDDEN',
  });
});

test('fault account-listing-member-wide: an account lists the lines of the member’s other accounts too', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  fundLine(state, 'maker-aa', 'main', USD, 100);
  expect(refusal(() => accountInstruments(state, aa, 'second'))).toMatchObject(none);
  state.faults.enable('account-listing-member-wide');
  expect(accountInstruments(state, aa, 'second')).toEqual([usdInfo]);
});

test('emission lists the DSO the caller issued, and nothing of a tokenizer', async () => {
  const { state, principal } = await valueNetwork();
  issueDsoDirectly(state, USDDSO);
  expect(emittedInstruments(state, await principal('maker-aa'))).toEqual([dsoInfo]);
  const bb = await principal('maker-bb');
  const tokenizer = await principal('tokenizer-us');
  expect(refusal(() => emittedInstruments(state, bb))).toMatchObject(none);
  expect(refusal(() => emittedInstruments(state, tokenizer))).toMatchObject(none);
});

test('a member’s instruments by kind: emission, authorized, and both without duplicates', async () => {
  const { state } = await valueNetwork();
  issueDsoDirectly(state, USDDSO);
  fundLine(state, 'maker-aa', 'main', USD, 100);
  fundLine(state, 'maker-aa', 'second', USD, 100); // the same asset on two accounts counts once
  state.ledger.requestCreditLine('maker-aa', 'main', EUR, 100); // not allowed: not authorized
  expect(memberInstruments(state, 'maker-aa', 'emission')).toEqual([dsoInfo]);
  expect(memberInstruments(state, 'maker-aa', 'authorized')).toEqual([usdInfo]);
  expect(memberInstruments(state, 'maker-aa', 'both')).toEqual([dsoInfo, usdInfo]);
  expect(memberInstruments(state, 'tokenizer-us', 'emission')).toEqual([usdInfo]);
  expect(refusal(() => memberInstruments(state, 'maker-bb', 'both'))).toMatchObject(none);
  expect(refusal(() => memberInstruments(state, 'tokenizer-us', 'authorized'))).toMatchObject(none);
  expect(refusal(() => memberInstruments(state, 'nobody-xx', 'both'))).toMatchObject({
    status: 404,
    code: 'MEMBER-NOT-FOUND',
  });
});

test('a tokenizer’s available instruments are its registered DSA; another tokenizer’s id is a 401', async () => {
  const { state, principal } = await valueNetwork();
  const tokenizer = await principal('tokenizer-us');
  expect(availableInstruments(state, tokenizer, 'tokenizer-us')).toEqual([usdInfo]);
  expect(refusal(() => availableInstruments(state, tokenizer, 'tokenizer-eu'))).toMatchObject({
    status: 401,
    code: 'AUTH-IDENTITY-MISMATCH',
  });
  state.members.add({ identification: 'tokenizer-jp', bicfi: 'TOKNJPJT', business_role: 'MIS', country_code: 'JP' });
  const unregistered = await principal('tokenizer-jp');
  expect(refusal(() => availableInstruments(state, unregistered, 'tokenizer-jp'))).toMatchObject(none);
});

test('reading empty-lists-200: an account’s or a member’s empty listing is 200 [], the other listings and the unknowns are unchanged', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  const bb = await principal('maker-bb');
  state.readings.enable('empty-lists-200');
  expect(accountInstruments(state, aa, 'main')).toEqual([]);
  expect(memberInstruments(state, 'maker-bb', 'both')).toEqual([]);
  expect(memberInstruments(state, 'tokenizer-us', 'authorized')).toEqual([]);
  fundLine(state, 'maker-aa', 'main', USD, 100);
  expect(accountInstruments(state, aa, 'main')).toEqual([usdInfo]);
  expect(refusal(() => accountInstruments(state, aa, 'third'))).toMatchObject({
    status: 404,
    code: 'ACCOUNT-NOT-FOUND',
  });
  expect(refusal(() => memberInstruments(state, 'nobody-xx', 'both'))).toMatchObject({
    status: 404,
    code: 'MEMBER-NOT-FOUND',
  });
  // A row whose 404 has its condition keeps it: "404 none" of the emission listing (line 483).
  expect(refusal(() => emittedInstruments(state, bb))).toMatchObject(none);
});
