import fc from 'fast-check';
import type { AssetId } from '../../suites/flows/assets.ts';
import { consolidate } from '../../suites/flows/consolidation.ts';
import { decideAsTokenizer, requestCreditLine } from '../../suites/flows/credit-lines.ts';
import { exchangeTerms, postExchange, signExchange } from '../../suites/flows/exchange.ts';
import {
  instructFunding,
  newFundingInfo,
  sendFunding,
  signFunding,
  type FundingInfo,
  type FundingSignatures,
} from '../../suites/flows/funding.ts';
import type { Market } from '../../suites/flows/market.ts';
import type { Party } from '../../suites/flows/party.ts';
import {
  answerQuotation,
  OPEN_MS,
  quotationIdOf,
  quotationTerms,
  requestBody,
  requestQuotations,
  signQuotation,
} from '../../suites/flows/quotations.ts';
import { referenceUnits, wholeUnits } from '../../suites/runtime/money.ts';
import { OPERATING, type Parties } from './parties.ts';

/**
 * The mixed flows the concurrent clients run, each step through the spec's endpoints: fundings (some
 * sent several times at once), replays of settled fundings, consolidations, credit line re-sizes,
 * allows and revokes, allowlist changes, and quotation-to-exchange trades whose exchange is posted
 * several times at once, some racing a cancellation. Refusals are expected (another client may have
 * moved the balance, the line or the allowlist); what is kept is what the ledger must agree with.
 */

export type Operation =
  | { kind: 'fund'; account: number; asset: number; amount: bigint; sends: number }
  | { kind: 'replay'; pick: number }
  | { kind: 'consolidate'; target: number; entries: Array<{ asset: number; amount: bigint }> }
  | { kind: 'resize-line'; account: number; asset: number; ceiling: number; allow: boolean }
  | { kind: 'decide-line'; account: number; asset: number; decision: 'allow' | 'revoke' }
  | { kind: 'allowlist'; other: number; add: boolean }
  | { kind: 'trade'; seller: number; baseFirst: boolean; amount: bigint; attempts: number; cancel: boolean };

/** An amount of whole units in [min, max] plus any fraction of the reference's 7 digits (the demo network is the reference). */
const amount = (min: number, max: number) =>
  fc
    .tuple(fc.integer({ min, max }), fc.integer({ min: 0, max: 9_999_999 }))
    .map(([whole, fraction]) => wholeUnits(whole) + referenceUnits(BigInt(fraction), 7));
const side = fc.nat({ max: 1 });

export const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('fund' as const),
      account: side,
      asset: side,
      amount: amount(1, 400),
      sends: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('consolidate' as const),
      target: side,
      entries: fc.array(fc.record({ asset: side, amount: amount(0, 300) }), { minLength: 1, maxLength: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resize-line' as const),
      account: side,
      asset: side,
      ceiling: fc.integer({ min: 100, max: 6_000 }),
      allow: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('decide-line' as const),
      account: side,
      asset: side,
      decision: fc.constantFrom('allow' as const, 'allow' as const, 'revoke' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('allowlist' as const),
      other: fc.nat({ max: 2 }),
      add: fc.constantFrom(true, true, false),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('trade' as const),
      seller: fc.nat({ max: 2 }),
      baseFirst: fc.boolean(),
      amount: amount(2, 500),
      attempts: fc.integer({ min: 1, max: 3 }),
      cancel: fc.boolean(),
    }),
  },
);

/** What the clients saw, which the ledger must bear out afterwards. */
export class Observations {
  /** Fundings a send answered 200 for, by end_to_end_identification, with the transaction it named. */
  readonly settled = new Map<string, { info: FundingInfo; signatures: FundingSignatures; transaction: string }>();
  /** Every funding instructed, settled or not. */
  readonly instructed = new Set<string>();
  /** Exchanges answered `Success`, by quotation. */
  readonly exchanged = new Map<string, number>();
  /** Quotations whose cancellation answered 200. */
  readonly cancelled = new Set<string>();
  /** What went wrong in the clients' own view (a replay naming another transaction, ...). */
  readonly problems: string[] = [];
  readonly counts = new Map<Operation['kind'], number>();
}

interface Step {
  parties: Parties;
  self: Party;
  others: Party[];
  observations: Observations;
}

const assetOf = (parties: Parties, index: number): AssetId => parties.assets[index % 2]!;
const accountOf = (index: number): string => OPERATING[index % 2]!;

export async function run(step: Step, op: Operation): Promise<void> {
  const { observations } = step;
  observations.counts.set(op.kind, (observations.counts.get(op.kind) ?? 0) + 1);
  switch (op.kind) {
    case 'fund':
      return fund(step, op);
    case 'replay':
      return replay(step, op.pick);
    case 'consolidate': {
      const target = accountOf(op.target);
      const source = accountOf(op.target + 1);
      await consolidate(
        step.self,
        target,
        op.entries.map((entry) => ({ asset: assetOf(step.parties, entry.asset), amount: entry.amount, source })),
      );
      return;
    }
    case 'resize-line': {
      const asset = assetOf(step.parties, op.asset);
      const account = accountOf(op.account);
      const requested = await requestCreditLine(step.self, account, asset, op.ceiling);
      if (requested.status === 200 && op.allow)
        await decideAsTokenizer(step.parties.tokenizer, { holder: step.self.identification, account, asset }, 'allow');
      return;
    }
    case 'decide-line':
      await decideAsTokenizer(
        step.parties.tokenizer,
        { holder: step.self.identification, account: accountOf(op.account), asset: assetOf(step.parties, op.asset) },
        op.decision,
      );
      return;
    case 'allowlist': {
      const other = step.others[op.other % step.others.length]!;
      await step.self.client.call(op.add ? 'member.addToAllowlist' : 'member.removeFromAllowlist', {
        body: other.identification,
      });
      return;
    }
    case 'trade':
      return trade(step, op);
  }
}

