import { obligationNotice, paymentReturn } from '../../../schemas/iso20022/message-builders.ts';
import { ensureIssued, issueDso } from '../../flows/assets.ts';
import { balanceOf, expectBalance, units } from '../../flows/balances.ts';
import { openDsoLine } from '../../flows/credit-lines.ts';
import { exchangeMessage, newIdentification } from '../../flows/messages.ts';
import {
  answerPayment,
  expectOutcome,
  newPayment,
  PAYMENT_REQUIREMENTS,
  paymentParties,
  sendPayment,
} from '../../flows/payments.ts';
import { flowStatuses, paymentRecord } from '../../flows/transactions.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { test } from '../../runtime/fixtures.ts';
import { checkRequirements } from '../ledger/prerequisites.ts';
import { wholeUnits } from '../../runtime/money.ts';

/**
 * A payment in the OFI's own DSO, to the end of the obligation (spec: DSO, POST /payments/message/send and
 * /reply; semantics §11): the RFI's acceptance clears the DSO into its DSO account (emission, or as the
 * profile's readings say); the OFI's SVC.002 says it paid the obligation off the service; the RFI's pacs.004
 * returns the DSO to its issuer. All of that is the reference's life cycle (PAY-DSO-OBLIGATION); that each
 * message taken is answered and delivered is the specification's (payments.obligation-messages).
 */

/** The DSO mmA issues for these checks: a code no other suite uses. */
const PAYMENT_DSO_CODE = 'SGDDSO';

test(
  ...check(
    'payments.dso-obligation',
    'clears a payment in the OFI’s DSO into the RFI’s DSO account, and takes it back with the RFI’s pacs.004 after the OFI’s SVC.002',
    {
      verifies: checkRequirements('PAY-DSO-OBLIGATION', 'PAY-FLOW-STATUS', 'INS-DSO-ISSUE', 'CL-DSO-ALLOWLIST'),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors, target }) => {
    const parties = await paymentParties(actors);
    const { ofi, rfi } = parties;
    const dso = await issueDso(ofi, PAYMENT_DSO_CODE);
    // The OFI pays its own DSO out of its emission; the RFI holds it where its line is (the profile's readings).
    const network = { ...parties, asset: dso };
    const story = newPayment(network, '25.5');
    const { account: held } = await openDsoLine(ofi, rfi, dso, units(story.amount), target.readings);
    const amount = units(story.amount);
    const before = (await balanceOf(rfi, held, dso)) ?? 0n;

    const payment = await sendPayment(network, story, 'PAY-DSO-OBLIGATION', { settlementAccount: 'emission' });
    await expectBalance(rfi, held, dso, before, 'PAY-DSO-OBLIGATION', 'after the pacs.008, before it answered');
    await answerPayment(network, story, 'PAY-DSO-OBLIGATION', { creditAccount: held });
    await expectBalance(
      rfi,
      held,
      dso,
      before + amount,
      'PAY-DSO-OBLIGATION',
      `after it accepted a payment of ${story.amount} ${dso.code}`,
    );
    await expectOutcome(ofi, payment, 'ACSC', 'PAY-DSO-OBLIGATION');
    const cleared = flowStatuses(await paymentRecord(ofi, story.instruction, 'PAY-DSO-OBLIGATION'));
    warnShould(
      JSON.stringify(cleared) === '["Payment cleared"]',
      `the record of a payment in the OFI’s DSO has the flow statuses ${JSON.stringify(cleared)} once cleared, expected ["Payment cleared"]`,
      'PAY-FLOW-STATUS',
    );

    const notice = newIdentification(ofi.bic, 'OSN');
    await exchangeMessage(
      {
        from: ofi,
        to: rfi,
        route: 'send',
        type: 'SVC.002.001.01',
        document: obligationNotice(story, { messageIdentification: notice }),
        identification: notice,
      },
      'PAY-DSO-OBLIGATION',
    );
    await expectBalance(
      rfi,
      held,
      dso,
      before + amount,
      'PAY-DSO-OBLIGATION',
      'after the OFI’s SVC.002, which moves nothing',
    );

    const returned = newIdentification(rfi.bic, 'RTR');
    const document = paymentReturn(story, { messageIdentification: returned, settlementAccount: held, reason: 'NARR' });
    await exchangeMessage(
      { from: rfi, to: ofi, route: 'reply', type: 'pacs.004.001.09', document, identification: returned },
      'PAY-DSO-OBLIGATION',
    );
    await expectBalance(
      rfi,
      held,
      dso,
      before,
      'PAY-DSO-OBLIGATION',
      'after its pacs.004 returned the DSO to its issuer',
    );
    const settled = flowStatuses(await paymentRecord(ofi, story.instruction, 'PAY-DSO-OBLIGATION'));
    warnShould(
      JSON.stringify(settled) === '["Payment cleared","Payment settled"]',
      `the record of the payment has the flow statuses ${JSON.stringify(settled)} once the DSO came back, expected ["Payment cleared","Payment settled"]`,
      'PAY-FLOW-STATUS',
    );
  },
);

test(
  ...check(
    'payments.obligation-messages',
    'answers and delivers the OFI’s SVC.002 about a payment cleared in its own DSO, and the RFI’s pacs.004 returning the DSO',
    {
      verifies: checkRequirements(
        'MSG-DELIVERY',
        'RES-PAYMENT-SCHEMAS',
        'PAY-DSO-OBLIGATION',
        'INS-DSO-ISSUE',
        'INS-LIST',
      ),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.sendPayment',
    },
  ),
  async ({ actors, target }) => {
    const parties = await paymentParties(actors);
    const { ofi, rfi } = parties;
    // Issued once, whichever check of the worker comes first: whether a repeat issuance succeeds is the reference's.
    const dso = await ensureIssued(ofi, PAYMENT_DSO_CODE);
    const { account: held } = await openDsoLine(ofi, rfi, dso, wholeUnits(1000), target.readings);
    const network = { ...parties, asset: dso };
    const story = newPayment(network, '25.5');
    // Each message is taken where the reference's life cycle has it (PAY-DSO-OBLIGATION); each one taken is
    // answered with a financialMessage (RES-PAYMENT-SCHEMAS) and delivered to the other member (MSG-DELIVERY).
    await sendPayment(network, story, 'PAY-DSO-OBLIGATION', { settlementAccount: 'emission' });
    await answerPayment(network, story, 'PAY-DSO-OBLIGATION', { creditAccount: held });
    const notice = newIdentification(ofi.bic, 'OSN');
    await exchangeMessage(
      {
        from: ofi,
        to: rfi,
        route: 'send',
        type: 'SVC.002.001.01',
        document: obligationNotice(story, { messageIdentification: notice }),
        identification: notice,
      },
      'PAY-DSO-OBLIGATION',
    );
    const returned = newIdentification(rfi.bic, 'RTR');
    const document = paymentReturn(story, { messageIdentification: returned, settlementAccount: held, reason: 'NARR' });
    await exchangeMessage(
      { from: rfi, to: ofi, route: 'reply', type: 'pacs.004.001.09', document, identification: returned },
      'PAY-DSO-OBLIGATION',
    );
  },
);
