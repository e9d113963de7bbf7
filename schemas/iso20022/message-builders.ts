import type { MessageTypeName } from './message-types.ts';
import { messageEnvelope, type MessageHeader } from './message-envelope.ts';

/**
 * How to write the messages the API takes: one builder per message type of the payment life cycle and
 * of redemption (semantics §11), each following the service's rules, so that a caller varies one thing
 * at a time. Members are named by BIC; every answer names its original from the same story. The
 * simulator's tests, docs/messages.md and the conformance checks all build their messages here; the
 * defaults are the authored samples' payment (simulator/iso20022/fixtures/authored).
 */

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
  const account = options.settlementAccount
    ? `<SttlmAcct><Id><Othr><Id>${options.settlementAccount}</Id></Othr></Id></SttlmAcct>`
    : '';
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
  return messageEnvelope(
    {
      type,
      from: 'AAAAUS33XXX',
      to: 'BBBBSGSGXXX',
      businessMessageIdentification: 'AAAAUS33-BIZ-000001',
      creationDate: '2024-03-15T10:15:30Z',
      ...header,
    },
    document,
  );
}

/** A payment: who pays whom, in which instrument, and the identifiers of its pacs.008. */
export interface PaymentStory {
  /** BICs of the OFI (sender of the pacs.008) and the RFI. */
  ofi: string;
  rfi: string;
  /** Member identification of the instrument's issuer: the tokenizer (DSA) or the OFI or RFI (DSO). */
  issuer: string;
  method: 'DSA' | 'DSO';
  currency: string;
  amount: string;
  messageIdentification: string;
  instruction: string;
  endToEnd: string;
  uetr: string;
}

/** The authored samples' payment (AAAAUS33XXX pays BBBBSGSGXXX 15250.75 USD of tokenizer-cc), with changes. */
export function paymentStory(changes: Partial<PaymentStory> = {}): PaymentStory {
  return {
    ofi: 'AAAAUS33XXX',
    rfi: 'BBBBSGSGXXX',
    issuer: 'tokenizer-cc',
    method: 'DSA',
    currency: 'USD',
    amount: '15250.75',
    messageIdentification: 'AAAAUS33-20240315-000001',
    instruction: 'AAAAUS33-INSTR-000001',
    endToEnd: 'INV-2024-0042',
    uetr: '3f2b8c1e-6a4d-4e2b-9c7a-1d5e8f0a2b30',
    ...changes,
  };
}

/** The Message of a Document: `from` and `to` by BIC, BizMsgIdr = the Document's own identification. */
export function storyMessage(
  type: MessageTypeName,
  document: string,
  from: string,
  to: string,
  identification: string,
): string {
  return messageXml(type, document, { from, to, businessMessageIdentification: identification });
}

const agent = (bic: string) => `<FinInstnId><BICFI>${bic}</BICFI></FinInstnId>`;
const account = (element: string, identification: string | undefined) =>
  identification === undefined ? '' : `<${element}><Id><Othr><Id>${identification}</Id></Othr></Id></${element}>`;

/** The Orgnl* identifiers of the story's payment, for an answer's transaction. */
function originalPayment(story: PaymentStory, indent: string): string {
  return [
    `<OrgnlInstrId>${story.instruction}</OrgnlInstrId>`,
    `<OrgnlEndToEndId>${story.endToEnd}</OrgnlEndToEndId>`,
    `<OrgnlUETR>${story.uetr}</OrgnlUETR>`,
  ].join(`\n${indent}`);
}

/** The GrpHdr of SVC.001, SVC.002 and pacs.002: identification, time, instructing and instructed agents. */
function groupHeader(identification: string, time: string, from: string, to: string): string {
  return `<GrpHdr>
      <MsgId>${identification}</MsgId>
      <CreDtTm>${time}</CreDtTm>
      <InstgAgt>${agent(from)}</InstgAgt>
      <InstdAgt>${agent(to)}</InstdAgt>
    </GrpHdr>`;
}

