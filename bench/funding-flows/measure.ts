/**
 * bench/funding-flows/: complete funding flows per second, the simulator in a child process and the
 * clients in this one, sharing the machine's cores (bench/flows/flow-run.ts). A flow is everything a
 * market maker and a tokenizer do to put new DSA into an account, 6 calls that must all answer 200:
 *   1. the market maker raises its credit line (`POST /settlement-instruments/credit-line`, request),
 *   2. the tokenizer allows it (`POST /settlement-instruments/credit-line/{tokenizer}`),
 *   3. the tokenizer asks for the instruction (`POST /transactions/instruction`),
 *   4-5. it signs the fundingInfo and the transaction with its emission key (`POST /sign/payload`),
 *   6. it sends the funding (`POST /transactions/send`).
 * Each client owns one lane (holder account and asset) of the demo network, so no two clients race
 * on one ceiling. At the end every lane's balance must be what its flows minted.
 */
import { wholeUnits } from '../../suites/runtime/money.ts';
import { measureFlows, type FlowBenchmark, type Lane } from '../flows/flow-run.ts';
import { fund, openLine, type DsaHolding } from '../flows/funding.ts';
import type { Measurement } from '../record/history.ts';

/** The demo network's DSA issuers and holders (simulator/network/demo.ts, demo-static). */
const TOKENIZERS = [
  { identification: 'tokenizer-usd', asset: 'USD' },
  { identification: 'tokenizer-eur', asset: 'EUR' },
];
const MARKET_MAKERS = ['mm-london', 'mm-singapore', 'mm-saopaulo', 'mm-nairobi'];
const ACCOUNTS = ['main', 'second'];

type FundingLane = Lane & DsaHolding;

export function measure(args: string[]): Promise<Measurement> {
  return measureFlows(args, fundingBenchmark);
}

/** Also run by flow-ratios, beside its floor. */
export const fundingBenchmark: FlowBenchmark<FundingLane> = {
  kind: 'funding',
  callsPerFlow: 6,
  // One lane per holder account and asset.
  maxClients: TOKENIZERS.length * MARKET_MAKERS.length * ACCOUNTS.length,
  amount: { setting: 'funding_amount', default: 10, max: 1_000_000 },
  async setUp(api, clients, amount) {
    await api.signIn([...TOKENIZERS.map((tokenizer) => tokenizer.identification), ...MARKET_MAKERS]);
    // The lanes count their flows: each set-up makes its own.
    const lanes = allLanes().slice(0, clients);
    return {
      lanes,
      async flow(lane) {
        // Room for exactly one more funding: the line is raised as part of every flow.
        await openLine(api, lane, (lane.flows + 1) * amount);
        await fund(api, lane, amount, `bench-${lane.member}-${lane.account}-${lane.asset.code}-${lane.flows}`);
      },
      // Each completed flow minted `amount` into its lane.
      checkLane: (lane) =>
        api.expectBalance(
          lane.member,
          lane.account,
          lane.asset,
          wholeUnits(amount) * BigInt(lane.flows),
          `after ${lane.flows} flows of ${amount}`,
        ),
    };
  },
};

function allLanes(): FundingLane[] {
  return TOKENIZERS.flatMap(({ identification, asset }) =>
    MARKET_MAKERS.flatMap((member) =>
      ACCOUNTS.map((account) => ({ member, account, asset: { code: asset, issuer: identification }, flows: 0 })),
    ),
  );
}
