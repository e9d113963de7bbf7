import { test, expect } from '@playwright/test';
import { readMessage } from '../iso20022/read-message.ts';
import { readSettlement } from '../iso20022/settlement.ts';
import { sampleNetwork } from '../../test-support/simulator/sample-network.ts';
import { creditTransfer, paymentStory, storyMessage } from '../../schemas/iso20022/message-builders.ts';
import { transactionInfo } from './transaction-info.ts';

/** transactionInfo of the authored story's pacs.008 (bank-aaaa pays bank-bbbb), with `document`'s changes. */
function infoOf(document: string) {
  const { members, ofi, rfi } = sampleNetwork();
  const story = paymentStory();
  const content = readMessage(
    'pacs.008.001.08',
    storyMessage('pacs.008.001.08', document, story.ofi, story.rfi, 'BIZ'),
  ).content!;
  const [terms] = readSettlement(content, ofi, rfi, members).terms;
  return transactionInfo(content.transactions[0]!.element, terms!, ofi, rfi);
}

const usd = {
  asset_code_identification: 'USD',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-cc',
};

test('amounts, asset and members come from the payment; with no InstdAmt the interbank amount is paid out', () => {
  expect(infoOf(creditTransfer(paymentStory()))).toEqual({
    creditor_fee: [],
    instructed_amount: 15250.75,
    instructed_currency_code: 'USD',
    instructed_member_identification: 'bank-bbbb',
    instructing_member_identification: 'bank-aaaa',
    interbank_settlement_amount: 15250.75,
    interbank_settlement_asset: [usd],
    interbank_settlement_method: 'DSA',
  });
});

test('InstdAmt is the instructed amount; creditor_fee lists only the charges the RFI takes, in their asset', () => {
  const story = paymentStory();
  const document = creditTransfer(story, { instructedAmount: '15300', creditorFee: '49.25' }).replace(
    '</ChrgsInf>',
    `</ChrgsInf>\n      <ChrgsInf><Amt Ccy="EUR">3</Amt><Agt><FinInstnId><BICFI>${story.rfi}</BICFI></FinInstnId></Agt></ChrgsInf>\n      <ChrgsInf><Amt Ccy="USD">1</Amt><Agt><FinInstnId><BICFI>${story.ofi}</BICFI></FinInstnId></Agt></ChrgsInf>`,
  );
  const info = infoOf(document);
  expect(info.instructed_amount).toBe(15300);
  expect(info.creditor_fee).toEqual([
    { fee_amount: 49.25, fee_asset: [usd] },
    { fee_amount: 3, fee_asset: [{ asset_code_identification: 'EUR', asset_group_identification: 'DSA' }] },
  ]);
});
