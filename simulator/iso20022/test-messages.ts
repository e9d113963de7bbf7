import { readFileSync } from 'node:fs';
import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { MemberRegistry, type Member } from '../members/registry.ts';
import { MessageIdentifiers } from './identifiers.ts';
import { buildMessageXml, type MessageHeader } from './message-builder.ts';
import { signMessageXml } from './signature.ts';

/**
 * Test support (tests only): the sample fixtures, a small network whose BICs match the authored
 * samples, and a pacs.008 that follows the service's rules (semantics §11), to vary one thing at a time.
 */

export function fixture(path: string): string {
  return readFileSync(new URL(`fixtures/${path}`, import.meta.url), 'utf8');
}

/** The documented example of one of the service's own types (schemas/iso20022/examples/). */
export function serviceExample(type: 'SVC.001.001.01' | 'SVC.002.001.01'): string {
  return readFileSync(new URL(`../../schemas/iso20022/examples/${type}.xml`, import.meta.url), 'utf8');
}

/** The authored samples' story: AAAAUS33XXX pays BBBBSGSGXXX; CCCCSGSGXXX is a USD tokenizer. */
export function testNetwork() {
  const members = new MemberRegistry('iso20022-tests');
  const ofi = members.add({ identification: 'bank-aaaa', bicfi: 'AAAAUS33XXX', business_role: 'MMM', country_code: 'US', operating_accounts: ['main', 'second'] });
  const rfi = members.add({ identification: 'bank-bbbb', bicfi: 'BBBBSGSGXXX', business_role: 'MMM', country_code: 'SG' });
  const tokenizer = members.add({ identification: 'tokenizer-cc', bicfi: 'CCCCSGSGXXX', business_role: 'MIS', country_code: 'SG' });
  return { members, identifiers: new MessageIdentifiers(), ofi, rfi, tokenizer };
}

export interface PaymentTransactionOptions {
  instruction?: string;
  endToEnd?: string;
  uetr?: string;
  amount?: string;
  currency?: string;
}

export interface PaymentOptions {
  from?: string;
  to?: string;
  messageIdentification?: string;
  /** Defaults to the number of transactions. */
  numberOfTransactions?: string;
  settlementMethod?: string;
  method?: string;
  issuer?: string;
  settlementAccount?: string;
  transactions?: PaymentTransactionOptions[];
}

/** A pacs.008.001.08 Document from AAAAUS33XXX to BBBBSGSGXXX settling 15250.75 USD (DSA of tokenizer-cc). */
export function paymentDocument(options: PaymentOptions = {}): string {
  const from = options.from ?? 'AAAAUS33XXX';
  const to = options.to ?? 'BBBBSGSGXXX';
  const transactions = options.transactions ?? [{}];
  const agent = (bic: string) => `<FinInstnId><BICFI>${bic}</BICFI></FinInstnId>`;
  const account = options.settlementAccount ? `<SttlmAcct><Id><Othr><Id>${options.settlementAccount}</Id></Othr></Id></SttlmAcct>` : '';
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08">
  <FIToFICstmrCdtTrf>
    <GrpHdr>
      <MsgId>${options.messageIdentification ?? 'AAAAUS33-20240315-000001'}</MsgId>
      <CreDtTm>2024-03-15T10:15:30+00:00</CreDtTm>
      <NbOfTxs>${options.numberOfTransactions ?? transactions.length}</NbOfTxs>
      <SttlmInf>
        <SttlmMtd>${options.settlementMethod ?? 'CLRG'}</SttlmMtd>${account}
        <ClrSys><Prtry>${options.method ?? 'DSA'}</Prtry></ClrSys>
      </SttlmInf>
    </GrpHdr>${transactions
      .map(
        (transaction, index) => `
    <CdtTrfTxInf>
      <PmtId>
        <InstrId>${transaction.instruction ?? `AAAAUS33-INSTR-00000${index + 1}`}</InstrId>
        <EndToEndId>${transaction.endToEnd ?? `INV-2024-004${index + 2}`}</EndToEndId>
        <UETR>${transaction.uetr ?? `3f2b8c1e-6a4d-4e2b-9c7a-1d5e8f0a2b3${index}`}</UETR>
      </PmtId>
      <PmtTpInf><SvcLvl><Prtry>${options.issuer ?? 'tokenizer-cc'}</Prtry></SvcLvl></PmtTpInf>
      <IntrBkSttlmAmt Ccy="${transaction.currency ?? 'USD'}">${transaction.amount ?? '15250.75'}</IntrBkSttlmAmt>
      <IntrBkSttlmDt>2024-03-15</IntrBkSttlmDt>
      <ChrgBr>SHAR</ChrgBr>
      <InstgAgt>${agent(from)}</InstgAgt>
      <InstdAgt>${agent(to)}</InstdAgt>
      <Dbtr><Nm>ABC Corporation</Nm></Dbtr>
      <DbtrAgt>${agent(from)}</DbtrAgt>
      <CdtrAgt>${agent(to)}</CdtrAgt>
      <Cdtr><Nm>DEF Electronics Pte Ltd</Nm></Cdtr>
    </CdtTrfTxInf>`,
      )
      .join('')}
  </FIToFICstmrCdtTrf>
</Document>`;
}

/** A Message around `document`, AAAAUS33XXX to BBBBSGSGXXX unless the header says otherwise. */
export function messageXml(type: MessageTypeName, document: string, header: Partial<MessageHeader> = {}): string {
  return buildMessageXml(
    { type, from: 'AAAAUS33XXX', to: 'BBBBSGSGXXX', businessMessageIdentification: 'AAAAUS33-BIZ-000001', creationDate: '2024-03-15T10:15:30Z', ...header },
    document.replace(/^<\?xml[^>]*\?>/, ''),
  );
}

/** Signs with the key of `member`'s `account` (main by default), as `POST /sign/message` does. */
export function signedBy(member: Member, xml: string, account = 'main'): string {
  const signed = signMessageXml(xml, member.accounts.get(account)!.key);
  if (!signed.ok) throw new Error(`test setup: ${signed.problems[0]?.text}`);
  return signed.value;
}
