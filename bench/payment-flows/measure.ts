/**
 * bench/payment-flows/: complete DSA payment flows per second (semantics §11, "A payment's life" 1-2),
 * the simulator in a child process and the clients in this one, sharing the machine's cores
 * (bench/flows/flow-run.ts). A flow is 6 calls that must all answer 200:
 *   1-2. the OFI signs its pacs.008 (`POST /sign/message`) and sends it (`POST /payments/message/send`),
 *   3. the RFI reads the pacs.008 on its `payment` gateway queue,
 *   4-5. the RFI signs its SVC.001 accepting it (ACTC, crediting its account) and replies
 *        (`POST /payments/message/reply`): the service settles at once,
 *   6. the OFI reads its `payment` queue, where the service's pacs.002 ACSC about the payment is.
 * The flow ends with that ACSC, not with the reply: the reply answers 200 also when the ledger refuses
 * the transfer (the OFI then gets a pacs.002 RJCT), so only the ACSC tells the OFI that it paid.
 * Each client owns one lane: an OFI and an RFI made for it, listing each other only, so no client
 * consumes another's messages. The OFI pays USD of tokenizer-usd; at the end both balances of every
 * lane must have moved by exactly its flows' amounts.
 */
import { randomUUID } from 'node:crypto';
import {
  complianceAnswer,
  creditTransfer,
  paymentStory,
  storyMessage,
  type PaymentStory,
} from '../../schemas/iso20022/message-builders.ts';
import { financialMessageType, type MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import type { AssetId } from '../../suites/flows/assets.ts';
import { carrying, messageRouteEndpoints, newIdentification, type MessageRoute } from '../../suites/flows/messages.ts';
import { wholeUnits } from '../../suites/runtime/money.ts';
import { newCounterparties } from '../flows/counterparties.ts';
import { measureFlows, type FlowBenchmark, type Lane } from '../flows/flow-run.ts';
import { fund, openLine } from '../flows/funding.ts';
import type { MarketMaker, SimulatorApi } from '../flows/simulator-api.ts';
import type { Measurement } from '../record/history.ts';

/** The DSA paid in, of the demo network. */
const ASSET: AssetId = { code: 'USD', issuer: 'tokenizer-usd' };
/** What the OFI is funded with and both lines' ceiling, in whole units: at least 10^4 flows a lane. */
const LANE_FUNDS = 10_000_000;

interface PaymentLane extends Lane {
  ofi: MarketMaker;
  rfi: MarketMaker;
}

export function measure(args: string[]): Promise<Measurement> {
  return measureFlows(args, paymentBenchmark);
}

/** Also run by the soak benchmark, beside the other flows. */
export const paymentBenchmark: FlowBenchmark<PaymentLane> = {
  kind: 'DSA payment',
  callsPerFlow: 6,
  maxClients: 64,
  amount: { setting: 'payment_amount', default: 10, max: 1000 },
  settings: {
    asset: `${ASSET.code} of ${ASSET.issuer}`,
    flow_ends_with: 'the OFI reads the pacs.002 ACSC about its payment',
  },
  async setUp(api, clients, amount) {
    await api.signIn([ASSET.issuer]);
    const lanes = await Promise.all(Array.from({ length: clients }, (_, index) => openLane(api, index)));
    const paid = wholeUnits(amount);
    const funds = wholeUnits(LANE_FUNDS);
    return {
      lanes,
      flow: (lane) => paymentFlow(api, lane, amount),
      async checkLane({ ofi, rfi, flows }) {
        const why = `after ${flows} payments of ${amount} ${ASSET.code}`;
        await api.expectBalance(ofi.identification, ofi.account, ASSET, funds - BigInt(flows) * paid, why);
        await api.expectBalance(rfi.identification, rfi.account, ASSET, BigInt(flows) * paid, why);
      },
    };
  },
};

/** An OFI funded with the DSA, and an RFI with an allowed line to be paid into. */
async function openLane(api: SimulatorApi, index: number): Promise<PaymentLane> {
  const [ofi, rfi] = await newCounterparties(api, index, ['ofi', 'rfi']);
  const ofiHolding = { member: ofi.identification, account: ofi.account, asset: ASSET };
  await openLine(api, ofiHolding, LANE_FUNDS);
  await openLine(api, { member: rfi.identification, account: rfi.account, asset: ASSET }, LANE_FUNDS);
  await fund(api, ofiHolding, LANE_FUNDS, `${ofi.identification}-funds`);
  return { ofi, rfi, flows: 0 };
}

async function paymentFlow(api: SimulatorApi, { ofi, rfi }: PaymentLane, amount: number): Promise<void> {
  const story: PaymentStory = paymentStory({
    ofi: ofi.bic,
    rfi: rfi.bic,
    issuer: ASSET.issuer,
    method: 'DSA',
    currency: ASSET.code,
    amount: String(amount),
    messageIdentification: newIdentification(ofi.bic, 'PAY'),
    instruction: newIdentification(ofi.bic, 'INS'),
    endToEnd: newIdentification(ofi.bic, 'E2E'),
    uetr: randomUUID(),
  });
  await sendMessage(
    api,
    ofi,
    rfi,
    'send',
    'pacs.008.001.08',
    creditTransfer(story, { settlementAccount: ofi.account }),
    story.messageIdentification,
  );
  await api.readDelivered(
    rfi.identification,
    'payment',
    carrying(story.messageIdentification, 'pacs.008.001.08'),
    `pacs.008 ${story.messageIdentification}`,
  );

  const acceptance = newIdentification(rfi.bic, 'CMP');
  await sendMessage(
    api,
    rfi,
    ofi,
    'reply',
    'SVC.001.001.01',
    complianceAnswer(story, { messageIdentification: acceptance, creditAccount: rfi.account }),
    acceptance,
  );
  const aboutPayment = carrying(story.instruction, 'pacs.002.001.10');
  const settled = carrying('ACSC', 'pacs.002.001.10');
  await api.readDelivered(
    ofi.identification,
    'payment',
    (payload) => aboutPayment(payload) && settled(payload),
    `pacs.002 ACSC about ${story.instruction}`,
  );
}

/** `from` signs the Message around `document` with its account's key and posts it on `route`; the service accepts it (200, ACTC). */
async function sendMessage(
  api: SimulatorApi,
  from: MarketMaker,
  to: MarketMaker,
  route: MessageRoute,
  type: MessageTypeName,
  document: string,
  identification: string,
): Promise<void> {
  const signed = await api.signMessage(
    from.identification,
    from.account,
    storyMessage(type, document, from.bic, to.bic, identification),
  );
  await api.request(from.identification, messageRouteEndpoints[route], {
    body: { financial_message_type: financialMessageType(type), financial_message_data: signed },
  });
}
