import { expect, test } from '@playwright/test';
import type { ExchangeInfo, SettlementInstrumentInfo } from '../../schemas/wire.ts';
import { quotationNetwork, quotationObject, signed } from '../../test-support/simulator/quotation-network.ts';
import { refusal, USD } from '../../test-support/simulator/value-network.ts';
import { amountFromWholeUnits, formatAmount, ZERO_AMOUNT } from '../ledger/amount.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import { exchange } from '../exchange/exchange.ts';
import { answerQuotation } from '../quotations/answer.ts';
import { changeCreditLineAsMember, type MemberCreditLineChange } from './credit-line-changes.ts';

/**
 * Reading holder-dso-on-operating-account: maker-aa's line for maker-bb's GBPDSO is set on an operating
 * account (main or second), not on emission, and the DSO it buys lands there; the issuer still sells
 * it out of its own emission. Off, the reference: the line is on emission only.
 */
const GBPDSO: AssetRef = { code: 'GBPDSO', issuer: 'maker-bb' };
const dsoInfo: SettlementInstrumentInfo[] = [
  { asset_code_identification: 'GBPDSO', asset_group_identification: 'DSO', asset_issuer_identification: 'maker-bb' },
];

async function dsoNetwork(reading: boolean) {
  const network = await quotationNetwork();
  const { state } = network;
  if (reading) state.readings.enable('holder-dso-on-operating-account');
  state.assets.register({
    asset_code_identification: GBPDSO.code,
    asset_group_identification: 'DSO',
    asset_issuer_identification: GBPDSO.issuer,
  });
  const holder = await network.principal('maker-aa');
  const issuer = await network.principal('maker-bb');
  const change = (
    caller: typeof holder,
    account: string,
    credit_line_state: MemberCreditLineChange['credit_line_state'],
  ) =>
    refusal(() =>
      changeCreditLineAsMember(state, caller, {
        account_identification: account,
        asset_code_identification: GBPDSO.code,
        credit_line_state,
        member_identification: credit_line_state === 'request' ? GBPDSO.issuer : 'maker-aa',
        ...(credit_line_state === 'request' ? { maximum_credit_limit: 1000 } : {}),
      }),
    );
  /** The holder requests a line on `account` and the issuer allows it: the refusal of either, if any. */
  const openLine = (account: string) => change(holder, account, 'request') ?? change(issuer, account, 'allow');
  const holding = (account: string) => formatAmount(state.ledger.balance('maker-aa', account, GBPDSO) ?? ZERO_AMOUNT);
  return { ...network, openLine, holding };
}

test('off: a DSO line is set on the holder’s emission account, an operating account is refused', async () => {
  const { state, openLine } = await dsoNetwork(false);
  expect(openLine('main')).toMatchObject({
    status: 404,
    code: 'CREDIT-LINE-REFUSED',
    detail: expect.stringContaining('held on the holder’s emission account'),
  });
  expect(openLine('emission')).toBeUndefined();
  expect(state.ledger.creditLine('maker-aa', 'emission', GBPDSO)).toMatchObject({ state: 'allow' });
});

test('on: a DSO line is set on any operating account of the holder, each its own, and emission is refused', async () => {
  const { state, openLine } = await dsoNetwork(true);
  expect(openLine('emission')).toMatchObject({
    status: 404,
    code: 'CREDIT-LINE-REFUSED',
    detail: expect.stringContaining('held on an operating account of the holder'),
  });
  expect(openLine('main')).toBeUndefined();
  expect(openLine('second')).toBeUndefined();
  expect([
    state.ledger.creditLine('maker-aa', 'main', GBPDSO)?.state,
    state.ledger.creditLine('maker-aa', 'second', GBPDSO)?.state,
  ]).toEqual(['allow', 'allow']);
});

test('on: the issuer sells its DSO out of its emission (minted) into the buyer’s operating account; the buyer’s emission cannot take it', async () => {
  const { state, buyer, seller, requestQuotation, quotationInfo, openLine, holding } = await dsoNetwork(true);
  expect(openLine('main')).toBeUndefined();
  const { quotationUuid, request } = requestQuotation({ quoted_asset_info: dsoInfo, maximum_amount_limit: 1000 });
  const info = quotationInfo(quotationUuid, request, {
    seller_debiting_account_identification: 'emission',
    foreign_exchange_rate: 0.8,
  });
  answerQuotation(state, seller, quotationUuid, quotationObject(state, info));
  const order = (crediting: string): ExchangeInfo => ({
    amount_base_asset: 100,
    buyer_crediting_account_identification: crediting,
    buyer_debiting_account_identification: 'main',
    quotation_info: [info],
  });
  const objectOf = (value: ExchangeInfo) => {
    const { payload, signature } = signed(state, 'maker-aa', 'main', value);
    return { exchange_payload: payload, member_signature: signature };
  };
  expect(refusal(() => exchange(state, buyer, objectOf(order('emission'))))).toMatchObject({ status: 400 });
  expect(exchange(state, buyer, objectOf(order('main')))).toMatchObject({
    exchange_state: 'Success',
    amount_quoted_asset: 80,
  });
  expect([holding('main'), formatAmount(state.ledger.balance('maker-aa', 'main', USD)!)]).toEqual([
    '80.0000000',
    '900.0000000',
  ]);
  expect(state.ledger.issuance(GBPDSO)).toEqual({ minted: amountFromWholeUnits(80), burned: ZERO_AMOUNT });
});

test('both: a revoked DSO line is allowed again by its issuer', async () => {
  for (const reading of [false, true]) {
    const { state, openLine } = await dsoNetwork(reading);
    const account = reading ? 'main' : 'emission';
    expect(openLine(account)).toBeUndefined();
    state.ledger.revokeCreditLine('maker-aa', account, GBPDSO);
    expect(openLine(account)).toBeUndefined();
    expect(state.ledger.creditLine('maker-aa', account, GBPDSO)).toMatchObject({ state: 'allow' });
  }
});
