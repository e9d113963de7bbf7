/**
 * bench/exchange-flows/: complete quotation-to-exchange flows per second (spec: "Quotation and exchange
 * flow"; semantics §7-§8), the simulator in a child process and the clients in this one, sharing the
 * machine's cores (bench/flows/flow-run.ts). A flow is 7 calls that must all answer 200:
 *   1. the buyer requests quotations (`POST /exchange/quotations/request`),
 *   2. the seller reads the request's quotation on its `quotations` gateway queue,
 *   3-4. the seller signs its quotationInfo (`POST /sign/payload`) and answers (`POST /exchange/quotations/{uuid}`),
 *   5. the buyer reads the answered quotationState on its `quotations` queue,
 *   6-7. the buyer signs the exchangeInfo (`POST /sign/payload`) and exchanges (`POST /exchange`): Success.
 * Each client owns one lane: a buyer and a seller made for it, listing each other only, so every request
 * reaches one seller and no two clients touch one quotation or one queue. The buyer pays USD of
 * tokenizer-usd and receives EUR of tokenizer-eur at 0.9; at the end all four holdings of every lane
 * must have moved by exactly its flows' two legs.
 */
import type { AssetId } from '../../suites/flows/assets.ts';
import { instrumentOf } from '../../suites/flows/assets.ts';
import { quotedUnits, type ExchangeInfo, type ExchangeResult } from '../../suites/flows/exchange.ts';
import {
  encodeJson,
  OPEN_MS,
  quotationIdOf,
  quotationStates,
  type QuotationInfo,
  type QuotationState,
  type RequestQuotation,
} from '../../suites/flows/quotations.ts';
import { FRACTION_DIGITS } from '../../protocol/amount.ts';
import { wholeUnits } from '../../suites/runtime/money.ts';
import { newCounterparties } from '../flows/counterparties.ts';
import { measureFlows, type FlowBenchmark, type Lane } from '../flows/flow-run.ts';
import { fund, openLine } from '../flows/funding.ts';
import type { MarketMaker, SimulatorApi } from '../flows/simulator-api.ts';
import type { Measurement } from '../record/history.ts';

/** Two DSAs of the demo network: what the buyer pays, and what it buys. */
const BASE: AssetId = { code: 'USD', issuer: 'tokenizer-usd' };
const QUOTED: AssetId = { code: 'EUR', issuer: 'tokenizer-eur' };
const RATE = 0.9;
/** The largest quoted amount the requests and quotations accept: `--amount` at most 1000 at 0.9. */
const MAXIMUM_AMOUNT_LIMIT = 1000;
/** What each side is funded with and each line's ceiling, in whole units: at least 10^4 flows a lane. */
const LANE_FUNDS = 10_000_000;

interface ExchangeLane extends Lane {
  buyer: MarketMaker;
  seller: MarketMaker;
}

export function measure(args: string[]): Promise<Measurement> {
  return measureFlows(args, exchangeBenchmark);
}

/** Also run by the soak benchmark, beside the other flows. */
export const exchangeBenchmark: FlowBenchmark<ExchangeLane> = {
  kind: 'quotation-to-exchange',
  callsPerFlow: 7,
  maxClients: 64,
  amount: { setting: 'amount_base_asset', default: 10, max: 1000 },
  settings: {
    foreign_exchange_rate: RATE,
    base_asset: `${BASE.code} of ${BASE.issuer}`,
    quoted_asset: `${QUOTED.code} of ${QUOTED.issuer}`,
  },
  async setUp(api, clients, amount) {
    await api.signIn([BASE.issuer, QUOTED.issuer]);
    const lanes = await Promise.all(Array.from({ length: clients }, (_, index) => openLane(api, index)));
    const base = wholeUnits(amount);
    const quoted = quotedUnits(base, RATE, FRACTION_DIGITS);
    const funds = wholeUnits(LANE_FUNDS);
    return {
      lanes,
      flow: (lane) => exchangeFlow(api, lane, amount),
      async checkLane({ buyer, seller, flows }) {
        const why = `after ${flows} exchanges of ${amount} ${BASE.code} at ${RATE}`;
        const count = BigInt(flows);
        await api.expectBalance(buyer.identification, buyer.account, BASE, funds - count * base, why);
        await api.expectBalance(buyer.identification, buyer.account, QUOTED, count * quoted, why);
        await api.expectBalance(seller.identification, seller.account, BASE, count * base, why);
        await api.expectBalance(seller.identification, seller.account, QUOTED, funds - count * quoted, why);
      },
    };
  },
};

