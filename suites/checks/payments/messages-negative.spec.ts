import { complianceAnswer, type PaymentStory } from '../../../schemas/iso20022/message-builders.ts';
import type { FinancialMessage } from '../../../schemas/iso20022/message-envelope.ts';
import { expectBalance } from '../../flows/balances.ts';
import {
  expectAccepted,
  expectMessageRefusal,
  expectNothingDelivered,
  newIdentification,
  postMessage,
  signedMessage,
  unsignedMessage,
  type MessageRoute,
  type SentMessage,
} from '../../flows/messages.ts';
import {
  creditTransferOf,
  newPayment,
  openPayments,
  PAYMENT_REQUIREMENTS,
  paymentHoldings,
  paymentSent,
  sendPayment,
  type PaymentNetwork,
} from '../../flows/payments.ts';
import { check } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test } from '../../runtime/fixtures.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements } from '../ledger/prerequisites.ts';

/**
 * Messages the service must refuse (spec: financialMessage, Limits "Message format", POST
 * /payments/message/*; semantics §11): unreadable data, Documents that break their XSD or ISO 20022's
 * rules, signatures that are not the sender's, repeated identifiers, wrong routes, MT formats, unknown
 * versions. Each is otherwise a valid payment of the OFI, so that a target that skips the one rule at
 * stake would take it; each refusal is a 400 that moves nothing and delivers nothing.
 */

/** One message to refuse; `sent` says what it is when the target can read that much. */
interface Attempt {
  what: string;
  message: unknown;
  route?: MessageRoute;
  sent?: SentMessage;
  /**
   * An identifier only this attempt holds, which the RFI's queue must not deliver: `sent`'s message
   * identification unless given; null when the attempt repeats an accepted message word for word.
   */
  marker?: string | null;
}

/**
 * Posts every attempt as the OFI: each is refused with 400 (`requirement`), and afterwards both members
 * hold what they held and the RFI was delivered none of them.
 */
async function expectAllRefused(network: PaymentNetwork, attempts: Attempt[], requirement: string): Promise<void> {
  const { ofi, rfi, asset } = network;
  const before = await paymentHoldings(network);
  for (const attempt of attempts) {
    expectMessageRefusal(
      await postMessage(ofi, attempt.route ?? 'send', attempt.message),
      { status: 400, requirement },
      attempt.sent,
      attempt.what,
    );
  }
  const what = `after refusals of ${attempts.map((attempt) => attempt.what).join('; ')}`;
  await expectBalance(ofi, ofi.account, asset, before.ofi, requirement, what);
  await expectBalance(rfi, rfi.account, asset, before.rfi, requirement, what);
  for (const attempt of attempts) {
    const marker = attempt.marker === undefined ? attempt.sent?.messageIdentification : attempt.marker;
    if (marker) await expectNothingDelivered(rfi, marker, requirement, attempt.what);
  }
}

/** The story's pacs.008 with `document` instead of its own, signed by the OFI: what a careless sender would send. */
async function signedPayment(
  network: PaymentNetwork,
  story: PaymentStory,
  document = creditTransferOf(network, story),
): Promise<Attempt & { message: FinancialMessage; sent: SentMessage }> {
  const message = await signedMessage(network.ofi, 'pacs.008.001.08', document, {
    from: story.ofi,
    to: story.rfi,
    identification: story.messageIdentification,
  });
  return { what: '', message, sent: paymentSent(story) };
}