function originalGroup(story: PaymentStory, element = 'OrgnlGrpInf'): string {
  return `<${element}><OrgnlMsgId>${story.messageIdentification}</OrgnlMsgId><OrgnlMsgNmId>pacs.008.001.08</OrgnlMsgNmId></${element}>`;
}

export interface CreditTransferOptions {
  /** GrpHdr/SttlmInf/SttlmAcct: the OFI's account to debit (default main, emission for DSO). */
  settlementAccount?: string;
  /** InstdAmt, in the story's currency. */
  instructedAmount?: string;
  /** A ChrgsInf taken by the RFI, in the story's currency. */
  creditorFee?: string;
}

/** pacs.008.001.08 from the OFI: the payment. */
export function creditTransfer(story: PaymentStory, options: CreditTransferOptions = {}): string {
  let document = paymentDocument({
    from: story.ofi,
    to: story.rfi,
    messageIdentification: story.messageIdentification,
    method: story.method,
    issuer: story.issuer,
    settlementAccount: options.settlementAccount,
    transactions: [
      {
        instruction: story.instruction,
        endToEnd: story.endToEnd,
        uetr: story.uetr,
        amount: story.amount,
        currency: story.currency,
      },
    ],
  });
  if (options.instructedAmount)
    document = document.replace(
      '<ChrgBr>',
      `<InstdAmt Ccy="${story.currency}">${options.instructedAmount}</InstdAmt>\n      <ChrgBr>`,
    );
  if (options.creditorFee) {
    document = document.replace(
      '</ChrgBr>',
      `</ChrgBr>\n      <ChrgsInf><Amt Ccy="${story.currency}">${options.creditorFee}</Amt><Agt>${agent(story.rfi)}</Agt></ChrgsInf>`,
    );
  }
  return document;
}

export interface ComplianceAnswerOptions {
  messageIdentification: string;
  status?: 'ACTC' | 'RJCT';
  /** CdtAcct: the RFI's account to credit (ACTC only, default main). */
  creditAccount?: string;
  /** StsRsnInf (RJCT). */
  reason?: { code: string; text: string };
}

/** SVC.001.001.01 from the RFI: its compliance answer to the payment. */
export function complianceAnswer(story: PaymentStory, options: ComplianceAnswerOptions): string {
  const status = options.status ?? 'ACTC';
  const reason = options.reason
    ? `\n      <StsRsnInf><Rsn><Cd>${options.reason.code}</Cd></Rsn><AddtlInf>${options.reason.text}</AddtlInf></StsRsnInf>`
    : '';
  const credit = status === 'ACTC' ? `\n      ${account('CdtAcct', options.creditAccount ?? 'main')}` : '';
  return `<Document xmlns="urn:dss:xsd:SVC.001.001.01">
  <CmplncRspn>
    ${groupHeader(options.messageIdentification, '2024-03-15T10:16:02+00:00', story.rfi, story.ofi)}
    ${originalGroup(story)}
    <TxInfAndSts>
      ${originalPayment(story, '      ')}
      <Sts>${status}</Sts>${reason}${credit}
    </TxInfAndSts>
  </CmplncRspn>
</Document>`;
}

/** SVC.002.001.01 from the OFI: it paid the payment's obligation off the service (`amount` defaults to the payment's). */
export function obligationNotice(
  story: PaymentStory,
  options: { messageIdentification: string; amount?: string },
): string {
  return `<Document xmlns="urn:dss:xsd:SVC.002.001.01">
  <OblgtnSttlmNtfctn>
    ${groupHeader(options.messageIdentification, '2024-03-16T09:00:00+00:00', story.ofi, story.rfi)}
    ${originalGroup(story)}
    <TxInf>
      ${originalPayment(story, '      ')}
      <SttldAmt Ccy="${story.currency}">${options.amount ?? story.amount}</SttldAmt>
      <SttlmDt>2024-03-16</SttlmDt>
    </TxInf>
  </OblgtnSttlmNtfctn>
</Document>`;
}

