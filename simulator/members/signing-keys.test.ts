import { test, expect } from '@playwright/test';
import type { ExchangeInfo } from '../../schemas/wire.ts';
import { refusal } from '../../test-support/simulator/value-network.ts';
import { quotationNetwork, quotationObject, signed } from '../../test-support/simulator/quotation-network.ts';
import { exchange } from '../exchange/exchange.ts';
import { answerQuotation } from '../quotations/answer.ts';

/**
 * The reading `any-member-key`: a quotation or exchange payload signed by any of the member's own account
 * keys is taken; another member's key or other bytes are still refused. With the reading off, only the
 * debiting account's key signs (the reference).
 */

async function market(reading: boolean) {
  const network = await quotationNetwork();
  if (reading) network.state.readings.enable('any-member-key');
  const { quotationUuid, request } = network.requestQuotation();
  const quotation = network.quotationInfo(quotationUuid, request);
  const info: ExchangeInfo = {
    amount_base_asset: 100,
    buyer_crediting_account_identification: 'main',
    buyer_debiting_account_identification: 'main',
    quotation_info: [quotation],
  };
  const exchangeSignedBy = (member: string, account: string) => {
    const { payload, signature } = signed(network.state, member, account, info);
    return { exchange_payload: payload, member_signature: signature };
  };
  return { ...network, quotationUuid, quotation, exchangeSignedBy };
}

test('off: a quotation or exchange signed by another of the member’s accounts is 400', async () => {
  const { state, buyer, seller, quotationUuid, quotation, exchangeSignedBy } = await market(false);
  expect(
    refusal(() =>
      answerQuotation(state, seller, quotationUuid, quotationObject(state, quotation, 'maker-bb', 'emission')),
    ),
  ).toMatchObject({ status: 400, code: 'QUOTATION-SIGNATURE-INVALID' });
  answerQuotation(state, seller, quotationUuid, quotationObject(state, quotation));
  expect(refusal(() => exchange(state, buyer, exchangeSignedBy('maker-aa', 'second')))).toMatchObject({
    status: 400,
    code: 'EXCHANGE-SIGNATURE-INVALID',
  });
});

test('any-member-key: the seller’s emission key answers, the buyer’s second account signs the exchange, and it settles', async () => {
  const { state, buyer, seller, quotationUuid, quotation, exchangeSignedBy } = await market(true);
  answerQuotation(state, seller, quotationUuid, quotationObject(state, quotation, 'maker-bb', 'emission'));
  expect(exchange(state, buyer, exchangeSignedBy('maker-aa', 'second')).exchange_state).toBe('Success');
});

test('any-member-key: another member’s key, or a signature of other bytes, is still 400', async () => {
  const { state, buyer, seller, quotationUuid, quotation, exchangeSignedBy } = await market(true);
  expect(
    refusal(() => answerQuotation(state, seller, quotationUuid, quotationObject(state, quotation, 'maker-aa', 'main'))),
  ).toMatchObject({ status: 400, code: 'QUOTATION-SIGNATURE-INVALID' });
  answerQuotation(state, seller, quotationUuid, quotationObject(state, quotation));
  expect(refusal(() => exchange(state, buyer, exchangeSignedBy('maker-bb', 'main')))).toMatchObject({
    status: 400,
    code: 'EXCHANGE-SIGNATURE-INVALID',
  });
  const otherBytes = signed(state, 'maker-aa', 'second', { ...quotation, foreign_exchange_rate: 2 });
  expect(
    refusal(() =>
      exchange(state, buyer, { ...exchangeSignedBy('maker-aa', 'second'), member_signature: otherBytes.signature }),
    ),
  ).toMatchObject({ status: 400, code: 'EXCHANGE-SIGNATURE-INVALID' });
});