/** Instruction, both signatures, then `sends` sends of the same signed funding at once: it mints once. */
async function fund({ parties, self, observations }: Step, op: Extract<Operation, { kind: 'fund' }>): Promise<void> {
  const { tokenizer } = parties;
  const info = newFundingInfo(
    tokenizer.identification,
    assetOf(parties, op.asset),
    self.identification,
    accountOf(op.account),
    op.amount,
  );
  // The memo names the funding in the ledger record, so the ledger can be searched for its mints.
  info.memo_transaction = fundingMemo(info.end_to_end_identification);
  const instructed = await instructFunding(tokenizer, info);
  if (instructed.status !== 200) return;
  observations.instructed.add(info.end_to_end_identification);
  const { unsigned_transaction_object } = instructed.body as { unsigned_transaction_object: string };
  const signatures = await signFunding(tokenizer, info, unsigned_transaction_object);
  const sends = await Promise.all(Array.from({ length: op.sends }, () => sendFunding(tokenizer, info, signatures)));
  const transactions = new Set(sends.filter((send) => send.status === 200).map((send) => transactionOf(send.body)));
  if (transactions.size > 1)
    observations.problems.push(
      `simultaneous sends of funding ${info.end_to_end_identification} answered ${transactions.size} different transactions`,
    );
  const [transaction] = transactions;
  if (transaction !== undefined)
    observations.settled.set(info.end_to_end_identification, { info, signatures, transaction });
}

/** A settled funding sent again: the first result again, nothing minted. */
async function replay({ parties, observations }: Step, pick: number): Promise<void> {
  const settled = [...observations.settled.values()];
  if (settled.length === 0) return;
  const funding = settled[pick % settled.length]!;
  const response = await sendFunding(parties.tokenizer, funding.info, funding.signatures);
  if (response.status !== 200 || transactionOf(response.body) !== funding.transaction) {
    observations.problems.push(
      `replaying funding ${funding.info.end_to_end_identification} answered ${response.status} ${response.text.slice(0, 200)}, expected its first result (${funding.transaction})`,
    );
  }
}

/**
 * The client's member buys from another: request, the seller's signed answer, then `attempts` posts of
 * the same signed exchange at once, the seller cancelling at the same time when `cancel` says so.
 */
async function trade(
  { parties, self, others, observations }: Step,
  op: Extract<Operation, { kind: 'trade' }>,
): Promise<void> {
  const [first, second] = op.baseFirst ? parties.assets : [parties.assets[1], parties.assets[0]];
  const seller = others[op.seller % others.length]!;
  const market: Market = {
    buyer: self,
    seller,
    buyerAccount: 'main',
    sellerAccount: 'main',
    base: first,
    quoted: second,
    now: () => clockOf(parties.baseUrl),
  };
  const request = requestBody(market, (await market.now()) + OPEN_MS);
  const requested = await requestQuotations(self, request);
  if (requested.status !== 200) return;
  const { request_uuid: requestUuid, request_timestamp: requestTimestamp } = requested.body as {
    request_uuid: string;
    request_timestamp: number;
  };
  const quotationUuid = quotationIdOf(requestUuid, seller.identification);
  const info = quotationTerms(market, { request, requestUuid, requestTimestamp, quotationUuid });
  if ((await answerQuotation(seller, quotationUuid, await signQuotation(seller, info))).status !== 200) return;
  const exchange = await signExchange(self, exchangeTerms(market, info, op.amount));
  const cancelling = op.cancel
    ? seller.client.call('member.cancelQuotation', { path: { quotation_uuid: quotationUuid } })
    : undefined;
  const [cancellation, ...answers] = await Promise.all([
    cancelling,
    ...Array.from({ length: op.attempts }, () => postExchange(self, exchange)),
  ]);
  const successes = answers.filter(
    (answer) => answer?.status === 200 && (answer.body as { exchange_state?: string }).exchange_state === 'Success',
  ).length;
  if (successes > 0)
    observations.exchanged.set(quotationUuid, (observations.exchanged.get(quotationUuid) ?? 0) + successes);
  if (cancellation?.status === 200) observations.cancelled.add(quotationUuid);
}

export function fundingMemo(endToEnd: string): string {
  return `concurrency funding ${endToEnd}`;
}

function transactionOf(body: unknown): string | undefined {
  return (body as { funding_state?: Array<{ transaction_identification?: string }> } | undefined)?.funding_state?.[0]
    ?.transaction_identification;
}

async function clockOf(baseUrl: string): Promise<number> {
  return ((await (await fetch(`${baseUrl}/sim/clock`)).json()) as { now: number }).now;
}
