/**
 * The two sums the ledger invariants rest on (semantics §4), over plain balances: replaying balance
 * changes gives the balances they leave, and per asset the holdings add up to what is outstanding of
 * it (minted less burned). The property judges the target's balances with them after every step
 * (verify.ts), the concurrency test the simulator's whole ledger after its clients are done
 * (test-support/concurrency/ledger-invariants.ts); each reads its own source into these shapes. Pure.
 */

/** A change of one holding's balance; the key is the caller's, the same for every change of one holding. */
export interface BalanceChange {
  holding: string;
  delta: bigint;
}

/** The balances `changes` leave when applied in order over `start` (empty: from nothing); `start` is not changed. */
export function replay(changes: Iterable<BalanceChange>, start: ReadonlyMap<string, bigint>): Map<string, bigint> {
  const balances = new Map(start);
  for (const { holding, delta } of changes) balances.set(holding, (balances.get(holding) ?? 0n) + delta);
  return balances;
}

/** What one holding counts towards its asset: a balance, or a balance's change over a span. */
export interface AssetAmount {
  asset: string;
  amount: bigint;
}

export interface Unconserved {
  asset: string;
  /** What the holdings of the asset add up to. */
  held: bigint;
  outstanding: bigint;
}

/**
 * The assets whose holdings do not add up to what is outstanding of them (minted less burned, over
 * the same span as the amounts), in the order first met: the holdings', then the outstanding's. An
 * asset that is only held, or only outstanding, counts as zero on the other side.
 */
export function unconservedAssets(
  holdings: Iterable<AssetAmount>,
  outstanding: ReadonlyMap<string, bigint>,
): Unconserved[] {
  const held = new Map<string, bigint>();
  for (const { asset, amount } of holdings) held.set(asset, (held.get(asset) ?? 0n) + amount);
  for (const asset of outstanding.keys()) if (!held.has(asset)) held.set(asset, 0n);
  return [...held].flatMap(([asset, total]) => {
    const expected = outstanding.get(asset) ?? 0n;
    return total === expected ? [] : [{ asset, held: total, outstanding: expected }];
  });
}
