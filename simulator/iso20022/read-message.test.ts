import { test, expect } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { isMessageTypeName, MESSAGE_ENVELOPE_NAMESPACE } from '../../schemas/iso20022/message-types.ts';
import { readMessage } from './read-message.ts';
import { fixture, serviceExample } from '../../test-support/simulator/iso20022-fixtures.ts';
import { messageXml } from '../../schemas/iso20022/message-builders.ts';

const withoutDeclaration = (xml: string) => xml.replace(/^\uFEFF?<\?xml[^>]*\?>/, '');

/** Every sample Document of a supported type, by folder, with its type from its file name. */
const samples = ['authored', 'fednow', 'cbprplus'].flatMap((folder) =>
  readdirSync(new URL(`fixtures/${folder}`, import.meta.url))
    .map((file) => ({ path: `${folder}/${file}`, type: file.split('_')[0]! }))
    .filter((sample) => isMessageTypeName(sample.type)),
);

test.describe('public and authored samples in the Message envelope', () => {
  test('there are samples of every ISO type the service supports', () => {
    expect(new Set(samples.map((sample) => sample.type))).toEqual(
      new Set([
        'pacs.008.001.08',
        'pacs.009.001.08',
        'pacs.002.001.10',
        'pacs.004.001.09',
        'camt.056.001.08',
        'camt.029.001.09',
        'camt.026.001.07',
        'camt.087.001.06',
      ]),
    );
    expect(samples.length).toBeGreaterThanOrEqual(28);
  });

  for (const sample of samples) {
    test(`${sample.path} validates and is read`, () => {
      if (!isMessageTypeName(sample.type)) throw new Error('unreachable');
      const reading = readMessage(sample.type, messageXml(sample.type, fixture(sample.path)));
      expect(reading.problems).toEqual([]);
      expect(reading.schemaValid).toBe(true);
      expect(reading.content?.messageIdentification).toMatch(/\S/);
    });
  }

  test('the sample AppHdrs work as the header, and the identifiers of the story are read', () => {
    const message = `<Message xmlns="${MESSAGE_ENVELOPE_NAMESPACE}">${withoutDeclaration(fixture('authored/head.001.001.02_for_pacs.008.xml'))}${withoutDeclaration(fixture('authored/pacs.008.001.08_minimal_bicfi.xml'))}</Message>`;
    const reading = readMessage('pacs.008.001.08', message);
    expect(reading.problems).toEqual([]);
    expect(reading.content?.header).toEqual({
      from: 'AAAAUS33XXX',
      to: 'BBBBSGSGXXX',
      businessMessageIdentification: 'AAAAUS33-20240315-000001',
      messageDefinitionIdentifier: 'pacs.008.001.08',
      creationDate: '2024-03-15T10:15:30Z',
    });
    expect(reading.content?.messageIdentification).toBe('AAAAUS33-20240315-000001');
    expect(reading.content?.transactions.map((transaction) => transaction.payment)).toEqual([
      {
        instructionIdentification: 'AAAAUS33-INSTR-000001',
        endToEndIdentification: 'INV-2024-0042',
        transactionIdentification: 'AAAAUS33-TX-000001',
        uetr: '3f2b8c1e-6a4d-4e2b-9c7a-1d5e8f0a2b3c',
      },
    ]);

    const fednow = `<Message xmlns="${MESSAGE_ENVELOPE_NAMESPACE}">${withoutDeclaration(fixture('fednow/head.001.001.02_FICreditTransfer_Scenario1_Step1.xml'))}${withoutDeclaration(fixture('fednow/pacs.009.001.08_FICreditTransfer_Scenario1_Step1.xml'))}</Message>`;
    expect(readMessage('pacs.009.001.08', fednow).problems).toEqual([]);
  });

  test('answers are read with the identifiers of the message they answer', () => {
    const cancellation = readMessage(
      'camt.056.001.08',
      messageXml('camt.056.001.08', fixture('authored/camt.056.001.08_cancel_request_bicfi.xml')),
    ).content;
    expect(cancellation?.messageIdentification).toBe('AAAAUS33-CXL-20240315-01');
    expect(cancellation?.transactions.map((transaction) => transaction.original)).toEqual([
      {
        messageIdentification: 'AAAAUS33-20240315-000001',
        messageNameIdentification: 'pacs.008.001.08',
        instructionIdentification: 'AAAAUS33-INSTR-000001',
        endToEndIdentification: 'INV-2024-0042',
        transactionIdentification: 'AAAAUS33-TX-000001',
        uetr: '3f2b8c1e-6a4d-4e2b-9c7a-1d5e8f0a2b3c',
      },
    ]);
    const compliance = readMessage(
      'SVC.001.001.01',
      messageXml('SVC.001.001.01', serviceExample('SVC.001.001.01'), { from: 'BBBBSGSGXXX', to: 'AAAAUS33XXX' }),
    );
    expect(compliance.problems).toEqual([]);
    expect(compliance.content?.transactions[0]?.original).toMatchObject({
      messageIdentification: 'AAAAUS33-20240315-000001',
      instructionIdentification: 'AAAAUS33-INSTR-000001',
    });
  });
});

