import { test, expect } from '@playwright/test';
import { descendantElements, textAt } from '../iso20022/xml-dom.ts';
import { replyRoute, sendRoute } from './message-routes.ts';
import { complianceAnswer, creditTransfer } from '../../schemas/iso20022/message-builders.ts';
import { paymentDomain, readServiceReport } from '../../test-support/simulator/payment-network.ts';

test('a rejection with a proprietary reason reaches the OFI as NARR with the reason as text, in a valid pacs.002', async () => {
  const { state, callers, story, signed, handle, balance } = await paymentDomain();
  handle(
    callers.aa,
    sendRoute,
    signed('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification),
  );
  const document = complianceAnswer(story, {
    messageIdentification: 'CMP-1',
    status: 'RJCT',
    reason: { code: 'RR04', text: 'Sanctions screening hit' },
  }).replace('<Cd>RR04</Cd>', '<Prtry>SANCTIONS-HIT</Prtry>');
  expect(
    handle(callers.bb, replyRoute, signed('SVC.001.001.01', document, story.rfi, story.ofi, 'CMP-1')).answer,
  ).toBeDefined();
  const [, rejection] = state.gateway
    .read('maker-aa', 'payment')
    .map((message) => message.response_data[0] as { financial_message_type: string; financial_message_data: string });
  const report = readServiceReport(rejection!);
  expect(report).toMatchObject({ status: 'RJCT', reason: 'NARR' });
  expect(
    descendantElements(report.content.body)
      .filter((element) => element.localName === 'AddtlInf')
      .slice(0, 2)
      .map((element) => element.textContent),
  ).toEqual(['SANCTIONS-HIT', 'Sanctions screening hit']);
  expect(textAt(report.content.transactions[0]!.element, 'OrgnlInstrId')).toBe(story.instruction);
  expect(state.payments.find('maker-aa', story.messageIdentification, story.instruction)?.status).toBe('rejected');
  expect(balance('maker-bb')).toBe('0.0000000');
});

test('an acceptance naming an account the RFI does not have is refused; the payment still waits for its answer', async () => {
  const { state, callers, story, signed, handle } = await paymentDomain();
  handle(
    callers.aa,
    sendRoute,
    signed('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification),
  );
  const { refusal } = handle(
    callers.bb,
    replyRoute,
    signed(
      'SVC.001.001.01',
      complianceAnswer(story, { messageIdentification: 'CMP-1', creditAccount: 'savings' }),
      story.rfi,
      story.ofi,
      'CMP-1',
    ),
  );
  expect(refusal?.detail).toBe('CdtAcct savings is not an account of maker-bb.');
  expect(readServiceReport(refusal!.bodyFields as never).reason).toBe('AC01');
  expect(state.payments.find('maker-aa', story.messageIdentification, story.instruction)?.status).toBe(
    'awaiting compliance',
  );
});
