import { modificationRequest, unableToApply } from '../../../schemas/iso20022/message-builders.ts';
import { expectBalance } from '../../flows/balances.ts';
import { exchangeMessage, newIdentification, postMessage, signedMessage } from '../../flows/messages.ts';
import { newPayment, openPayments, PAYMENT_REQUIREMENTS, paymentHoldings, sendPayment } from '../../flows/payments.ts';
import { check } from '../../runtime/check.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectRefusalShould } from '../../runtime/refusal.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements } from '../ledger/prerequisites.ts';

/**
 * Investigations (spec: POST /payments/message/send camt.026 and camt.087; semantics §11): the RFI says it
 * cannot apply a payment, the OFI asks to modify it; the service relays both and moves nothing. When a
 * camt.026 is taken is the reference's (PRE-PAYMENT-MESSAGES, PAY-INVESTIGATION-RELAY); that the camt.087
 * answering one the service took is taken, and each is answered and delivered, is the specification's
 * (payments.investigation-messages).
 */

test(
  ...check(
    'payments.investigation-relay',
    'relays the RFI’s camt.026 and then the OFI’s camt.087 about a payment, moving nothing, and refuses a camt.087 before any camt.026',
    {
      verifies: checkRequirements('PAY-INVESTIGATION-RELAY', 'PAY-MODIFY-AFTER-UNABLE', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const { ofi, rfi, asset } = network;
    const story = newPayment(network, '3.3');
    await sendPayment(network, story, 'PAY-INVESTIGATION-RELAY');
    const before = await paymentHoldings(network);

    const early = newIdentification(ofi.bic, 'MOD');
    const earlyMessage = await signedMessage(
      ofi,
      'camt.087.001.06',
      modificationRequest(story, { messageIdentification: early }),
      { from: ofi.bic, to: rfi.bic, identification: early },
    );
    expectRefusalShould(await postMessage(ofi, 'send', earlyMessage), {
      status: 400,
      requirement: 'PAY-MODIFY-AFTER-UNABLE',
    });

    const unable = newIdentification(rfi.bic, 'UTA');
    await exchangeMessage(
      {
        from: rfi,
        to: ofi,
        route: 'send',
        type: 'camt.026.001.07',
        document: unableToApply(story, { messageIdentification: unable }),
        identification: unable,
      },
      'PAY-INVESTIGATION-RELAY',
    );
    const modification = newIdentification(ofi.bic, 'MOD');
    await exchangeMessage(
      {
        from: ofi,
        to: rfi,
        route: 'send',
        type: 'camt.087.001.06',
        document: modificationRequest(story, { messageIdentification: modification }),
        identification: modification,
      },
      'PAY-INVESTIGATION-RELAY',
    );
    await expectBalance(
      ofi,
      ofi.account,
      asset,
      before.ofi,
      'PAY-INVESTIGATION-RELAY',
      'after a camt.026 and a camt.087 about its payment',
    );
    await expectBalance(
      rfi,
      rfi.account,
      asset,
      before.rfi,
      'PAY-INVESTIGATION-RELAY',
      'after a camt.026 and a camt.087 about a payment to it',
    );
  },
);

test(
  ...check(
    'payments.investigation-messages',
    'takes the OFI’s camt.087 answering the RFI’s camt.026 about a payment, answering and delivering each message',
    {
      verifies: checkRequirements(
        'MSG-ANSWERS-ACCEPTED',
        'MSG-DELIVERY',
        'RES-PAYMENT-SCHEMAS',
        'PAY-SETTLE',
        'PAY-INVESTIGATION-RELAY',
      ),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const { ofi, rfi } = network;
    const story = newPayment(network, '3.3');
    // The payment and the camt.026 are taken as the reference's life cycle has it (PAY-SETTLE,
    // PAY-INVESTIGATION-RELAY); every message taken is answered with a financialMessage and delivered.
    await sendPayment(network, story, 'PAY-SETTLE');
    const unable = newIdentification(rfi.bic, 'UTA');
    await exchangeMessage(
      {
        from: rfi,
        to: ofi,
        route: 'send',
        type: 'camt.026.001.07',
        document: unableToApply(story, { messageIdentification: unable }),
        identification: unable,
      },
      'PAY-INVESTIGATION-RELAY',
    );
    const modification = newIdentification(ofi.bic, 'MOD');
    await exchangeMessage(
      {
        from: ofi,
        to: rfi,
        route: 'send',
        type: 'camt.087.001.06',
        document: modificationRequest(story, { messageIdentification: modification }),
        identification: modification,
      },
      'MSG-ANSWERS-ACCEPTED',
    );
  },
);
