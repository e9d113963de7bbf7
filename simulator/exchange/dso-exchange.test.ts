import { expect, test } from '@playwright/test';
import type { ExchangeInfo, ExchangeObject, QuotationInfo, SettlementInstrumentInfo } from '../../schemas/wire.ts';
import { fundLine, issueDsoDirectly, refusal, USD } from '../../test-support/simulator/value-network.ts';
import { quotationNetwork, quotationObject, signed } from '../../test-support/simulator/quotation-network.ts';
import { amountFromWholeUnits, formatAmount, ZERO_AMOUNT } from '../ledger/amount.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import { answerQuotation } from '../quotations/answer.ts';
import { exchange } from './exchange.ts';

/**
 * An exchange in a DSO (semantics, Exchange): the DSO leg names `emission` accounts, where DSOs are held
 * and where their issuer mints and burns them. maker-bb issues GBPDSO and sells it for USD; maker-aa
 * holds a line for it on its `emission` account.
 */
const GBPDSO: AssetRef = { code: 'GBPDSO', issuer: 'maker-bb' };
const dsoInfo: SettlementInstrumentInfo[] = [
  { asset_code_identification: 'GBPDSO', asset_group_identification: 'DSO', asset_issuer_identification: 'maker-bb' },
];
const usdInfo: SettlementInstrumentInfo[] = [
  { asset_code_identification: 'USD', asset_group_identification: 'DSA', asset_issuer_identification: 'tokenizer-us' },
];

async function dsoMarket() {
  const network = await quotationNetwork();
  issueDsoDirectly(network.state, GBPDSO);
  fundLine(network.state, 'maker-aa', 'emission', GBPDSO, 10_000);
  const holding = (member: string, account: string, asset: AssetRef) =>
    formatAmount(network.state.ledger.balance(member, account, asset) ?? ZERO_AMOUNT);
  return { ...network, holding };
}

function exchangeObject(state: Parameters<typeof signed>[0], info: ExchangeInfo, account: string): ExchangeObject {
  const { payload, signature } = signed(state, 'maker-aa', account, info);
  return { exchange_payload: payload, member_signature: signature };
}

test('a seller sells its own DSO from emission (minted) into the buyer’s emission account; main cannot carry it', async () => {
  const { state, buyer, seller, requestQuotation, quotationInfo, holding } = await dsoMarket();
  const { quotationUuid, request } = requestQuotation({ quoted_asset_info: dsoInfo, maximum_amount_limit: 1000 });
  const onMain = quotationInfo(quotationUuid, request, { seller_debiting_account_identification: 'main' });
  expect(refusal(() => answerQuotation(state, seller, quotationUuid, quotationObject(state, onMain)))).toMatchObject({
    status: 400,
    detail: expect.stringContaining('GBPDSO is a DSO, held on the emission account'),
  });
  const info: QuotationInfo = quotationInfo(quotationUuid, request, {
    seller_debiting_account_identification: 'emission',
    foreign_exchange_rate: 0.8,
  });
  answerQuotation(state, seller, quotationUuid, quotationObject(state, info));

  const toMain: ExchangeInfo = {
    amount_base_asset: 100,
    buyer_crediting_account_identification: 'main',
    buyer_debiting_account_identification: 'main',
    quotation_info: [info],
  };
  expect(refusal(() => exchange(state, buyer, exchangeObject(state, toMain, 'main')))).toMatchObject({
    status: 400,
    code: 'EXCHANGE-PAYLOAD-INVALID',
  });
  const result = exchange(
    state,
    buyer,
    exchangeObject(state, { ...toMain, buyer_crediting_account_identification: 'emission' }, 'main'),
  );
  expect(result).toMatchObject({ exchange_state: 'Success', amount_quoted_asset: 80 });
  expect([
    holding('maker-aa', 'emission', GBPDSO),
    holding('maker-aa', 'main', USD),
    holding('maker-bb', 'main', USD),
  ]).toEqual(['80.0000000', '900.0000000', '100.0000000']);
  expect(state.ledger.issuance(GBPDSO)).toEqual({ minted: amountFromWholeUnits(80), burned: 0n });
});

test('a DSO offered as base asset reaches its issuer, who takes it back into emission (burned)', async () => {
  const { state, buyer, seller, requestQuotation, quotationInfo, holding } = await dsoMarket();
  // maker-aa gets 100 GBPDSO first, as above.
  const first = requestQuotation({ quoted_asset_info: dsoInfo, maximum_amount_limit: 1000 });
  const sold = quotationInfo(first.quotationUuid, first.request, {
    seller_debiting_account_identification: 'emission',
    foreign_exchange_rate: 1,
  });
  answerQuotation(state, seller, first.quotationUuid, quotationObject(state, sold));
  exchange(
    state,
    buyer,
    exchangeObject(
      state,
      {
        amount_base_asset: 100,
        buyer_crediting_account_identification: 'emission',
        buyer_debiting_account_identification: 'main',
        quotation_info: [sold],
      },
      'main',
    ),
  );

  // maker-bb holds no line for its own DSO, yet is asked, since the DSO comes home.
  const { quotationUuid, request } = requestQuotation({
    base_asset_info: dsoInfo,
    quoted_asset_info: usdInfo,
    maximum_amount_limit: 1000,
  });
  expect(
    state.gateway
      .read('maker-bb', 'quotations')
      .map((message) => (message.response_data[0] as { quotation_uuid: string }).quotation_uuid),
  ).toContain(quotationUuid);
  const back = quotationInfo(quotationUuid, request, {
    seller_crediting_account_identification: 'emission',
    foreign_exchange_rate: 1,
  });
  answerQuotation(state, seller, quotationUuid, quotationObject(state, back));
  const result = exchange(
    state,
    buyer,
    exchangeObject(
      state,
      {
        amount_base_asset: 40,
        buyer_crediting_account_identification: 'main',
        buyer_debiting_account_identification: 'emission',
        quotation_info: [back],
      },
      'emission',
    ),
  );
  expect(result).toMatchObject({ exchange_state: 'Success', amount_quoted_asset: 40 });
  expect([holding('maker-aa', 'emission', GBPDSO), holding('maker-aa', 'main', USD)]).toEqual([
    '60.0000000',
    '940.0000000',
  ]);
  expect(state.ledger.issuance(GBPDSO)).toEqual({
    minted: amountFromWholeUnits(100),
    burned: amountFromWholeUnits(40),
  });
});
