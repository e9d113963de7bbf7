import { expectStatus } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';
import type { Actors } from '../runtime/fixtures.ts';
import { formatUnits, wholeUnits } from '../runtime/money.ts';
import type { AssetId } from './assets.ts';
import { ensureListed } from './allowlist.ts';
import { balanceOf } from './balances.ts';
import { openDsaLine } from './credit-lines.ts';
import { fund } from './funding.ts';
import { defaultAccount, type Party } from './party.ts';

/**
 * Two market makers ready to exchange (semantics §6-§8), set up through the spec's endpoints only. The
 * buyer pays the base asset and receives the quoted asset; the seller the other way round. Both
 * assets are DSAs of the run's tokenizer (its first and second listed asset), because an exchange moves
 * value between operating accounts and a DSO is held on its holder's `emission` account (semantics §3).
 */

export interface ExchangeAssets {
  /** What the buyer offers: the tokenizer's first DSA. */
  base: AssetId;
  /** What the seller sells: the tokenizer's second DSA. */
  quoted: AssetId;
}

export interface Market extends ExchangeAssets {
  buyer: Party;
  seller: Party;
  /** The buyer's account debited of the base asset and credited with the quoted one (its default). */
  buyerAccount: string;
  /** The seller's account credited with the base asset and debited of the quoted one (its default). */
  sellerAccount: string;
  /**
   * The target's time in ms: the simulator's clock with the control plane, else the local clock (close
   * enough for windows of minutes; a request's request_timestamp gives the target's own time).
   */
  now(): Promise<number>;
}

/** What each side should hold, at least, for the exchanges a check makes. */
export interface MarketFunds {
  /** Base asset units the buyer holds on top of what it held. */
  base: bigint;
  /** Quoted asset units the seller holds on top of what it held. */
  quoted: bigint;
}

/** The requirements the set-up steps name: a check using `openMarket` lists them too. */
export const MARKET_REQUIREMENTS = [
  'ALLOWLIST-LIST',
  'CL-REQUEST',
  'FUND-INSTRUCTION',
  'SIGN-PAYLOAD',
  'RES-SIGNING-SCHEMAS',
  'BAL-READ',
  'RES-LEDGER-SCHEMAS',
  'ERR-BODY-SHAPE',
];

export function exchangeAssets(actors: Pick<Actors, 'tokenizer'>): ExchangeAssets {
  const [base, quoted] = actors.tokenizer.assets;
  if (!base || !quoted) {
    throw new HarnessFault(
      `the profile lists ${actors.tokenizer.assets.length} asset(s) for the tokenizer ${actors.tokenizer.identification}: the exchange checks need two DSAs it issues (base and quoted asset)`,
    );
  }
  return {
    base: { code: base.asset_code_identification, issuer: base.asset_issuer_identification },
    quoted: { code: quoted.asset_code_identification, issuer: quoted.asset_issuer_identification },
  };
}

/** Each lists the other, whatever they listed before (each its own list, so both at once). Requirements: ALLOWLIST-LIST, RES-ALLOWLIST-SCHEMAS. */
export async function allowMutually(a: Party, b: Party): Promise<void> {
  await Promise.all([ensureListed(a, b.identification), ensureListed(b, a.identification)]);
}

/**
 * The buyer (default mmA) and the seller (default mmB) list each other; each holds allowed lines for
 * both assets on its default account, with room for what the checks move; the buyer is funded with
 * `funds.base` of the base asset and the seller with `funds.quoted` of the quoted asset. Idempotent
 * in effect: a later call re-sizes the lines and funds again. The allowlists and the four lines are set
 * up at once (none needs another), each funding once its line is allowed: a far target's round trips are
 * those of the longest of them, not of all. Requirements: MARKET_REQUIREMENTS.
 */