test(
  ...check(
    'payments.message-unreadable',
    'refuses with 400 data that is not base64, not XML, or a Document that breaks its XSD, moving and delivering nothing',
    {
      verifies: checkRequirements('MSG-INVALID-REFUSED', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '10');
    const type = 'iso20022:pacs.008.001.08';
    const invalid = newPayment(network, '1');
    // ChrgBr takes a code from a closed list: the Document is well-formed XML, and nothing else is wrong.
    const schemaInvalid = await signedPayment(
      network,
      invalid,
      creditTransferOf(network, invalid).replace('<ChrgBr>SHAR</ChrgBr>', '<ChrgBr>HALF</ChrgBr>'),
    );
    await expectAllRefused(
      network,
      [
        {
          what: 'data that is not base64',
          message: { financial_message_type: type, financial_message_data: '%%% not base64 %%%' },
        },
        {
          what: 'data that is not XML',
          message: {
            financial_message_type: type,
            financial_message_data: Buffer.from('not XML at all', 'utf8').toString('base64'),
          },
        },
        { what: 'no data', message: { financial_message_type: type } },
        { ...schemaInvalid, what: 'a Document that breaks the pacs.008.001.08 XSD' },
      ],
      'MSG-INVALID-REFUSED',
    );
  },
);

test(
  ...check(
    'payments.message-business-rules',
    'refuses with 400 a pacs.008 whose transaction count, currency, decimals or agents break ISO 20022, moving and delivering nothing',
    {
      verifies: checkRequirements('MSG-BUSINESS-RULES', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '10');
    const miscounted = newPayment(network, '1');
    const unknownCurrency = newPayment(network, '1', { currency: 'QQQ' });
    const decimals = newPayment(network, '1.005');
    const toItself = newPayment(network, '1', { rfi: network.ofi.bic });
    await expectAllRefused(
      network,
      [
        {
          ...(await signedPayment(
            network,
            miscounted,
            creditTransferOf(network, miscounted).replace('<NbOfTxs>1</NbOfTxs>', '<NbOfTxs>2</NbOfTxs>'),
          )),
          what: 'NbOfTxs 2 for one transaction',
        },
        {
          ...(await signedPayment(network, unknownCurrency)),
          what: 'the currency QQQ, which ISO 4217 does not define',
        },
        {
          ...(await signedPayment(network, decimals)),
          what: `${decimals.amount} ${decimals.currency}, more decimals than the currency has`,
        },
        { ...(await signedPayment(network, toItself)), what: 'the OFI as instructing and instructed agent' },
      ],
      'MSG-BUSINESS-RULES',
    );
  },
);

test(
  ...check(
    'payments.message-signature',
    'refuses with 400 a message altered after signing, signed with another member’s key, or unsigned, and takes the same message signed by its sender',
    {
      verifies: checkRequirements('MSG-SIGNATURE', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '10');
    const { ofi, rfi } = network;
    const story = newPayment(network, '2.5');
    const heading = { from: story.ofi, to: story.rfi, identification: story.messageIdentification };
    const document = creditTransferOf(network, story);
    const { message: good } = await signedPayment(network, story);
    const xml = Buffer.from(good.financial_message_data, 'base64').toString('utf8');
    const altered = {
      ...good,
      financial_message_data: Buffer.from(xml.replace(`>${story.amount}<`, '>3.5<'), 'utf8').toString('base64'),
    };
    if (altered.financial_message_data === good.financial_message_data)
      throw new CheckFailure(
        'MSG-SIGN-MESSAGE',
        `the message signed through POST /sign/message no longer holds the amount ${story.amount} as it was written`,
      );
    const sent = paymentSent(story);
    await expectAllRefused(
      network,
      [
        { what: 'the amount changed after signing', message: altered, sent },
        {
          what: `a message of ${ofi.identification} signed with the key of ${rfi.identification}`,
          message: await signedMessage(rfi, 'pacs.008.001.08', document, heading),
          sent,
        },
        { what: 'an unsigned message', message: unsignedMessage('pacs.008.001.08', document, heading), sent },
      ],
      'MSG-SIGNATURE',
    );
    expectAccepted(await postMessage(ofi, 'send', good), sent, 'MSG-SIGNATURE');
  },
);

test(
  ...check(
    'payments.message-duplicate-ids',
    'refuses with 400 a message repeating a used message or instruction identification, while a refused message uses up none',
    {
      verifies: checkRequirements('MSG-UNIQUE-IDS', 'MSG-SIGNATURE', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '10');
    const story = newPayment(network, '1.5');
    // Refused first (unsigned): that must not use its identifiers up.
    const unsigned = unsignedMessage('pacs.008.001.08', creditTransferOf(network, story), {
      from: story.ofi,
      to: story.rfi,
      identification: story.messageIdentification,
    });
    expectMessageRefusal(
      await postMessage(network.ofi, 'send', unsigned),
      { status: 400, requirement: 'MSG-SIGNATURE' },
      paymentSent(story),
      'the payment unsigned, before it is sent signed',
    );
    await sendPayment(network, story, 'MSG-UNIQUE-IDS');

    const sameMessage = newPayment(network, '1.5', { messageIdentification: story.messageIdentification });
    const sameInstruction = newPayment(network, '1.5', { instruction: story.instruction });
    await expectAllRefused(
      network,
      [
        { ...(await signedPayment(network, story)), what: 'the accepted pacs.008 sent again', marker: null },
        {
          ...(await signedPayment(network, sameMessage)),
          what: `a new payment reusing the MsgId ${story.messageIdentification}`,
          marker: sameMessage.instruction,
        },
        {
          ...(await signedPayment(network, sameInstruction)),
          what: `a new payment reusing the InstrId ${story.instruction}`,
        },
      ],
      'MSG-UNIQUE-IDS',
    );
  },
);

test(
  ...check(
    'payments.message-route',
    'refuses with 400 a valid, signed message on an endpoint that does not take its type, moving and delivering nothing',
    {
      verifies: checkRequirements('MSG-ROUTE', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.replyPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '10');
    const { ofi, rfi } = network;
    const onReply = newPayment(network, '1');
    const onRedeem = newPayment(network, '1');
    // An acceptance of a payment that is really waiting for one, written by its RFI but sent to `send`.
    const pending = newPayment(network, '1');
    await sendPayment(network, pending, 'MSG-ROUTE');
    const answer = newIdentification(rfi.bic, 'CMP');
    const answerMessage = await signedMessage(
      rfi,
      'SVC.001.001.01',
      complianceAnswer(pending, { messageIdentification: answer, creditAccount: rfi.account }),
      { from: rfi.bic, to: ofi.bic, identification: answer },
    );
    const answerSent: SentMessage = { type: 'SVC.001.001.01', messageIdentification: answer, transactions: [] };
    const before = await paymentHoldings(network);
    expectMessageRefusal(
      await postMessage(rfi, 'send', answerMessage),
      { status: 400, requirement: 'MSG-ROUTE' },
      answerSent,
    );
    await expectBalance(
      rfi,
      rfi.account,
      network.asset,
      before.rfi,
      'MSG-ROUTE',
      'after an SVC.001 accepting a payment was posted to POST /payments/message/send',
    );
    await expectNothingDelivered(ofi, answer, 'MSG-ROUTE', 'an SVC.001 posted to POST /payments/message/send');
    await expectAllRefused(
      network,
      [
        {
          ...(await signedPayment(network, onReply)),
          route: 'reply',
          what: 'a pacs.008 on POST /payments/message/reply',
        },
        {
          ...(await signedPayment(network, onRedeem)),
          route: 'redeem',
          what: 'a pacs.008 on POST /payments/message/redeem',
        },
      ],
      'MSG-ROUTE',
    );
  },
);

// Its id keeps the name it had when it also judged the versions (ids never change): those are payments.message-version now.
test(
  ...check('payments.message-mt-and-version', 'refuses with 400 an MT message, under an MT type or an ISO 20022 one', {
    verifies: checkRequirements('MSG-MT-REFUSED', ...REFUSAL_REQUIREMENTS),
    uses: PAYMENT_REQUIREMENTS,
    endpoint: 'member.sendPayment',
  }),
  async ({ actors }) => {
    const network = await openPayments(actors, '10');
    const story = newPayment(network, '1');
    const mt103 = Buffer.from(
      `{1:F01${story.ofi.slice(0, 8)}AXXX0000000000}{2:I103${story.rfi.slice(0, 8)}XXXXN}{4:\n:20:${story.instruction.slice(0, 16)}\n:23B:CRED\n:32A:240315${story.currency}${story.amount.replace('.', ',')}\n:71A:SHA\n-}`,
      'utf8',
    ).toString('base64');
    await expectAllRefused(
      network,
      [
        {
          what: 'financial_message_type MT103',
          message: { financial_message_type: 'MT103', financial_message_data: mt103 },
        },
        {
          what: 'financial_message_type swift:MT103',
          message: { financial_message_type: 'swift:MT103', financial_message_data: mt103 },
        },
        {
          what: 'MT103 text under the type iso20022:pacs.008.001.08',
          message: { financial_message_type: 'iso20022:pacs.008.001.08', financial_message_data: mt103 },
        },
      ],
      'MSG-MT-REFUSED',
    );
  },
);

// The reference profile's reading of the type's form (the namespace word and the versions it knows). A check
// of its own, so that a target reading it otherwise leaves the specification's MT refusal decided above.
test(
  ...check(
    'payments.message-version',
    'refuses with 400 a type not of the form iso20022:<message>.<variant>.<version>, and a version ISO 20022 does not define',
    {
      verifies: checkRequirements('MSG-VERSION', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '10');
    const story = newPayment(network, '1');
    const { message, sent } = await signedPayment(network, story);
    const data = message.financial_message_data;
    await expectAllRefused(
      network,
      [
        {
          what: 'the version pacs.008.001.99',
          message: { financial_message_type: 'iso20022:pacs.008.001.99', financial_message_data: data },
          sent,
        },
        {
          what: 'a type without its namespace',
          message: { financial_message_type: 'pacs.008.001.08', financial_message_data: data },
          sent,
        },
        {
          what: 'a type without variant and version',
          message: { financial_message_type: 'iso20022:pacs.008', financial_message_data: data },
          sent,
        },
      ],
      'MSG-VERSION',
    );
    expectAccepted(await postMessage(network.ofi, 'send', message), sent, 'MSG-VERSION');
  },
);
