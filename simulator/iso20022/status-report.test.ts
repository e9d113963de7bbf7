import { test, expect } from '@playwright/test';
import { readFinancialMessage } from './financial-message-reader.ts';
import { financialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { problem } from './problems.ts';
import { readMessage } from './read-message.ts';
import {
  rejectionReason,
  SERVICE_BICFI,
  statusReportMessage,
  statusReportSubject,
  statusReportXml,
  type StatusReport,
} from './status-report.ts';
import { fixture } from '../../test-support/simulator/iso20022-fixtures.ts';
import { sampleNetwork, signedBy } from '../../test-support/simulator/sample-network.ts';
import { messageXml, paymentDocument } from '../../schemas/iso20022/message-builders.ts';
import { descendantElements, textAt } from './xml-dom.ts';

const payment = readMessage(
  'pacs.008.001.08',
  messageXml('pacs.008.001.08', paymentDocument({ transactions: [{}, {}] })),
).content!;
const base: StatusReport = {
  messageIdentification: 'DSS-STS-000001',
  creationDateTime: '2024-03-15T10:15:31.000Z',
  from: SERVICE_BICFI,
  to: 'AAAAUS33XXX',
  subject: statusReportSubject(payment)!,
  status: 'ACTC',
};

/** Reads a built report back with the same checks as any incoming pacs.002: envelope, head.001.001.02, official pacs.002.001.10 XSD. */
function readBack(report: StatusReport) {
  const reading = readMessage('pacs.002.001.10', statusReportXml(report));
  expect(reading.problems).toEqual([]);
  return reading.content!;
}

for (const status of ['ACTC', 'ACSC', 'ACCP', 'RJCT'] as const) {
  test(`a ${status} report validates against the official XSDs`, () => {
    const content = readBack({
      ...base,
      status,
      ...(status === 'RJCT' ? { reason: { code: 'AC04', additionalInformation: ['Creditor account closed'] } } : {}),
    });
    expect(content.header).toMatchObject({
      from: SERVICE_BICFI,
      to: 'AAAAUS33XXX',
      businessMessageIdentification: 'DSS-STS-000001',
      messageDefinitionIdentifier: 'pacs.002.001.10',
    });
    expect(textAt(content.body, 'OrgnlGrpInfAndSts/GrpSts')).toBe(status);
    expect(content.transactions.map(({ element }) => textAt(element, 'TxSts'))).toEqual([status, status]);
  });
}

test('the report names the message and the transactions it answers; OrgnlUETR only where the payment had one', () => {
  const content = readBack(base);
  expect(textAt(content.body, 'OrgnlGrpInfAndSts/OrgnlMsgId')).toBe('AAAAUS33-20240315-000001');
  expect(textAt(content.body, 'OrgnlGrpInfAndSts/OrgnlMsgNmId')).toBe('pacs.008.001.08');
  expect(content.transactions.map((transaction) => transaction.original)).toEqual([
    {
      messageIdentification: 'AAAAUS33-20240315-000001',
      messageNameIdentification: 'pacs.008.001.08',
      instructionIdentification: 'AAAAUS33-INSTR-000001',
      endToEndIdentification: 'INV-2024-0042',
      transactionIdentification: undefined,
      uetr: '3f2b8c1e-6a4d-4e2b-9c7a-1d5e8f0a2b30',
    },
    {
      messageIdentification: 'AAAAUS33-20240315-000001',
      messageNameIdentification: 'pacs.008.001.08',
      instructionIdentification: 'AAAAUS33-INSTR-000002',
      endToEndIdentification: 'INV-2024-0043',
      transactionIdentification: undefined,
      uetr: '3f2b8c1e-6a4d-4e2b-9c7a-1d5e8f0a2b31',
    },
  ]);
  const withoutUetr = paymentDocument().replace(/<UETR>[^<]*<\/UETR>/, '');
  const subject = statusReportSubject(
    readMessage('pacs.008.001.08', messageXml('pacs.008.001.08', withoutUetr)).content!,
  )!;
  expect(statusReportXml({ ...base, subject })).not.toContain('OrgnlUETR');
});

test('a refusal carries the first problem’s code and every text, split to fit Max105Text', () => {
  const long = 'x'.repeat(230);
  const reason = rejectionReason([problem('numberOfTransactions', long), problem('currency', 'XYZ is not a currency')]);
  expect(reason).toEqual({ code: 'AM18', additionalInformation: [long, 'XYZ is not a currency'] });
  const content = readBack({ ...base, status: 'RJCT', reason });
  expect(textAt(content.body, 'OrgnlGrpInfAndSts/StsRsnInf/Rsn/Cd')).toBe('AM18');
  const additional = descendantElements(content.body)
    .filter((element) => element.localName === 'AddtlInf')
    .slice(0, 4)
    .map((element) => element.textContent);
  expect(additional).toEqual(['x'.repeat(105), 'x'.repeat(105), 'x'.repeat(20), 'XYZ is not a currency']);
});

test('a report about a message that starts no payment answers at group level only', () => {
  const cancellation = readMessage(
    'camt.056.001.08',
    messageXml('camt.056.001.08', fixture('authored/camt.056.001.08_cancel_request_bicfi.xml')),
  ).content!;
  const content = readBack({ ...base, subject: statusReportSubject(cancellation)! });
  expect(textAt(content.body, 'OrgnlGrpInfAndSts/OrgnlMsgId')).toBe('AAAAUS33-CXL-20240315-01');
  expect(textAt(content.body, 'OrgnlGrpInfAndSts/OrgnlMsgNmId')).toBe('camt.056.001.08');
  expect(content.transactions).toEqual([]);
});

test('statusReportMessage is a financialMessage the service itself reads as valid (once signed)', () => {
  const { members, identifiers, rfi } = sampleNetwork();
  const report = statusReportMessage({ ...base, from: 'BBBBSGSGXXX' });
  expect(report.financial_message_type).toBe('iso20022:pacs.002.001.10');
  const xml = Buffer.from(report.financial_message_data, 'base64').toString('utf8');
  expect(xml).toBe(statusReportXml({ ...base, from: 'BBBBSGSGXXX' }));
  const reading = readFinancialMessage(financialMessage('pacs.002.001.10', signedBy(rfi, xml)), {
    members,
    identifiers,
  });
  expect(reading.ok ? [] : reading.problems).toEqual([]);
});