test.describe('refusals', () => {
  const document = fixture('authored/pacs.008.001.08_minimal_bicfi.xml');
  const texts = (type: Parameters<typeof readMessage>[0], xml: string) =>
    readMessage(type, xml).problems.map((problem) => `${problem.reason} ${problem.text}`);

  test('not XML, or XML that is not the Message envelope', () => {
    expect(texts('pacs.008.001.08', 'hello')).toEqual([expect.stringMatching(/^FF01 Not well-formed XML/)]);
    expect(texts('pacs.008.001.08', document)).toEqual([expect.stringContaining('root element must be Message')]);
    const good = messageXml('pacs.008.001.08', document);
    expect(
      texts('pacs.008.001.08', good.replace('<Message xmlns="urn:dss:message:1">', '<Message xmlns="urn:worldwire">')),
    ).toEqual([expect.stringContaining('root element must be Message')]);
    expect(texts('pacs.008.001.08', good.replace(/<AppHdr[\s\S]*<\/AppHdr>/, ''))).toEqual([
      expect.stringContaining('must start with AppHdr'),
    ]);
    expect(texts('pacs.008.001.08', good.replace('</Message>', '<Extra/></Message>'))).toEqual([
      expect.stringContaining('only AppHdr and one Document'),
    ]);
    expect(texts('pacs.008.001.08', good.replace('</AppHdr>', '</AppHdr>stray text'))).toEqual([
      expect.stringContaining('text outside'),
    ]);
    expect(texts('pacs.008.001.08', good.replaceAll('head.001.001.02', 'head.001.001.01'))).toEqual([
      expect.stringContaining('must start with AppHdr in urn:iso:std:iso:20022:tech:xsd:head.001.001.02'),
    ]);
  });

  test('a Document of another type than financial_message_type says', () => {
    expect(texts('pacs.009.001.08', messageXml('pacs.009.001.08', document))).toEqual([
      expect.stringContaining('financial_message_type says pacs.009.001.08'),
    ]);
    expect(texts('pacs.008.001.08', messageXml('pacs.009.001.08', document))).toEqual([
      expect.stringContaining('AppHdr/MsgDefIdr is pacs.009.001.08'),
    ]);
  });

  test('an older version of the Document breaks the namespace check', () => {
    const older = fixture('authored/pacs.008.001.07_official_bicfi.xml');
    expect(texts('pacs.008.001.08', messageXml('pacs.008.001.08', older))).toEqual([
      expect.stringContaining('urn:iso:std:iso:20022:tech:xsd:pacs.008.001.07'),
    ]);
  });

  test('schema errors name the line in the Message, for AppHdr and Document alike', () => {
    const broken = messageXml(
      'pacs.008.001.08',
      document.replace('<NbOfTxs>1</NbOfTxs>', '<NbOfTxs>one</NbOfTxs>'),
    ).replace('<BizMsgIdr>AAAAUS33-BIZ-000001</BizMsgIdr>', '');
    const reading = readMessage('pacs.008.001.08', broken);
    expect(reading.schemaValid).toBe(false);
    expect(reading.problems.map((problem) => problem.text)).toEqual([
      expect.stringMatching(/^AppHdr does not validate against head\.001\.001\.02: line \d+: .*MsgDefIdr/),
      expect.stringMatching(/^Document does not validate against pacs\.008\.001\.08: line \d+: .*NbOfTxs.*'one'/),
    ]);
    // Read all the same: a RJCT can still name the message.
    expect(reading.content?.messageIdentification).toBe('AAAAUS33-20240315-000001');
  });
});