/**
 * A buyer and a seller, each with allowed lines for both assets on its account (one to pay from, one
 * to be paid into; the seller's base line is also what makes the request reach it), the buyer funded
 * with the base asset and the seller with the quoted one.
 */
async function openLane(api: SimulatorApi, index: number): Promise<ExchangeLane> {
  const [buyer, seller] = await newCounterparties(api, index, ['buyer', 'seller']);
  for (const member of [buyer, seller]) {
    for (const asset of [BASE, QUOTED])
      await openLine(api, { member: member.identification, account: member.account, asset }, LANE_FUNDS);
  }
  await fund(
    api,
    { member: buyer.identification, account: buyer.account, asset: BASE },
    LANE_FUNDS,
    `${buyer.identification}-funds`,
  );
  await fund(
    api,
    { member: seller.identification, account: seller.account, asset: QUOTED },
    LANE_FUNDS,
    `${seller.identification}-funds`,
  );
  return { buyer, seller, flows: 0 };
}

async function exchangeFlow(api: SimulatorApi, { buyer, seller }: ExchangeLane, amount: number): Promise<void> {
  const request: RequestQuotation = {
    base_asset_info: [instrumentOf(BASE)],
    buyer_member_identification: buyer.identification,
    maximum_amount_limit: MAXIMUM_AMOUNT_LIMIT,
    quoted_asset_info: [instrumentOf(QUOTED)],
    // The simulator's clock is the wall clock (nobody moves it here).
    time_end_request_quotation: Date.now() + OPEN_MS,
  };
  const requested = (await api.request(buyer.identification, 'member.requestQuotations', { body: request })) as {
    request_uuid: string;
    request_timestamp: number;
  };
  const quotationUuid = quotationIdOf(requested.request_uuid, seller.identification);

  // The seller answers the request as the gateway gave it to it; its terms start at the request's time.
  const asked = (await api.readDelivered(
    seller.identification,
    'quotations',
    about(quotationUuid),
    `request for quotation ${quotationUuid}`,
  )) as { request_quotation: RequestQuotation[] };
  const info: QuotationInfo = {
    end_time: requested.request_timestamp + OPEN_MS,
    foreign_exchange_rate: RATE,
    maximum_amount_limit: MAXIMUM_AMOUNT_LIMIT,
    quotation_uuid: quotationUuid,
    request_quotation: asked.request_quotation,
    seller_crediting_account_identification: seller.account,
    seller_debiting_account_identification: seller.account,
    seller_member_identification: seller.identification,
    start_time: requested.request_timestamp,
  };
  const quotationPayload = encodeJson(info);
  await api.request(seller.identification, 'member.answerQuotation', {
    path: { quotation_uuid: quotationUuid },
    body: {
      quotation_payload: quotationPayload,
      member_signature: await api.signPayload(
        seller.identification,
        info.seller_debiting_account_identification,
        quotationPayload,
      ),
    },
  });

  // The buyer accepts the quotation as the service shows it: the exchange must embed exactly that.
  const answered = (await api.readDelivered(
    buyer.identification,
    'quotations',
    about(quotationUuid),
    `answer of quotation ${quotationUuid}`,
  )) as QuotationState;
  if (answered.request_quotation_state !== quotationStates.updated || !answered.response_data)
    throw new Error(
      `${buyer.identification} was told of quotation ${quotationUuid} in state ${answered.request_quotation_state}, not answered`,
    );
  const exchange: ExchangeInfo = {
    amount_base_asset: amount,
    buyer_crediting_account_identification: buyer.account,
    buyer_debiting_account_identification: buyer.account,
    quotation_info: answered.response_data,
  };
  const exchangePayload = encodeJson(exchange);
  const result = (await api.request(buyer.identification, 'member.exchange', {
    body: {
      exchange_payload: exchangePayload,
      member_signature: await api.signPayload(
        buyer.identification,
        exchange.buyer_debiting_account_identification,
        exchangePayload,
      ),
    },
  })) as ExchangeResult;
  if (result.exchange_state !== 'Success')
    throw new Error(
      `the exchange of quotation ${quotationUuid} ended ${result.exchange_state} (transaction ${result.transaction_identification})`,
    );
}

/** A `quotations` payload (the seller's request or the buyer's quotationState) about the quotation. */
function about(quotationUuid: string): (payload: object) => boolean {
  return (payload) => (payload as { quotation_uuid?: unknown }).quotation_uuid === quotationUuid;
}