export interface PaymentReturnOptions {
  messageIdentification: string;
  /** RtrdIntrBkSttlmAmt (default: the payment's amount). */
  amount?: string;
  /** GrpHdr/SttlmInf/SttlmAcct: the RFI's account to debit (default main, emission for DSO). */
  settlementAccount?: string;
  /** RtrRsnInf/Rsn/Cd: FOCR (following a cancellation request) by default. */
  reason?: string;
}

/** pacs.004.001.09 from the RFI: the payment's amount goes back to the OFI. */
export function paymentReturn(story: PaymentStory, options: PaymentReturnOptions): string {
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.004.001.09">
  <PmtRtr>
    <GrpHdr>
      <MsgId>${options.messageIdentification}</MsgId>
      <CreDtTm>2024-03-15T11:30:00+00:00</CreDtTm>
      <NbOfTxs>1</NbOfTxs>
      <SttlmInf>
        <SttlmMtd>CLRG</SttlmMtd>${options.settlementAccount === undefined ? '' : `\n        ${account('SttlmAcct', options.settlementAccount)}`}
        <ClrSys><Prtry>${story.method}</Prtry></ClrSys>
      </SttlmInf>
    </GrpHdr>
    <TxInf>
      ${originalGroup(story)}
      ${originalPayment(story, '      ')}
      <OrgnlIntrBkSttlmAmt Ccy="${story.currency}">${story.amount}</OrgnlIntrBkSttlmAmt>
      <RtrdIntrBkSttlmAmt Ccy="${story.currency}">${options.amount ?? story.amount}</RtrdIntrBkSttlmAmt>
      <IntrBkSttlmDt>2024-03-15</IntrBkSttlmDt>
      <InstgAgt>${agent(story.rfi)}</InstgAgt>
      <InstdAgt>${agent(story.ofi)}</InstdAgt>
      <RtrRsnInf><Rsn><Cd>${options.reason ?? 'FOCR'}</Cd></Rsn></RtrRsnInf>
      <OrgnlTxRef><PmtTpInf><SvcLvl><Prtry>${story.issuer}</Prtry></SvcLvl></PmtTpInf></OrgnlTxRef>
    </TxInf>
  </PmtRtr>
</Document>`;
}

/** The Assgnmt of a camt message from `from` to `to`. */
function assignment(identification: string, from: string, to: string, time: string): string {
  return `<Assgnmt>
      <Id>${identification}</Id>
      <Assgnr><Agt>${agent(from)}</Agt></Assgnr>
      <Assgne><Agt>${agent(to)}</Agt></Assgne>
      <CreDtTm>${time}</CreDtTm>
    </Assgnmt>`;
}

/** camt.056.001.08 from the OFI: it asks the RFI to cancel (refund) the payment. */
export function cancellationRequest(story: PaymentStory, options: { messageIdentification: string }): string {
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.056.001.08">
  <FIToFIPmtCxlReq>
    ${assignment(options.messageIdentification, story.ofi, story.rfi, '2024-03-15T10:45:00+00:00')}
    <Undrlyg>
      <TxInf>
        <CxlId>${options.messageIdentification}-1</CxlId>
        <Case><Id>CASE-${options.messageIdentification}</Id><Cretr><Agt>${agent(story.ofi)}</Agt></Cretr></Case>
        ${originalGroup(story)}
        ${originalPayment(story, '        ')}
        <OrgnlIntrBkSttlmAmt Ccy="${story.currency}">${story.amount}</OrgnlIntrBkSttlmAmt>
        <OrgnlIntrBkSttlmDt>2024-03-15</OrgnlIntrBkSttlmDt>
        <CxlRsnInf><Rsn><Cd>DUPL</Cd></Rsn><AddtlInf>Payment sent twice</AddtlInf></CxlRsnInf>
      </TxInf>
    </Undrlyg>
  </FIToFIPmtCxlReq>
</Document>`;
}

