import {
  appHeaderSchema,
  financialMessageType,
  MESSAGE_ENVELOPE_NAMESPACE,
  type MessageTypeName,
} from '../../schemas/iso20022/message-types.ts';
import { sampleNetwork, signedBy } from '../../test-support/simulator/sample-network.ts';
import {
  cancellationRequest,
  cancellationResolution,
  complianceAnswer,
  creditTransfer,
  modificationRequest,
  obligationNotice,
  paymentReturn,
  paymentStory,
  redemptionAnswer,
  redemptionRequest,
  redemptionStory,
  unableToApply,
} from '../../schemas/iso20022/message-builders.ts';

/**
 * docs/messages.md: one worked example of each message type, built by the same builders the tests send
 * through the service, so every example is one the service accepts in its place in the story. A unit
 * test keeps the page equal to this output; `node --import tsx bin/tools/write-message-docs.ts` rewrites it.
 */

export interface MessageExample {
  type: MessageTypeName;
  title: string;
  /** Who sends it to whom, on which endpoint. */
  route: string;
  /** What the service does with it. */
  effect: string;
  /** BICs of AppHdr/Fr and AppHdr/To, and the Document's own identification (AppHdr/BizMsgIdr). */
  from: string;
  to: string;
  identification: string;
  document: string;
}

const payment = paymentStory();
const cleared = paymentStory({ method: 'DSO', issuer: 'bank-aaaa' });
const redemption = redemptionStory();
const OFI = 'AAAAUS33XXX (bank-aaaa, the OFI)';
const RFI = 'BBBBSGSGXXX (bank-bbbb, the RFI)';

export const messageExamples: MessageExample[] = [
  {
    type: 'pacs.008.001.08',
    title: 'FI-to-FI customer credit transfer: the payment',
    route: `${OFI} to ${RFI}, \`POST /client/v1/api/payments/message/send\``,
    effect:
      'A payment of 15250.75 USD (the DSA of tokenizer-cc), waiting for the RFI’s compliance answer. Nothing moves yet.',
    from: payment.ofi,
    to: payment.rfi,
    identification: payment.messageIdentification,
    document: creditTransfer(payment, { creditorFee: '12.50' }),
  },
  {
    type: 'SVC.001.001.01',
    title: 'Compliance answer (the service’s own type)',
    route: `${RFI} to ${OFI}, \`POST /client/v1/api/payments/message/reply\``,
    effect:
      'ACTC: the service moves 15250.75 USD from the OFI’s `main` to the RFI’s `main` at once and sends the OFI a pacs.002 ACSC. RJCT (with StsRsnInf, no CdtAcct) would end the payment with nothing moved.',
    from: payment.rfi,
    to: payment.ofi,
    identification: 'BBBBSGSG-CMP-20240315-0001',
    document: complianceAnswer(payment, { messageIdentification: 'BBBBSGSG-CMP-20240315-0001' }),
  },
  {
    type: 'SVC.002.001.01',
    title: 'Obligation settlement notice (the service’s own type)',
    route: `${OFI} to ${RFI}, \`POST /client/v1/api/payments/message/send\``,
    effect:
      'For a payment cleared in the OFI’s own DSO (here USDDSO of bank-aaaa): the OFI paid the obligation off the service. Nothing moves; the RFI may now return the DSO with a pacs.004.',
    from: cleared.ofi,
    to: cleared.rfi,
    identification: 'AAAAUS33-OSN-20240316-0001',
    document: obligationNotice(cleared, { messageIdentification: 'AAAAUS33-OSN-20240316-0001' }),
  },
  {
    type: 'camt.056.001.08',
    title: 'FI-to-FI payment cancellation request',
    route: `${OFI} to ${RFI}, \`POST /client/v1/api/payments/message/send\``,
    effect:
      'The OFI asks the RFI to give a settled payment back. Nothing moves; the RFI answers with a pacs.004 (refund) or a camt.029 RJCR.',
    from: payment.ofi,
    to: payment.rfi,
    identification: 'AAAAUS33-CXL-20240315-01',
    document: cancellationRequest(payment, { messageIdentification: 'AAAAUS33-CXL-20240315-01' }),
  },
  {
    type: 'pacs.004.001.09',
    title: 'Payment return',
    route: `${RFI} to ${OFI}, \`POST /client/v1/api/payments/message/reply\``,
    effect:
      'The refund answering the camt.056: 15250.75 USD goes from the RFI’s `main` back to the OFI’s `main`, and the payment is `Payment returned`. For a cleared DSO payment after its SVC.002, the same message returns the DSO to its issuer (burned) and the payment is `Payment settled`.',
    from: payment.rfi,
    to: payment.ofi,
    identification: 'BBBBSGSG-RTR-20240315-01',
    document: paymentReturn(payment, { messageIdentification: 'BBBBSGSG-RTR-20240315-01' }),
  },
  {
    type: 'camt.029.001.09',
    title: 'Resolution of investigation: the cancellation rejected',
    route: `${RFI} to ${OFI}, \`POST /client/v1/api/payments/message/reply\``,
    effect:
      'RJCR closes the cancellation request; nothing moves. (An accepted cancellation is answered with a pacs.004, not with a camt.029.)',
    from: payment.rfi,
    to: payment.ofi,
    identification: 'BBBBSGSG-RSL-20240315-01',
    document: cancellationResolution(payment, { messageIdentification: 'BBBBSGSG-RSL-20240315-01' }),
  },
  {
    type: 'camt.026.001.07',
    title: 'Unable to apply',
    route: `${RFI} to ${OFI}, \`POST /client/v1/api/payments/message/send\``,
    effect:
      'The RFI cannot apply the payment (the creditor account is unknown). Nothing moves; the OFI may now ask to modify the payment.',
    from: payment.rfi,
    to: payment.ofi,
    identification: 'BBBBSGSG-UTA-20240315-01',
    document: unableToApply(payment, { messageIdentification: 'BBBBSGSG-UTA-20240315-01' }),
  },
  {
    type: 'camt.087.001.06',
    title: 'Request to modify payment',
    route: `${OFI} to ${RFI}, \`POST /client/v1/api/payments/message/send\``,
    effect:
      'The OFI asks the RFI to credit another creditor account. Accepted only after a camt.026 for the payment; nothing moves.',
    from: payment.ofi,
    to: payment.rfi,
    identification: 'AAAAUS33-MOD-20240315-01',
    document: modificationRequest(payment, { messageIdentification: 'AAAAUS33-MOD-20240315-01' }),
  },
  {
    type: 'pacs.009.001.08',
    title: 'Financial institution credit transfer: a redemption request',
    route:
      'BBBBSGSGXXX (bank-bbbb, the member) to CCCCSGSGXXX (tokenizer-cc, the issuer of its USD), `POST /client/v1/api/payments/message/redeem`',
    effect:
      'bank-bbbb asks tokenizer-cc to take back 2500 USD from its `main` account, which must hold it. Nothing moves until the tokenizer answers.',
    from: redemption.member,
    to: redemption.tokenizerBic,
    identification: redemption.messageIdentification,
    document: redemptionRequest(redemption),
  },
  {
    type: 'pacs.002.001.10',
    title: 'FI-to-FI payment status report: the tokenizer’s answer to the redemption',
    route:
      'CCCCSGSGXXX (tokenizer-cc) to BBBBSGSGXXX (bank-bbbb), `POST /tokenizer/v1/api/transactions/message/redeem`',
    effect:
      'ACSC with the pacs.009’s amount: 2500 USD moves from bank-bbbb’s `main` to tokenizer-cc’s `emission` and is burned. The service’s own reports (ACTC, ACSC, RJCT) are pacs.002 of the same shape, from DSSVZZZZ, with no OrgnlTxRef.',
    from: redemption.tokenizerBic,
    to: redemption.member,
    identification: 'CCCCSGSG-STS-20240316-0001',
    document: redemptionAnswer(redemption, { messageIdentification: 'CCCCSGSG-STS-20240316-0001' }),
  },
];

