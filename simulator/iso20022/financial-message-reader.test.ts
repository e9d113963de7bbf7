import { test, expect } from '@playwright/test';
import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { readFinancialMessage, refusalError, type FinancialMessageReading } from './financial-message-reader.ts';
import { financialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { serviceExample } from '../../test-support/simulator/iso20022-fixtures.ts';
import { sampleNetwork, signedBy } from '../../test-support/simulator/sample-network.ts';
import { messageXml, paymentDocument, type PaymentOptions } from '../../schemas/iso20022/message-builders.ts';

function setup() {
  const network = sampleNetwork();
  const read = (type: MessageTypeName, xml: string) => readFinancialMessage(financialMessage(type, xml), network);
  /** A signed pacs.008 of bank-aaaa to bank-bbbb with the options changed. */
  const payment = (options: PaymentOptions = {}, header: Parameters<typeof messageXml>[2] = {}) =>
    read('pacs.008.001.08', signedBy(network.ofi, messageXml('pacs.008.001.08', paymentDocument(options), header)));
  return { ...network, read, payment };
}

function refused(reading: FinancialMessageReading): string[] {
  if (reading.ok) throw new Error('expected a refusal');
  return reading.problems.map((problem) => `${problem.reason} ${problem.text}`);
}

test.describe('an accepted message', () => {
  test('a signed DSA payment: members, identifiers and settlement terms', () => {
    const { payment, ofi, rfi } = setup();
    const reading = payment();
    if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
    expect(reading.message.sender).toBe(ofi);
    expect(reading.message.receiver).toBe(rfi);
    expect(reading.message.messageIdentification).toBe('AAAAUS33-20240315-000001');
    expect(reading.message.transactions[0]?.payment?.instructionIdentification).toBe('AAAAUS33-INSTR-000001');
    expect(reading.message.settlement).toEqual([
      { method: 'DSA', currency: 'USD', assetCode: 'USD', issuer: 'tokenizer-cc', amount: '15250.75', account: 'main' },
    ]);
  });

  test('a DSO payment in the sender’s own obligation settles from emission by default; an explicit account is kept', () => {
    const { payment } = setup();
    const dso = payment({ method: 'DSO', issuer: 'bank-aaaa' });
    expect(dso.ok && dso.message.settlement[0]).toMatchObject({
      method: 'DSO',
      assetCode: 'USDDSO',
      issuer: 'bank-aaaa',
      account: 'emission',
    });
    const fromSecond = payment({ settlementAccount: 'second' });
    expect(fromSecond.ok && fromSecond.message.settlement[0]?.account).toBe('second');
  });

  test('several transactions, each with its terms', () => {
    const { payment } = setup();
    const reading = payment({ transactions: [{}, { amount: '10', currency: 'JPY' }] });
    expect(reading.ok && reading.message.settlement.map((terms) => `${terms.amount} ${terms.assetCode}`)).toEqual([
      '15250.75 USD',
      '10 JPY',
    ]);
  });

  test('an answer without settlement: the SVC.001 example from BBBBSGSGXXX', () => {
    const { read, rfi } = setup();
    const xml = signedBy(
      rfi,
      messageXml('SVC.001.001.01', serviceExample('SVC.001.001.01'), { from: 'BBBBSGSGXXX', to: 'AAAAUS33XXX' }),
    );
    const reading = read('SVC.001.001.01', xml);
    expect(reading.ok && reading.message.settlement).toEqual([]);
  });
});

test.describe('business rules the XSD cannot check', () => {
  test('NbOfTxs must count the transactions', () => {
    const { payment } = setup();
    expect(refused(payment({ numberOfTransactions: '2' }))).toEqual([
      'AM18 GrpHdr/NbOfTxs is 2 but the message holds 1 transaction(s).',
    ]);
    expect(refused(payment({ numberOfTransactions: '1', transactions: [{}, {}] }))).toEqual([
      expect.stringMatching(/^AM18 /),
    ]);
  });

  test('the currency is an active ISO 4217 code', () => {
    const { payment } = setup();
    expect(refused(payment({ transactions: [{ currency: 'XYZ' }] }))).toEqual([
      'AM03 IntrBkSttlmAmt is in XYZ, which is not an active ISO 4217 currency code.',
    ]);
    expect(refused(payment({ transactions: [{ currency: 'HRK' }] }))[0]).toMatch(/^AM03 /); // withdrawn in 2023
  });

  test('no more decimals than the currency’s minor units', () => {
    const { payment } = setup();
    expect(refused(payment({ transactions: [{ amount: '100.5', currency: 'JPY' }] }))).toEqual([
      'CH20 IntrBkSttlmAmt 100.5 JPY has 1 decimals; JPY has 0.',
    ]);
    expect(refused(payment({ transactions: [{ amount: '1.005' }] }))[0]).toMatch(/^CH20 /);
    expect(payment({ transactions: [{ amount: '1.005', currency: 'BHD' }] }).ok).toBe(true);
  });

  test('instructing and instructed agents differ, and are the header’s members', () => {
    const { payment } = setup();
    expect(refused(payment({ to: 'AAAAUS33XXX' }))).toEqual([
      'AGNT CdtTrfTxInf/InstgAgt and InstdAgt are the same member (AAAAUS33XXX).',
    ]);
    expect(refused(payment({ to: 'CCCCSGSGXXX' }))).toEqual([
      'AGNT CdtTrfTxInf/InstgAgt and InstdAgt (AAAAUS33XXX to CCCCSGSGXXX) are not AppHdr/Fr and AppHdr/To (AAAAUS33XXX to BBBBSGSGXXX).',
    ]);
  });

  test('the header names two different members', () => {
    const { payment } = setup();
    expect(refused(payment({}, { to: 'ZZZZUS33XXX' }))).toContain(
      'AGNT AppHdr/To ZZZZUS33XXX is not the BIC of a member.',
    );
    expect(refused(payment({}, { to: 'AAAAUS33XXX' }))).toContain(
      'AGNT AppHdr/Fr and AppHdr/To are the same member (AAAAUS33XXX).',
    );
  });

  test('identifiers are unique within the message', () => {
    const { payment } = setup();
    expect(refused(payment({ transactions: [{ instruction: 'I-1' }, { instruction: 'I-1' }] }))).toEqual([
      'DU05 PmtId/InstrId I-1 appears more than once in the message.',
    ]);
    expect(refused(payment({ transactions: [{ endToEnd: 'E-1' }, { endToEnd: 'E-1' }] }))).toEqual([
      'DU04 PmtId/EndToEndId E-1 appears more than once in the message.',
    ]);
  });

  test('message and instruction identifications are unique per sender across messages, once recorded', () => {
    const { payment, identifiers } = setup();
    const first = payment();
    if (!first.ok) throw new Error('setup');
    expect(payment().ok).toBe(true); // nothing recorded yet: a refused or pending message uses nothing up
    identifiers.record(first.message);
    expect(refused(payment())).toEqual([
      'DU01 AAAAUS33XXX already sent a message with identification AAAAUS33-20240315-000001.',
      'DU05 AAAAUS33XXX already sent an instruction with identification AAAAUS33-INSTR-000001.',
    ]);
    expect(refused(payment({ messageIdentification: 'NEW-MSG' }))).toEqual([expect.stringMatching(/^DU05 /)]);
    expect(payment({ messageIdentification: 'NEW-MSG', transactions: [{ instruction: 'NEW-INSTR' }] }).ok).toBe(true);
  });

  test('a payment needs an instruction identification', () => {
    const { read, ofi } = setup();
    const xml = signedBy(
      ofi,
      messageXml('pacs.008.001.08', paymentDocument().replace(/<InstrId>[^<]*<\/InstrId>/, '')),
    );
    expect(refused(read('pacs.008.001.08', xml))).toEqual([expect.stringMatching(/^CH21 .*PmtId\/InstrId/)]);
  });

  test('an SVC.001 acceptance names the account to credit', () => {
    const { read, rfi } = setup();
    const withoutAccount = serviceExample('SVC.001.001.01').replace(/<CdtAcct>[\s\S]*<\/CdtAcct>/, '');
    const xml = signedBy(rfi, messageXml('SVC.001.001.01', withoutAccount, { from: 'BBBBSGSGXXX', to: 'AAAAUS33XXX' }));
    expect(refused(read('SVC.001.001.01', xml))).toEqual([expect.stringMatching(/^CH21 .*CdtAcct/)]);
  });
});

test.describe('settlement method and instrument', () => {
  test('settled through the service: SttlmMtd CLRG and ClrSys/Prtry DSA or DSO', () => {
    const { payment } = setup();
    expect(refused(payment({ settlementMethod: 'INDA' }))).toEqual([
      'AG03 GrpHdr/SttlmInf/SttlmMtd must be CLRG (settled through the service), not INDA.',
    ]);
    expect(refused(payment({ method: 'WWDO' }))).toEqual([
      'AG03 GrpHdr/SttlmInf/ClrSys/Prtry must be DSA or DSO (the settlement method), not WWDO.',
    ]);
  });

  test('a DSO is the sender’s or the receiver’s, never a third member’s', () => {
    const { payment } = setup();
    expect(payment({ method: 'DSO', issuer: 'bank-bbbb' }).ok).toBe(true);
    expect(refused(payment({ method: 'DSO', issuer: 'tokenizer-cc' }))).toEqual([
      'AG03 A DSO must be issued by bank-aaaa or bank-bbbb, not tokenizer-cc.',
    ]);
  });

  test('the issuer is a member, the amount above zero, the account the sender’s', () => {
    const { payment } = setup();
    expect(refused(payment({ issuer: 'nobody-xx' }))).toEqual([
      'AGNT The instrument issuer nobody-xx (PmtTpInf/SvcLvl/Prtry) is not a member.',
    ]);
    expect(refused(payment({ transactions: [{ amount: '0.00' }] }))).toEqual([
      'AM01 IntrBkSttlmAmt must be above zero, not 0.00.',
    ]);
    expect(refused(payment({ settlementAccount: 'savings' }))).toEqual([
      'AC01 The settlement account savings is not an account of bank-aaaa.',
    ]);
  });
});

test.describe('signature, type and data', () => {
  test('unsigned, altered after signing, or signed by another member', () => {
    const { read, ofi, rfi } = setup();
    const xml = messageXml('pacs.008.001.08', paymentDocument());
    expect(refused(read('pacs.008.001.08', xml))).toEqual([expect.stringMatching(/^DS0A /)]);
    expect(refused(read('pacs.008.001.08', signedBy(ofi, xml).replace('15250.75', '1525.75')))).toEqual([
      expect.stringMatching(/^DS0B .*changed after it was signed/),
    ]);
    expect(refused(read('pacs.008.001.08', signedBy(rfi, xml)))).toEqual([
      expect.stringMatching(/^DS0H .*not an account of bank-aaaa/),
    ]);
  });

  test('a schema-invalid Document is refused with its identifiers kept for the RJCT; the business rules are not run', () => {
    const { read, ofi } = setup();
    const xml = signedBy(
      ofi,
      messageXml(
        'pacs.008.001.08',
        paymentDocument({ numberOfTransactions: 'x', transactions: [{ currency: 'XYZ' }] }),
      ),
    );
    const reading = read('pacs.008.001.08', xml);
    expect(refused(reading)).toEqual([
      expect.stringMatching(/^FF01 Document does not validate against pacs\.008\.001\.08: line \d+: .*NbOfTxs/),
    ]);
    expect(!reading.ok && reading.content?.messageIdentification).toBe('AAAAUS33-20240315-000001');
    expect(!reading.ok && reading.sender?.identification).toBe('bank-aaaa');
    expect(!reading.ok && refusalError(reading).code).toBe('ISO-MESSAGE-INVALID');
  });

  test('MT, unknown version, garbage base64 and non-XML are unreadable, with no content', () => {
    const { ofi, members, identifiers } = setup();
    const valid = financialMessage('pacs.008.001.08', signedBy(ofi, messageXml('pacs.008.001.08', paymentDocument())));
    const cases = [
      {
        financial_message_type: 'swift:MT103',
        financial_message_data: Buffer.from('{1:F01AAAAUS33AXXX}{4:\r\n:20:X\r\n-}').toString('base64'),
      },
      { ...valid, financial_message_type: 'iso20022:pacs.008.001.07' },
      { ...valid, financial_message_data: '%%%not-base64%%%' },
      { ...valid, financial_message_data: Buffer.from('this is not XML').toString('base64') },
      { ...valid, financial_message_data: undefined },
    ];
    for (const input of cases) {
      const reading = readFinancialMessage(input, { members, identifiers });
      expect(reading.ok, JSON.stringify(input)).toBe(false);
      if (!reading.ok) {
        expect(reading.content).toBeUndefined();
        expect(reading.problems[0]?.reason).toBe('FF01');
        expect(refusalError(reading).code).toBe('ISO-MESSAGE-UNREADABLE');
      }
    }
  });

  test('an XML bomb and an external entity are refused at once, never expanded', () => {
    const { members, identifiers } = setup();
    let bomb = '<?xml version="1.0"?><!DOCTYPE Message [<!ENTITY a "aaaaaaaaaa">';
    for (let level = 1; level <= 12; level++)
      bomb += `<!ENTITY a${level} "${`&a${level === 1 ? '' : level - 1};`.repeat(10)}">`;
    bomb += ']><Message xmlns="urn:dss:message:1">&a12;</Message>';
    const external =
      '<?xml version="1.0"?><!DOCTYPE Message [<!ENTITY x SYSTEM "file:///etc/passwd">]><Message xmlns="urn:dss:message:1">&x;</Message>';
    for (const xml of [bomb, external]) {
      // Expanded, the bomb would be 10^13 characters: the test would run out of memory or time, so
      // no clock is needed to see that it was refused before any expansion.
      const reading = readFinancialMessage(financialMessage('pacs.008.001.08', xml), { members, identifiers });
      expect(refused(reading)).toEqual(['FF01 The message has a DOCTYPE or ENTITY declaration; DTDs are refused.']);
    }
  });
});