/** camt.029.001.09 from the RFI: its answer to the cancellation request (RJCR: rejected). */
export function cancellationResolution(
  story: PaymentStory,
  options: { messageIdentification: string; status?: string },
): string {
  const status = options.status ?? 'RJCR';
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.029.001.09">
  <RsltnOfInvstgtn>
    ${assignment(options.messageIdentification, story.rfi, story.ofi, '2024-03-15T12:00:00+00:00')}
    <Sts><Conf>${status}</Conf></Sts>
    <CxlDtls>
      <TxInfAndSts>
        <CxlStsId>${options.messageIdentification}-1</CxlStsId>
        ${originalGroup(story)}
        ${originalPayment(story, '        ')}
        <TxCxlSts>${status}</TxCxlSts>
        <CxlStsRsnInf><Rsn><Cd>CUST</Cd></Rsn><AddtlInf>The creditor refuses to return the funds</AddtlInf></CxlStsRsnInf>
      </TxInfAndSts>
    </CxlDtls>
  </RsltnOfInvstgtn>
</Document>`;
}

/** The Case and Undrlyg/IntrBk of camt.026 and camt.087. */
function investigatedPayment(story: PaymentStory, identification: string, creator: string): string {
  return `<Case><Id>CASE-${identification}</Id><Cretr><Agt>${agent(creator)}</Agt></Cretr></Case>
    <Undrlyg>
      <IntrBk>
        ${originalGroup(story)}
        ${originalPayment(story, '        ')}
        <OrgnlIntrBkSttlmAmt Ccy="${story.currency}">${story.amount}</OrgnlIntrBkSttlmAmt>
        <OrgnlIntrBkSttlmDt>2024-03-15</OrgnlIntrBkSttlmDt>
      </IntrBk>
    </Undrlyg>`;
}

/** camt.026.001.07 from the RFI: it cannot apply the payment (the creditor account is unknown). */
export function unableToApply(story: PaymentStory, options: { messageIdentification: string }): string {
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.026.001.07">
  <UblToApply>
    ${assignment(options.messageIdentification, story.rfi, story.ofi, '2024-03-15T10:30:00+00:00')}
    ${investigatedPayment(story, options.messageIdentification, story.rfi)}
    <Justfn>
      <MssngOrIncrrctInf>
        <IncrrctInf><Cd>IN06</Cd><AddtlIncrrctInf>Creditor account unknown at the creditor agent</AddtlIncrrctInf></IncrrctInf>
      </MssngOrIncrrctInf>
    </Justfn>
  </UblToApply>
</Document>`;
}

