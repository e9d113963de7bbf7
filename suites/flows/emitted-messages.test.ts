import { test, expect } from '@playwright/test';
import {
  creditTransfer,
  paymentStory,
  redemptionAnswer,
  redemptionStory,
} from '../../schemas/iso20022/message-builders.ts';
import { financialMessage, messageEnvelope } from '../../schemas/iso20022/message-envelope.ts';
import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { readEmittedMessage } from './emitted-messages.ts';

/** The harness's reader of what a target emits: what it reads, and every way it refuses a message. */

const payment = paymentStory();
const redemption = redemptionStory();

function message(type: MessageTypeName, document: string, headerType: MessageTypeName = type) {
  return financialMessage(
    type,
    messageEnvelope(
      {
        type: headerType,
        from: 'AAAAUS33XXX',
        to: 'BBBBSGSGXXX',
        businessMessageIdentification: 'BIZ-1',
        creationDate: '2024-03-15T10:15:30Z',
      },
      document,
    ),
  );
}

test('reads a status report: its header, identification, original and the transactions it reports', () => {
  const read = readEmittedMessage(
    message('pacs.002.001.10', redemptionAnswer(redemption, { messageIdentification: 'STS-1', status: 'RJCT' })),
    'the report',
  );
  expect(read).toEqual({
    type: 'pacs.002.001.10',
    from: 'AAAAUS33XXX',
    to: 'BBBBSGSGXXX',
    messageIdentification: 'STS-1',
    original: {
      messageIdentification: redemption.messageIdentification,
      messageName: 'pacs.009.001.08',
      status: undefined,
      reason: undefined,
    },
    transactions: [
      { instruction: redemption.instruction, endToEnd: redemption.endToEnd, uetr: redemption.uetr, status: 'RJCT' },
    ],
  });
});

test('reads a payment’s own transaction identifiers and its amount', () => {
  const read = readEmittedMessage(message('pacs.008.001.08', creditTransfer(payment)), 'the payment');
  expect(read.original).toBeUndefined();
  expect(read.transactions).toEqual([
    {
      instruction: payment.instruction,
      endToEnd: payment.endToEnd,
      uetr: payment.uetr,
      amount: payment.amount,
      currency: payment.currency,
    },
  ]);
});

test('refuses, under MSG-XSD-VALID-EMITTED, anything that is not a valid Message of its type', () => {
  const valid = message('pacs.008.001.08', creditTransfer(payment));
  const xml = Buffer.from(valid.financial_message_data, 'base64').toString('utf8');
  const data = (text: string) => ({ ...valid, financial_message_data: Buffer.from(text, 'utf8').toString('base64') });
  const cases: Array<[unknown, RegExp]> = [
    [{ ...valid, financial_message_type: 'iso20022:pacs.008.001.99' }, /not a supported version/],
    [{ ...valid, financial_message_data: '%%%' }, /not a base64 string/],
    [data('not XML'), /not well-formed XML/],
    [
      data(xml.replace('<ChrgBr>SHAR</ChrgBr>', '<ChrgBr>HALF</ChrgBr>')),
      /does not validate: Document against pacs\.008\.001\.08/,
    ],
    [data(xml.replace('</Message>', '<Extra/></Message>')), /more than an AppHdr and one Document/],
    [message('pacs.008.001.08', creditTransfer(payment), 'pacs.009.001.08'), /MsgDefIdr is "pacs\.009\.001\.08"/],
    [
      message('pacs.002.001.10', creditTransfer(payment)),
      /does not hold a Document in urn:iso:std:iso:20022:tech:xsd:pacs\.002\.001\.10/,
    ],
  ];
  for (const [value, reason] of cases) {
    expect(() => readEmittedMessage(value, 'the answer')).toThrow(/^\[MSG-XSD-VALID-EMITTED\] the answer: /);
    expect(() => readEmittedMessage(value, 'the answer')).toThrow(reason);
  }
});