/**
 * The first example as the whole signed Message a member sends: envelope, AppHdr, signature, Document,
 * laid out for reading before it is signed (outside ds:Signature every character counts, so the layout
 * cannot change afterwards; the signature goes in as the AppHdr's last child, hence `</AppHdr>` after it).
 */
export function signedExample(): string {
  const [first] = messageExamples;
  const member = (bic: string) => `<FIId><FinInstnId><BICFI>${bic}</BICFI></FinInstnId></FIId>`;
  const unsigned = `<?xml version="1.0" encoding="UTF-8"?>
<Message xmlns="${MESSAGE_ENVELOPE_NAMESPACE}">
  <AppHdr xmlns="${appHeaderSchema.namespace}">
    <Fr>${member(first!.from)}</Fr>
    <To>${member(first!.to)}</To>
    <BizMsgIdr>${first!.identification}</BizMsgIdr>
    <MsgDefIdr>${first!.type}</MsgDefIdr>
    <CreDt>2024-03-15T10:15:30Z</CreDt>
    </AppHdr>
  ${first!.document.split('\n').join('\n  ')}
</Message>`;
  return signedBy(sampleNetwork().ofi, unsigned);
}

export function renderMessageDocs(): string {
  const sections = messageExamples.flatMap((example, index) => [
    `## ${example.type}: ${example.title}`,
    '',
    `- ${example.route}; \`financial_message_type\` \`${financialMessageType(example.type)}\`.`,
    `- ${example.effect}`,
    '',
    ...(index === 0 ? ['Its Document is the one in the signed Message above.'] : ['```xml', example.document, '```']),
    '',
  ]);
  return [
    '# ISO 20022 messages, one worked example per type',
    '',
    'One payment story runs through this page: AAAAUS33XXX (member `bank-aaaa`) pays BBBBSGSGXXX (`bank-bbbb`)',
    '15250.75 USD in the DSA issued by CCCCSGSGXXX (`tokenizer-cc`); later bank-bbbb redeems USD with tokenizer-cc.',
    'What the service does with each message is in [semantics.md](semantics.md) ("Payments and ISO 20022',
    'messages"); the envelope, the checks and the signature are in `simulator/iso20022/README.md`.',
    '',
    'Every example is generated from the builders the simulator’s own tests send through the service',
    '(`schemas/iso20022/message-builders.ts`), and a test checks that each Document validates against its XSD',
    'and that this page is current (`node --import tsx bin/tools/write-message-docs.ts` rewrites it).',
    '',
    '## The Message a member sends',
    '',
    'A member sends `financial_message_data` = base64 of one `Message`: the AppHdr (head.001.001.02, members by',
    'BIC, `MsgDefIdr` = the type) and the Document. It signs it through `POST /client/v1/api/sign/message`, which',
    'puts the XML signature in `AppHdr/Sgntr`. The pacs.008 below, signed with bank-aaaa’s `main` key:',
    '',
    '```xml',
    signedExample(),
    '```',
    '',
    'The examples below show the Document only; each travels in the same kind of envelope, from the member',
    'named first to the member named second, with `BizMsgIdr` = the Document’s own identification. The',
    'signature is one line: inside `ds:SignedInfo` whitespace counts too.',
    '',
    ...sections,
  ].join('\n');
}
