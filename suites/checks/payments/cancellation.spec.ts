import {
  cancellationRequest,
  cancellationResolution,
  paymentReturn,
  type PaymentStory,
} from '../../../schemas/iso20022/message-builders.ts';
import { expectBalance, units } from '../../flows/balances.ts';
import {
  exchangeMessage,
  expectMessageRefusal,
  expectNothingDelivered,
  newIdentification,
  postMessage,
  signedMessage,
} from '../../flows/messages.ts';
import {
  openPayments,
  PAYMENT_REQUIREMENTS,
  paymentHoldings,
  settledPayment,
  type PaymentNetwork,
} from '../../flows/payments.ts';
import { flowStatuses, paymentRecord } from '../../flows/transactions.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { test } from '../../runtime/fixtures.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements } from '../ledger/prerequisites.ts';

/**
 * Cancellation after settlement (spec: POST /payments/message/send camt.056, /reply pacs.004 and
 * camt.029; semantics §11): the OFI asks for its money back; the RFI refunds exactly the amount, or
 * rejects the request, after which no refund of that payment is taken. That a settled payment may be
 * asked back is the reference's (PRE-PAYMENT-MESSAGES, PAY-CANCEL-REFUND); that either answer to a request
 * the service took is taken, answered and delivered is the specification's (payments.cancellation-messages).
 */

/** The OFI's camt.056 about a settled payment, accepted and delivered to the RFI. */
async function requestCancellation(network: PaymentNetwork, story: PaymentStory, requirement: string): Promise<void> {
  const identification = newIdentification(network.ofi.bic, 'CXL');
  await exchangeMessage(
    {
      from: network.ofi,
      to: network.rfi,
      route: 'send',
      type: 'camt.056.001.08',
      document: cancellationRequest(story, { messageIdentification: identification }),
      identification,
    },
    requirement,
  );
}

/** The RFI's pacs.004 refunding the payment from its default account, and its identification. */
function refund(network: PaymentNetwork, story: PaymentStory): { identification: string; document: string } {
  const identification = newIdentification(network.rfi.bic, 'RTR');
  return {
    identification,
    document: paymentReturn(story, { messageIdentification: identification, settlementAccount: network.rfi.account }),
  };
}

