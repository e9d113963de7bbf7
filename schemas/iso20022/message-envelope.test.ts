import { test, expect } from '@playwright/test';
import { financialMessage, messageEnvelope } from './message-envelope.ts';
import { xsdProblemsOfText } from './xsd-validation.ts';

/** The one writer of the Message envelope: its AppHdr validates, texts are escaped, the Document is kept as written. */

const header = {
  type: 'pacs.008.001.08',
  from: 'AAAAUS33XXX',
  to: 'BBBBSGSGXXX',
  businessMessageIdentification: 'A&B<1>',
  creationDate: '2024-03-15T10:15:30Z',
} as const;
const document =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08"><!-- as written --></Document>';

test('wraps the Document, without its XML declaration, after an AppHdr that validates against head.001.001.02', () => {
  const xml = messageEnvelope(header, document);
  expect(
    xml.startsWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Message xmlns="urn:dss:message:1"><AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.02">',
    ),
  ).toBe(true);
  expect(
    xml.endsWith(
      '</AppHdr><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08"><!-- as written --></Document></Message>',
    ),
  ).toBe(true);
  expect(xml).toContain('<BizMsgIdr>A&amp;B&lt;1&gt;</BizMsgIdr><MsgDefIdr>pacs.008.001.08</MsgDefIdr>');
  const appHeader = /<AppHdr[^]*<\/AppHdr>/.exec(xml)![0];
  expect(xsdProblemsOfText('iso/head.001.001.02.xsd', appHeader)).toEqual([]);
});

test('a financialMessage names the type with its namespace and carries the XML as base64', () => {
  expect(financialMessage('SVC.001.001.01', '<x/>')).toEqual({
    financial_message_type: 'iso20022:SVC.001.001.01',
    financial_message_data: Buffer.from('<x/>').toString('base64'),
  });
});
