import { paymentDocument } from '../../../schemas/iso20022/message-builders.ts';
import {
  expectAccepted,
  expectMessageRefusal,
  expectRelayed,
  postMessage,
  signedMessage,
  type SentMessage,
} from '../../flows/messages.ts';
import { creditTransferOf, newPayment, openPayments, PAYMENT_REQUIREMENTS, paymentSent } from '../../flows/payments.ts';
import { check } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test } from '../../runtime/fixtures.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements } from '../ledger/prerequisites.ts';

/**
 * The messages a target emits (spec: financialMessage, ISO 20022; semantics §11). Every check of this
 * folder reads each answer and delivery against its XSD and its original (flows/messages.ts); this one
 * gives the target a message with two transactions, whose reports must tell them apart, and a refusal,
 * whose rejection must name what it refuses.
 */

test(
  ...check(
    'payments.emitted-messages',
    'answers and relays a two-transaction pacs.008 with valid messages naming each transaction, and names a refused message in its rejection',
    {
      verifies: checkRequirements(
        'MSG-XSD-VALID-EMITTED',
        'MSG-ORIGINAL-IDS',
        'MSG-DELIVERY',
        'MSG-ROUTE',
        ...REFUSAL_REQUIREMENTS,
      ),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const { ofi, rfi } = network;
    const [one, two] = [newPayment(network, '1.25'), newPayment(network, '2.5')];
    const sent: SentMessage = {
      type: 'pacs.008.001.08',
      messageIdentification: one.messageIdentification,
      transactions: [one, two].map((story) => ({
        instruction: story.instruction,
        endToEnd: story.endToEnd,
        uetr: story.uetr,
        amount: story.amount,
        currency: story.currency,
      })),
    };
    const document = paymentDocument({
      from: ofi.bic,
      to: rfi.bic,
      messageIdentification: sent.messageIdentification,
      method: one.method,
      issuer: one.issuer,
      settlementAccount: ofi.account,
      transactions: [one, two].map((story) => ({
        instruction: story.instruction,
        endToEnd: story.endToEnd,
        uetr: story.uetr,
        amount: story.amount,
        currency: story.currency,
      })),
    });
    const heading = { from: ofi.bic, to: rfi.bic, identification: sent.messageIdentification };

    const answer = expectAccepted(
      await postMessage(ofi, 'send', await signedMessage(ofi, 'pacs.008.001.08', document, heading)),
      sent,
      'MSG-ORIGINAL-IDS',
    );
    const named = answer.transactions.map((transaction) => transaction.instruction);
    if (named.length > 0 && named.length !== 2)
      throw new CheckFailure(
        'MSG-ORIGINAL-IDS',
        `the answer to a pacs.008 of two transactions reports ${named.length} of them (${named.join(', ')})`,
      );
    // Delivered with both transactions, as sent.
    await expectRelayed(rfi, sent);

    // A valid, signed message on the wrong route: readable, so a rejection it carries can name it.
    const refused = newPayment(network, '1');
    const message = await signedMessage(ofi, 'pacs.008.001.08', creditTransferOf(network, refused), {
      from: ofi.bic,
      to: rfi.bic,
      identification: refused.messageIdentification,
    });
    expectMessageRefusal(
      await postMessage(ofi, 'reply', message),
      { status: 400, requirement: 'MSG-ROUTE' },
      paymentSent(refused),
    );
  },
);