test(
  ...check(
    'payments.cancellation-refund',
    'takes a cancellation request for a settled payment to the RFI, and moves exactly the amount back on the RFI’s pacs.004',
    {
      verifies: checkRequirements('PAY-CANCEL-REFUND', 'PAY-FLOW-STATUS'),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.replyPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const { ofi, rfi, asset } = network;
    const before = await paymentHoldings(network);
    const story = await settledPayment(network, '9.99', 'PAY-CANCEL-REFUND');
    const amount = units(story.amount);
    await expectBalance(rfi, rfi.account, asset, before.rfi + amount, 'PAY-CANCEL-REFUND', 'after the payment settled');

    await requestCancellation(network, story, 'PAY-CANCEL-REFUND');
    await expectBalance(
      rfi,
      rfi.account,
      asset,
      before.rfi + amount,
      'PAY-CANCEL-REFUND',
      'after the cancellation request, which moves nothing',
    );
    const { identification, document } = refund(network, story);
    await exchangeMessage(
      { from: rfi, to: ofi, route: 'reply', type: 'pacs.004.001.09', document, identification },
      'PAY-CANCEL-REFUND',
    );
    await expectBalance(ofi, ofi.account, asset, before.ofi, 'PAY-CANCEL-REFUND', 'after the RFI refunded the payment');
    await expectBalance(rfi, rfi.account, asset, before.rfi, 'PAY-CANCEL-REFUND', 'after it refunded the payment');
    const statuses = flowStatuses(await paymentRecord(ofi, story.instruction, 'PAY-CANCEL-REFUND'));
    warnShould(
      JSON.stringify(statuses) === '["Payment settled","Payment returned"]',
      `the record of a refunded payment has the flow statuses ${JSON.stringify(statuses)}, expected ["Payment settled","Payment returned"]`,
      'PAY-FLOW-STATUS',
    );
  },
);

test(
  ...check(
    'payments.cancellation-rejected',
    'relays the RFI’s rejection (camt.029 RJCR) of a cancellation request, moving nothing, and refuses a refund after it',
    {
      verifies: checkRequirements('PAY-CANCEL-REJECT', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.replyPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const { ofi, rfi, asset } = network;
    const story = await settledPayment(network, '4.2', 'PAY-CANCEL-REJECT');
    await requestCancellation(network, story, 'PAY-CANCEL-REJECT');
    const settled = await paymentHoldings(network);

    const resolution = newIdentification(rfi.bic, 'RSL');
    await exchangeMessage(
      {
        from: rfi,
        to: ofi,
        route: 'reply',
        type: 'camt.029.001.09',
        document: cancellationResolution(story, { messageIdentification: resolution }),
        identification: resolution,
      },
      'PAY-CANCEL-REJECT',
    );
    await expectBalance(
      ofi,
      ofi.account,
      asset,
      settled.ofi,
      'PAY-CANCEL-REJECT',
      'after the RFI rejected the cancellation',
    );
    await expectBalance(
      rfi,
      rfi.account,
      asset,
      settled.rfi,
      'PAY-CANCEL-REJECT',
      'after it rejected the cancellation',
    );

    const { identification, document } = refund(network, story);
    const message = await signedMessage(rfi, 'pacs.004.001.09', document, {
      from: rfi.bic,
      to: ofi.bic,
      identification,
    });
    expectMessageRefusal(
      await postMessage(rfi, 'reply', message),
      { status: 400, requirement: 'PAY-CANCEL-REJECT' },
      { type: 'pacs.004.001.09', messageIdentification: identification, transactions: [] },
    );
    await expectBalance(
      ofi,
      ofi.account,
      asset,
      settled.ofi,
      'PAY-CANCEL-REJECT',
      'after a refund that followed a rejected cancellation',
    );
    await expectBalance(
      rfi,
      rfi.account,
      asset,
      settled.rfi,
      'PAY-CANCEL-REJECT',
      'after a refund that followed a rejected cancellation',
    );
    await expectNothingDelivered(ofi, identification, 'PAY-CANCEL-REJECT', 'a refused refund');
  },
);

test(
  ...check(
    'payments.cancellation-messages',
    'takes the RFI’s pacs.004 and its camt.029 answering the OFI’s cancellation requests, answering and delivering each message',
    {
      verifies: checkRequirements(
        'MSG-ANSWERS-ACCEPTED',
        'MSG-DELIVERY',
        'RES-PAYMENT-SCHEMAS',
        'PAY-SETTLE',
        'PAY-CANCEL-REFUND',
      ),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.replyPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const { ofi, rfi } = network;
    // The payments settle and are asked back as the reference's life cycle has it (PAY-SETTLE, PAY-CANCEL-REFUND);
    // every message taken is answered with a financialMessage (RES-PAYMENT-SCHEMAS) and delivered (MSG-DELIVERY).
    const refunded = await settledPayment(network, '9.99', 'PAY-SETTLE');
    await requestCancellation(network, refunded, 'PAY-CANCEL-REFUND');
    const { identification, document } = refund(network, refunded);
    await exchangeMessage(
      { from: rfi, to: ofi, route: 'reply', type: 'pacs.004.001.09', document, identification },
      'MSG-ANSWERS-ACCEPTED',
    );

    const kept = await settledPayment(network, '4.2', 'PAY-SETTLE');
    await requestCancellation(network, kept, 'PAY-CANCEL-REFUND');
    const resolution = newIdentification(rfi.bic, 'RSL');
    await exchangeMessage(
      {
        from: rfi,
        to: ofi,
        route: 'reply',
        type: 'camt.029.001.09',
        document: cancellationResolution(kept, { messageIdentification: resolution }),
        identification: resolution,
      },
      'MSG-ANSWERS-ACCEPTED',
    );
  },
);