/** camt.087.001.06 from the OFI: it asks the RFI to credit another creditor account. */
export function modificationRequest(story: PaymentStory, options: { messageIdentification: string }): string {
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.087.001.06">
  <ReqToModfyPmt>
    ${assignment(options.messageIdentification, story.ofi, story.rfi, '2024-03-15T11:00:00+00:00')}
    ${investigatedPayment(story, options.messageIdentification, story.ofi)}
    <Mod>
      ${account('CdtrAcct', '9876543211')}
    </Mod>
  </ReqToModfyPmt>
</Document>`;
}

/** A redemption: the member asks the tokenizer to take back an amount of its DSA. */
export interface RedemptionStory {
  /** BICs of the member and the tokenizer, and the tokenizer's member identification (the DSA's issuer). */
  member: string;
  tokenizerBic: string;
  tokenizer: string;
  currency: string;
  amount: string;
  messageIdentification: string;
  instruction: string;
  endToEnd: string;
  uetr: string;
  /** GrpHdr/SttlmInf/SttlmAcct: the member's account to debit (default main). */
  account?: string;
}

/** BBBBSGSGXXX redeems 2500 USD with CCCCSGSGXXX (tokenizer-cc), with changes. */
export function redemptionStory(changes: Partial<RedemptionStory> = {}): RedemptionStory {
  return {
    member: 'BBBBSGSGXXX',
    tokenizerBic: 'CCCCSGSGXXX',
    tokenizer: 'tokenizer-cc',
    currency: 'USD',
    amount: '2500.00',
    messageIdentification: 'BBBBSGSG-RDM-20240316-0007',
    instruction: 'BBBBSGSG-RDM-0007',
    endToEnd: 'RDM-0007',
    uetr: '8e6a2f0c-41d7-4b5e-a1c3-7f9d2e4b6a10',
    ...changes,
  };
}

/** pacs.009.001.08 from the member: the redemption request. */
export function redemptionRequest(story: RedemptionStory): string {
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.009.001.08">
  <FICdtTrf>
    <GrpHdr>
      <MsgId>${story.messageIdentification}</MsgId>
      <CreDtTm>2024-03-16T08:02:11+08:00</CreDtTm>
      <NbOfTxs>1</NbOfTxs>
      <SttlmInf>
        <SttlmMtd>CLRG</SttlmMtd>${story.account === undefined ? '' : `\n        ${account('SttlmAcct', story.account)}`}
        <ClrSys><Prtry>DSA</Prtry></ClrSys>
      </SttlmInf>
    </GrpHdr>
    <CdtTrfTxInf>
      <PmtId>
        <InstrId>${story.instruction}</InstrId>
        <EndToEndId>${story.endToEnd}</EndToEndId>
        <UETR>${story.uetr}</UETR>
      </PmtId>
      <PmtTpInf><SvcLvl><Prtry>${story.tokenizer}</Prtry></SvcLvl></PmtTpInf>
      <IntrBkSttlmAmt Ccy="${story.currency}">${story.amount}</IntrBkSttlmAmt>
      <IntrBkSttlmDt>2024-03-16</IntrBkSttlmDt>
      <InstgAgt>${agent(story.member)}</InstgAgt>
      <InstdAgt>${agent(story.tokenizerBic)}</InstdAgt>
      <Dbtr>${agent(story.member)}</Dbtr>
      <Cdtr>${agent(story.tokenizerBic)}</Cdtr>
      <RmtInf><Ustrd>Redemption of ${story.currency}</Ustrd></RmtInf>
    </CdtTrfTxInf>
  </FICdtTrf>
</Document>`;
}

export interface RedemptionAnswerOptions {
  messageIdentification: string;
  status?: 'ACSC' | 'ACCP' | 'RJCT';
  /** OrgnlTxRef/IntrBkSttlmAmt: the pacs.009's amount by default; null leaves it out. */
  amount?: string | null;
}

/** pacs.002.001.10 from the tokenizer: its answer to the redemption. */
export function redemptionAnswer(story: RedemptionStory, options: RedemptionAnswerOptions): string {
  const status = options.status ?? 'ACSC';
  const amount = options.amount === undefined ? story.amount : options.amount;
  const reason =
    status === 'RJCT'
      ? '\n      <StsRsnInf><Rsn><Cd>AM04</Cd></Rsn><AddtlInf>Redemption window closed</AddtlInf></StsRsnInf>'
      : '';
  const reference =
    amount === null
      ? ''
      : `\n      <OrgnlTxRef><IntrBkSttlmAmt Ccy="${story.currency}">${amount}</IntrBkSttlmAmt></OrgnlTxRef>`;
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.002.001.10">
  <FIToFIPmtStsRpt>
    ${groupHeader(options.messageIdentification, '2024-03-16T08:30:00+08:00', story.tokenizerBic, story.member)}
    <OrgnlGrpInfAndSts><OrgnlMsgId>${story.messageIdentification}</OrgnlMsgId><OrgnlMsgNmId>pacs.009.001.08</OrgnlMsgNmId></OrgnlGrpInfAndSts>
    <TxInfAndSts>
      <OrgnlInstrId>${story.instruction}</OrgnlInstrId>
      <OrgnlEndToEndId>${story.endToEnd}</OrgnlEndToEndId>
      <OrgnlUETR>${story.uetr}</OrgnlUETR>
      <TxSts>${status}</TxSts>${reason}${reference}
    </TxInfAndSts>
  </FIToFIPmtStsRpt>
</Document>`;
}
