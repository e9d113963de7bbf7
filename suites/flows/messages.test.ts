import { test, expect } from '@playwright/test';
import { creditTransfer, paymentStory } from '../../schemas/iso20022/message-builders.ts';
import { financialMessage, messageEnvelope } from '../../schemas/iso20022/message-envelope.ts';
import type { EmittedMessage } from './emitted-messages.ts';
import { carrying, expectReportAbout, transactionsDiffer, type SentMessage } from './messages.ts';

/** Judging the reports about a message, and finding a delivery by its identifiers. */

const sent: SentMessage = {
  type: 'pacs.008.001.08',
  messageIdentification: 'MSG-1',
  transactions: [{ instruction: 'INS-1', endToEnd: 'E2E-1', uetr: 'uetr-1' }],
};

function report(changes: Partial<EmittedMessage> = {}): EmittedMessage {
  return {
    type: 'pacs.002.001.10',
    from: 'DSSVZZZZ',
    to: 'AAAAUS33XXX',
    messageIdentification: 'STS-1',
    original: { messageIdentification: 'MSG-1', messageName: 'pacs.008.001.08', status: 'ACTC' },
    transactions: [{ instruction: 'INS-1', endToEnd: 'E2E-1', uetr: 'uetr-1', status: 'ACTC' }],
    ...changes,
  };
}

test('a report names its message by OrgnlMsgId and OrgnlMsgNmId, and only its transactions, with their identifiers', () => {
  expect(() => expectReportAbout(report(), sent, 'the answer')).not.toThrow();
  expect(() => expectReportAbout(report({ transactions: [] }), sent, 'the answer')).not.toThrow();
  expect(() =>
    expectReportAbout(report({ transactions: [{ instruction: 'INS-1' }] }), sent, 'the answer'),
  ).not.toThrow();
  const wrong: Array<[Partial<EmittedMessage>, RegExp]> = [
    [{ type: 'SVC.001.001.01' }, /not a pacs\.002/],
    [
      { original: { messageIdentification: 'MSG-2', messageName: 'pacs.008.001.08' } },
      /OrgnlMsgId is "MSG-2", expected MSG-1/,
    ],
    [
      { original: { messageIdentification: 'MSG-1', messageName: 'pacs.009.001.08' } },
      /OrgnlMsgNmId is "pacs\.009\.001\.08"/,
    ],
    [{ transactions: [{ instruction: 'INS-9' }] }, /OrgnlInstrId "INS-9", which is no transaction of MSG-1/],
    [{ transactions: [{ instruction: 'INS-1', endToEnd: 'E2E-9' }] }, /OrgnlEndToEndId of INS-1 is E2E-9/],
    [{ transactions: [{ instruction: 'INS-1', uetr: 'uetr-9' }] }, /OrgnlUETR of INS-1 is uetr-9/],
  ];
  for (const [changes, reason] of wrong)
    expect(() => expectReportAbout(report(changes), sent, 'the answer')).toThrow(reason);
});

test('a delivery is found by an identifier as a whole element text, and by its type', () => {
  const story = paymentStory({ messageIdentification: 'ABC-12' });
  const payload = financialMessage(
    'pacs.008.001.08',
    messageEnvelope(
      {
        type: 'pacs.008.001.08',
        from: story.ofi,
        to: story.rfi,
        businessMessageIdentification: 'ABC-12',
        creationDate: '2024-03-15T10:15:30Z',
      },
      creditTransfer(story),
    ),
  );
  expect(carrying('ABC-12')(payload)).toBe(true);
  expect(carrying('ABC-12', 'pacs.008.001.08')(payload)).toBe(true);
  expect(carrying('ABC-12', 'pacs.002.001.10')(payload)).toBe(false);
  expect(carrying('ABC-1')(payload)).toBe(false);
  expect(carrying('ABC-12')({ response_data: 'ABC-12' })).toBe(false);
});

test('a delivery carries the transactions sent: their identifiers, and each amount where one was sent, read exactly', () => {
  const payment: SentMessage = {
    ...sent,
    transactions: [{ instruction: 'INS-1', endToEnd: 'E2E-1', uetr: 'uetr-1', amount: '12.5', currency: 'USD' }],
  };
  const carried = (changes: Partial<EmittedMessage['transactions'][number]> = {}) => ({
    transactions: [
      { instruction: 'INS-1', endToEnd: 'E2E-1', uetr: 'uetr-1', amount: '12.50', currency: 'USD', ...changes },
    ],
  });
  expect(transactionsDiffer(carried(), payment)).toBeUndefined();
  expect(transactionsDiffer(carried({ amount: '99' }), sent)).toBeUndefined();
  expect(transactionsDiffer({ transactions: [] }, { ...sent, transactions: [] })).toBeUndefined();
  for (const changes of [{ amount: '12.51' }, { currency: 'EUR' }, { uetr: 'uetr-9' }, { endToEnd: undefined }]) {
    expect(transactionsDiffer(carried(changes), payment), JSON.stringify(changes)).toMatch(
      /^carries the transactions \[.*\], sent \["INS-1 E2E-1 uetr-1 12.5000000 USD"\]$/,
    );
  }
  expect(transactionsDiffer({ transactions: [] }, payment)).toMatch(/carries the transactions \[\]/);
});
