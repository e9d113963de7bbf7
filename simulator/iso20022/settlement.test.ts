import { test, expect } from '@playwright/test';
import { creditTransfer, paymentStory, storyMessage } from '../../schemas/iso20022/message-builders.ts';
import { AmountScale } from '../ledger/amount-scale.ts';
import { readMessage } from './read-message.ts';
import { sampleNetwork } from '../../test-support/simulator/sample-network.ts';
import { readSettlement } from './settlement.ts';

/** The settlement reading of the authored story's pacs.008 for `amount` KWD (3 minor units), at a ledger of `digits`. */
function settlementOf(amount: string, digits?: number) {
  const { members, ofi, rfi } = sampleNetwork();
  const story = paymentStory({ currency: 'KWD', amount });
  const content = readMessage(
    'pacs.008.001.08',
    storyMessage('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, 'BIZ'),
  ).content!;
  return readSettlement(content, ofi, rfi, members, digits === undefined ? undefined : new AmountScale(digits));
}

test('a settlement amount must fit the ledger: three decimals move at the reference’s 7 digits, not at 2 (two-decimal-amounts)', () => {
  expect(settlementOf('12.345').problems).toEqual([]);
  expect(settlementOf('12.345', 2).problems.map((found) => found.text)).toEqual([
    'IntrBkSttlmAmt 12.345 has more than the 2 fraction digits the ledger keeps.',
  ]);
  expect(settlementOf('12.34', 2).problems).toEqual([]);
});
