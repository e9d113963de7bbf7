import { formatUnits, jsonNumberUnits } from '../../runtime/money.ts';
import { expectBalance, units } from '../../flows/balances.ts';
import { drainMessages, noticeOf } from '../../flows/gateway.ts';
import {
  answerPayment,
  expectOutcome,
  newPayment,
  openPayments,
  PAYMENT_REQUIREMENTS,
  paymentHoldings,
  sendPayment,
  type PaymentNetwork,
} from '../../flows/payments.ts';
import type { Transaction } from '../../../schemas/wire.ts';
import { flowStatuses, paymentRecord, transactionsFound } from '../../flows/transactions.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test } from '../../runtime/fixtures.ts';
import { checkRequirements } from '../ledger/prerequisites.ts';

/**
 * A payment in a DSA through its life (spec: POST /payments/message/send and /reply, GET /transactions,
 * Events; semantics §11, §12): the OFI's pacs.008, the RFI's compliance answer (SVC.001), settlement at
 * once on ACTC and nothing at all on RJCT, the service's report to the OFI, the transaction record.
 */

test(
  ...check(
    'payments.dsa-settlement',
    'settles a DSA payment only once the RFI accepts it, moving exactly its amount, reporting ACSC to the OFI and recording it for both members',
    {
      verifies: checkRequirements('PAY-SETTLE', 'PAY-FLOW-STATUS', 'GW-TRANSACTIONS-NOTIFY', 'RES-PAYMENT-SCHEMAS'),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.replyPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const { ofi, rfi, asset } = network;
    const story = newPayment(network, '12.34');
    const amount = units(story.amount);
    const before = await paymentHoldings(network);

    const payment = await sendPayment(network, story, 'PAY-SETTLE');
    await expectBalance(
      ofi,
      ofi.account,
      asset,
      before.ofi,
      'PAY-SETTLE',
      'after its pacs.008, before the RFI answered',
    );
    await expectBalance(rfi, rfi.account, asset, before.rfi, 'PAY-SETTLE', 'after the pacs.008, before it answered');

    await answerPayment(network, story, 'PAY-SETTLE');
    await expectBalance(
      ofi,
      ofi.account,
      asset,
      before.ofi - amount,
      'PAY-SETTLE',
      `after the RFI accepted its payment of ${formatUnits(amount)}`,
    );
    await expectBalance(
      rfi,
      rfi.account,
      asset,
      before.rfi + amount,
      'PAY-SETTLE',
      `after it accepted a payment of ${formatUnits(amount)}`,
    );
    await expectOutcome(ofi, payment, 'ACSC', 'PAY-SETTLE');

    const record = await paymentRecord(ofi, story.instruction, 'PAY-SETTLE');
    expectPaymentRecord(record, network, story.amount, `the record of payment ${story.instruction} read by the OFI`);
    const seenByRfi = await paymentRecord(rfi, story.instruction, 'PAY-SETTLE');
    if (JSON.stringify(seenByRfi.transaction_info) !== JSON.stringify(record.transaction_info)) {
      throw new CheckFailure(
        'PAY-SETTLE',
        `the OFI and the RFI read different records of payment ${story.instruction}: ${JSON.stringify(record.transaction_info)} and ${JSON.stringify(seenByRfi.transaction_info)}`,
      );
    }
    warnShould(
      JSON.stringify(flowStatuses(record)) === '["Payment settled"]',
      `the record of a settled DSA payment has the flow statuses ${JSON.stringify(flowStatuses(record))}, expected ["Payment settled"]`,
      'PAY-FLOW-STATUS',
    );
    const settlement = record.transaction_state[0]?.transaction_identification;
    if (!settlement)
      throw new CheckFailure('PAY-SETTLE', `the record of payment ${story.instruction} has no transaction_state`);
    noticeOf(await drainMessages(rfi, 'transactions'), settlement, rfi.identification);
  },
);

test(
  ...check(
    'payments.dsa-rejected',
    'moves nothing when the RFI rejects a payment, reports RJCT to the OFI and records no transaction',
    {
      verifies: checkRequirements('PAY-REJECT-NOTHING-MOVES'),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.replyPayment',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const { ofi, rfi, asset } = network;
    const story = newPayment(network, '7.5');
    const before = await paymentHoldings(network);
    const payment = await sendPayment(network, story, 'PAY-REJECT-NOTHING-MOVES');

    await answerPayment(network, story, 'PAY-REJECT-NOTHING-MOVES', {
      status: 'RJCT',
      reason: { code: 'AC04', text: 'Creditor account closed' },
    });
    await expectBalance(
      ofi,
      ofi.account,
      asset,
      before.ofi,
      'PAY-REJECT-NOTHING-MOVES',
      'after the RFI rejected its payment',
    );
    await expectBalance(rfi, rfi.account, asset, before.rfi, 'PAY-REJECT-NOTHING-MOVES', 'after it rejected a payment');
    await expectOutcome(ofi, payment, 'RJCT', 'PAY-REJECT-NOTHING-MOVES');
    const records = await transactionsFound(
      ofi,
      { data_type: 'INSTRUCTION_IDENTIFICATION', data_id: story.instruction },
      'PAY-REJECT-NOTHING-MOVES',
    );
    if (records.length > 0)
      throw new CheckFailure(
        'PAY-REJECT-NOTHING-MOVES',
        `GET /transactions finds ${records.length} record(s) of the rejected payment ${story.instruction}: ${JSON.stringify(records).slice(0, 300)}`,
      );
  },
);

test(
  ...check(
    'payments.creditor-fee',
    'lists in a payment’s record the fee its pacs.008 states for the instructed member, with the asset of its currency',
    {
      verifies: checkRequirements('TXN-CREDITOR-FEE', 'RES-PAYMENT-SCHEMAS', 'PAY-SETTLE', 'TXN-QUERY'),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.listTransactions',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const fee = '1.25';
    const story = newPayment(network, '10.25');
    // The RFI's fee as ISO 20022 states it (ChrgsInf, its Agt the RFI), beside what the beneficiary is paid
    // (InstdAmt); the payment settles as the reference's life cycle has it (PAY-SETTLE) and its record is
    // found by its instruction (TXN-QUERY).
    await sendPayment(network, story, 'PAY-SETTLE', { instructedAmount: '9', creditorFee: fee });
    await answerPayment(network, story, 'PAY-SETTLE');
    const record = await paymentRecord(network.ofi, story.instruction, 'TXN-QUERY');
    const fees = record.transaction_info.flatMap((info) => info.creditor_fee ?? []);
    const shown = JSON.stringify(fees);
    const [charge] = fees;
    if (fees.length !== 1 || charge === undefined)
      throw new CheckFailure(
        'TXN-CREDITOR-FEE',
        `the record of payment ${story.instruction}, whose pacs.008 states the RFI’s fee of ${fee} ${story.currency}, lists the creditor fees ${shown}, expected that one fee`,
      );
    if (typeof charge.fee_amount !== 'number' || jsonNumberUnits(charge.fee_amount) !== units(fee)) {
      throw new CheckFailure(
        'TXN-CREDITOR-FEE',
        `the record of payment ${story.instruction} lists the creditor fee ${shown}: fee_amount is not the ${fee} its pacs.008 states`,
      );
    }
    if (![charge.fee_asset ?? []].flat().some((asset) => asset?.asset_code_identification === story.currency)) {
      throw new CheckFailure(
        'TXN-CREDITOR-FEE',
        `the record of payment ${story.instruction} lists the creditor fee ${shown}: its fee_asset names no asset of ${story.currency}, the currency of the fee`,
      );
    }
  },
);

/** Fails under PAY-SETTLE unless the record describes the network's payment of `amount`. */
function expectPaymentRecord(record: Transaction, network: PaymentNetwork, amount: string, what: string): void {
  const info = record.transaction_info[0];
  const assets = [info?.interbank_settlement_asset ?? []].flat();
  const shown = {
    instructing: info?.instructing_member_identification,
    instructed: info?.instructed_member_identification,
    amount: info?.interbank_settlement_amount,
    method: info?.interbank_settlement_method,
    asset: assets
      .map((asset) => `${asset.asset_code_identification} of ${asset.asset_issuer_identification}`)
      .join(', '),
  };
  const expected = {
    instructing: network.ofi.identification,
    instructed: network.rfi.identification,
    amount: Number(amount),
    method: 'DSA',
    asset: `${network.asset.code} of ${network.asset.issuer}`,
  };
  if (record.transaction_info.length !== 1 || JSON.stringify(shown) !== JSON.stringify(expected)) {
    throw new CheckFailure(
      'PAY-SETTLE',
      `${what} shows ${JSON.stringify(shown)} (in ${record.transaction_info.length} transactionInfo), expected ${JSON.stringify(expected)}`,
    );
  }
}