export async function openMarket(
  actors: Pick<Actors, 'tokenizer' | 'mmA' | 'mmB' | 'control'>,
  funds: MarketFunds,
  parties: { buyer: Party; seller: Party } = { buyer: actors.mmA, seller: actors.mmB },
): Promise<Market> {
  const { control } = actors;
  const market: Market = {
    ...parties,
    ...exchangeAssets(actors),
    buyerAccount: defaultAccount(parties.buyer),
    sellerAccount: defaultAccount(parties.seller),
    now: control ? () => control.clock() : () => Promise.resolve(Date.now()),
  };
  // Each line gets room for what is funded into it or may be paid into it, and a ceiling above zero.
  const room = (amount: bigint) => amount + wholeUnits(1);
  // The line, then (when `amount` is above zero) the funding into it.
  const fundedLine = async (party: Party, account: string, amount: bigint, asset: AssetId) => {
    await openDsaLine(actors, party, account, room(amount), asset);
    if (amount > 0n) await fund(actors, party, account, amount, asset);
  };
  await Promise.all([
    allowMutually(market.buyer, market.seller),
    fundedLine(market.buyer, market.buyerAccount, funds.base, market.base),
    openDsaLine(actors, market.buyer, market.buyerAccount, room(funds.quoted), market.quoted),
    openDsaLine(actors, market.seller, market.sellerAccount, room(funds.base), market.base),
    fundedLine(market.seller, market.sellerAccount, funds.quoted, market.quoted),
  ]);
  return market;
}

/** The four balances an exchange moves, in units. */
export interface Holdings {
  buyerBase: bigint;
  buyerQuoted: bigint;
  sellerBase: bigint;
  sellerQuoted: bigint;
}

/** Reads the four holdings. Requirements: BAL-READ, RES-LEDGER-SCHEMAS. */
export async function holdingsOf(market: Market): Promise<Holdings> {
  const read = async (party: Party, account: string, asset: AssetId) => {
    const balance = await balanceOf(party, account, asset);
    if (balance === undefined)
      throw new CheckFailure(
        'BAL-READ',
        `${party.identification}/${account} has no readable ${asset.code} balance although its credit line was allowed`,
      );
    return balance;
  };
  const [buyerBase, buyerQuoted, sellerBase, sellerQuoted] = await Promise.all([
    read(market.buyer, market.buyerAccount, market.base),
    read(market.buyer, market.buyerAccount, market.quoted),
    read(market.seller, market.sellerAccount, market.base),
    read(market.seller, market.sellerAccount, market.quoted),
  ]);
  return { buyerBase, buyerQuoted, sellerBase, sellerQuoted };
}

/** The holdings after exchanges moving `base` and `quoted` units in total (zero: nothing moved). */
export function afterLegs(before: Holdings, base: bigint, quoted: bigint): Holdings {
  return {
    buyerBase: before.buyerBase - base,
    buyerQuoted: before.buyerQuoted + quoted,
    sellerBase: before.sellerBase + base,
    sellerQuoted: before.sellerQuoted - quoted,
  };
}

/** Fails under `requirement` unless the four holdings are exactly `expected`; `when` says after what. */
export async function expectHoldings(
  market: Market,
  expected: Holdings,
  requirement: string,
  when: string,
): Promise<void> {
  const actual = await holdingsOf(market);
  const labels: Record<keyof Holdings, string> = {
    buyerBase: `${market.buyer.identification}/${market.buyerAccount} ${market.base.code}`,
    buyerQuoted: `${market.buyer.identification}/${market.buyerAccount} ${market.quoted.code}`,
    sellerBase: `${market.seller.identification}/${market.sellerAccount} ${market.base.code}`,
    sellerQuoted: `${market.seller.identification}/${market.sellerAccount} ${market.quoted.code}`,
  };
  const wrong = (Object.keys(labels) as Array<keyof Holdings>).filter((key) => actual[key] !== expected[key]);
  if (wrong.length === 0) return;
  const details = wrong.map(
    (key) => `${labels[key]} holds ${formatUnits(actual[key])}, expected ${formatUnits(expected[key])}`,
  );
  throw new CheckFailure(requirement, `${when}: ${details.join('; ')}`);
}
