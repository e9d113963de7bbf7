/**
 * The model of the ledger that the invariant property holds a target to: per holding, the expected
 * balance and what is known of its credit line, plus what was funded and redeemed in this run, and the
 * run's quotations, payments and redemptions. Balances are relative to what the target showed at the
 * start of the run, so a target with existing state can be tested. Verdicts say whether an operation
 * is permitted by the rules of semantics §3-§5, and which requirement of the catalogue a target breaks
 * by deciding otherwise. Pure: no HTTP, no clock.
 */
import type { FundingInfo, FundingSignatures } from '../flows/funding.ts';
import type { PaymentRecord, QuotationRecord, RedemptionRecord } from './records.ts';
import { formatUnits, wholeUnits } from '../runtime/money.ts';
import {
  allowlistEntry,
  assetKey,
  type Holding,
  type MakerRole,
  type ParticipantRole,
  type Universe,
} from './universe.ts';

/**
 * `unknown`: a line the balance read says existed before the run and whose state the run has not set
 * (DSO lines only).
 */
export type LineState = 'none' | 'request' | 'allow' | 'revoke' | 'unknown';

export interface LineModel {
  state: LineState;
  /** The ceiling in units; null while unknown. */
  ceiling: bigint | null;
}

export interface Verdict {
  permitted: boolean;
  /** Why it is forbidden (or "permitted"), for messages. */
  reason: string;
  /**
   * The requirement a target breaks by deciding otherwise: accepting what is forbidden, or refusing
   * what is permitted. Its level in the catalogue says whether that fails the check or warns.
   */
  requirement: string;
}

/** A change of one balance, as an accepted operation makes it. */
export interface Move {
  holding: string;
  delta: bigint;
  /**
   * Value that comes into being (a funding, a DSO paid out of its issuer's `emission`: positive delta)
   * or goes out of it (a redemption's burn, a DSO paid back to its issuer: negative delta), counted in
   * the conservation of its asset.
   */
  supply: boolean;
}

/**
 * Value leaving `from` for `to`. The asset's issuer's `emission` account holds none of it (semantics
 * §4): with no `to`, the value goes there and is burned; with no `from`, it comes from there and is
 * minted (a payment in the payer's own DSO).
 */
export interface Transfer {
  from?: string;
  to?: string;
  units: bigint;
}

/** An instruction the target accepted and that is signed, whether or not it has been sent. */
export interface FundingRecord {
  holding: string;
  units: bigint;
  body: FundingInfo;
  signatures: FundingSignatures;
  /** The transaction the first accepted send answered with, when it said. */
  transactionId?: string;
}

export interface ConsolidationLeg {
  from: string;
  to: string;
  units: bigint;
  /** A DSO entry: the whole consolidation must be refused (spec: 403). */
  dso: boolean;
}

export interface InitialLedger {
  balances: ReadonlyMap<string, bigint>;
  lines: ReadonlyMap<string, LineModel>;
  /** `mmA>mmB`: mmA's allowlist holds mmB (`tokenizer>mmA`, `mmA>tokenizer` likewise). */
  allowlist: Iterable<string>;
  /** Makers whose DSO is issued. */
  issued: Iterable<MakerRole>;
}

export class LedgerModel {
  private readonly balances: Map<string, bigint>;
  private readonly startBalances: ReadonlyMap<string, bigint>;
  private readonly lines: Map<string, LineModel>;
  private readonly supplyChanges = new Map<string, bigint>();
  private readonly allowlist: Set<string>;
  private readonly issued: Set<MakerRole>;
  /** Accepted instructions not yet applied by a send. */
  readonly pending: FundingRecord[] = [];
  /** Fundings that applied: their end-to-end identifications are spent. */
  readonly sent: FundingRecord[] = [];
  /** The quotations the run's requests opened for the other maker. */
  readonly quotations: QuotationRecord[] = [];
  /** The payments (pacs.008) and redemptions (pacs.009) the target accepted in this run. */
  readonly payments: PaymentRecord[] = [];
  readonly redemptions: RedemptionRecord[] = [];

  constructor(
    readonly universe: Universe,
    initial: InitialLedger,
  ) {
    this.balances = new Map(universe.holdings.map((holding) => [holding.key, initial.balances.get(holding.key) ?? 0n]));
    this.startBalances = new Map(this.balances);
    this.lines = new Map(
      universe.holdings.map((holding) => [
        holding.key,
        { ...(initial.lines.get(holding.key) ?? { state: 'none', ceiling: null }) },
      ]),
    );
    this.allowlist = new Set(initial.allowlist);
    this.issued = new Set(initial.issued);
  }

  // ---- what the model knows ------------------------------------------------------------------------

  holding(key: string): Holding {
    const found = this.universe.holdings.find((holding) => holding.key === key);
    if (!found) throw new Error(`no holding ${key} in the universe`);
    return found;
  }

  balance(key: string): bigint {
    return this.balances.get(key) ?? 0n;
  }

  startBalance(key: string): bigint {
    return this.startBalances.get(key) ?? 0n;
  }

  line(key: string): Readonly<LineModel> {
    return this.lines.get(key) ?? { state: 'none', ceiling: null };
  }

  /** Value funded (minted) minus value redeemed (burned) in this run, per asset key. */
  supplyChange(asset: string): bigint {
    return this.supplyChanges.get(asset) ?? 0n;
  }

  allows(from: ParticipantRole, to: ParticipantRole): boolean {
    return this.allowlist.has(allowlistEntry(from, to));
  }

  /** Each lists the other: what quotations, exchanges and payment messages need (semantics §6). */
  mutual(a: ParticipantRole, b: ParticipantRole): boolean {
    return this.allows(a, b) && this.allows(b, a);
  }

  isIssued(role: MakerRole): boolean {
    return this.issued.has(role);
  }

  /** Whether the holding's asset exists: the DSA always, a DSO once issued. */
  assetExists(key: string): boolean {
    const { asset } = this.holding(key);
    return asset.issuerRole === 'tokenizer' || this.isIssued(asset.issuerRole);
  }

  // ---- verdicts (semantics §3-§5) ------------------------------------------------------------------

  /** A mint into the holding: its line must be allowed, with headroom for the amount. */
  fundingVerdict(key: string, units: bigint): Verdict {
    return this.receiveVerdict(key, this.balance(key), units) ?? permitted('FUND-INSTRUCTION');
  }

  /**
   * A consolidation: any DSO entry refuses the whole of it; otherwise the legs apply in order, each
   * seeing the earlier ones, and the first that breaks a rule refuses all.
   */
  consolidationVerdict(legs: readonly ConsolidationLeg[]): { verdict: Verdict; moves: Move[] } {
    if (legs.some((leg) => leg.dso))
      return { verdict: forbidden('a DSO cannot be consolidated', 'CONS-DSO-FORBIDDEN'), moves: [] };
    return this.transfersVerdict(legs, { part: 'entry', shortfall: 'CONS-ATOMIC', permittedAs: 'CONS-MOVE' });
  }

  /**
   * One ledger transaction of `transfers`, all or none (semantics §4): each applies in order and sees
   * the earlier ones; a sender needs an allowed line and the balance (`shortfall` names the rule a
   * target breaks by accepting without it), a receiver an allowed line with headroom; a transfer with
   * no receiver burns, one with no sender mints. `part` names the transfers in reasons ("entry 2: ...")
   * when there are several.
   */
  transfersVerdict(
    transfers: readonly Transfer[],
    rules: { part: string; shortfall: string; permittedAs: string },
  ): { verdict: Verdict; moves: Move[] } {
    const refused = (verdict: Verdict, where: string) => ({
      verdict: { ...verdict, reason: where + verdict.reason },
      moves: [],
    });
    const staged = new Map<string, bigint>();
    const current = (key: string) => staged.get(key) ?? this.balance(key);
    const moves: Move[] = [];
    for (const [index, { from, to, units }] of transfers.entries()) {
      const where = transfers.length > 1 ? `${rules.part} ${index + 1}: ` : '';
      if (from !== undefined) {
        const sending = lineVerdict(this.holding(from).label, this.line(from).state);
        if (sending) return refused(sending, where);
        if (current(from) < units)
          return refused(
            forbidden(
              `${this.holding(from).label} holds ${formatUnits(current(from))}, less than ${formatUnits(units)}`,
              rules.shortfall,
            ),
            where,
          );
        staged.set(from, current(from) - units);
        moves.push({ holding: from, delta: -units, supply: to === undefined });
      }
      if (to !== undefined) {
        const receiving = this.receiveVerdict(to, current(to), units);
        if (receiving) return refused(receiving, where);
        staged.set(to, current(to) + units);
        moves.push({ holding: to, delta: units, supply: from === undefined });
      }
    }
    return { verdict: permitted(rules.permittedAs), moves };
  }

  /**
   * The holder's request: the asset must exist, the ceiling be positive and not below the balance,
   * and a DSO holder must have put the issuer on its allowlist. A repeated request re-sizes the line.
   */
  requestVerdict(key: string, ceilingWhole: number): Verdict {
    const holding = this.holding(key);
    const issuer = holding.asset.issuerRole;
    if (!this.assetExists(key))
      return forbidden(`${holding.asset.code} of ${issuer} is not issued`, 'INV-REFERENCE-DECISIONS');
    if (ceilingWhole <= 0) return forbidden(`the ceiling ${ceilingWhole} is not positive`, 'INV-REFERENCE-DECISIONS');
    if (wholeUnits(ceilingWhole) < this.balance(key)) {
      return forbidden(
        `the ceiling ${ceilingWhole} is below the balance ${formatUnits(this.balance(key))}`,
        'INV-REFERENCE-DECISIONS',
      );
    }
    if (issuer !== 'tokenizer') {
      return this.allows(holding.holder, issuer)
        ? permitted('CL-DSO-ALLOWLIST')
        : forbidden(`${holding.holder} has not put ${issuer} on its allowlist`, 'CL-DSO-ALLOWLIST');
    }
    return permitted(this.line(key).state === 'none' ? 'CL-REQUEST' : 'INV-REFERENCE-DECISIONS');
  }

  /** The issuer's allow or revoke: the line must exist; allowing a DSO line needs the issuer's allowlist. */
  decisionVerdict(key: string, decision: 'allow' | 'revoke'): Verdict {
    const holding = this.holding(key);
    const issuer = holding.asset.issuerRole;
    if (this.line(key).state === 'none') {
      return forbidden(
        `${holding.label} has no credit line to ${decision}`,
        decision === 'allow' ? 'CL-ALLOW-REQUESTED' : 'INV-REFERENCE-DECISIONS',
      );
    }
    const allowlisted = issuer === 'tokenizer' || this.allows(issuer, holding.holder);
    if (decision === 'allow' && !allowlisted)
      return forbidden(`${issuer} has not put ${holding.holder} on its allowlist`, 'CL-DSO-ALLOWLIST');
    // A line only inferred from a balance read may not exist: refusing to decide on it only warns.
    if (this.line(key).state === 'unknown') return permitted('INV-REFERENCE-DECISIONS');
    if (decision === 'revoke') return permitted('CL-REVOKED-BLOCKS');
    // Allowing a revoked line again is the reference's (spec line 378 shows no transitions).
    if (this.line(key).state === 'revoke') return permitted('CL-REVOKED-REALLOW');
    return permitted(issuer === 'tokenizer' ? 'CL-REQUEST' : 'CL-DSO-ALLOWLIST');
  }

  // ---- changes (made once the target has answered) --------------------------------------------------

  applyMoves(moves: readonly Move[]): void {
    for (const move of moves) {
      this.balances.set(move.holding, this.balance(move.holding) + move.delta);
      if (move.supply) {
        const asset = assetKey(this.holding(move.holding).asset);
        this.supplyChanges.set(asset, this.supplyChange(asset) + move.delta);
      }
    }
  }

  /** A request opens a line (state `request`) or changes the ceiling of an existing one, never its state. */
  requestApplied(key: string, ceilingWhole: number): void {
    const line = this.mutableLine(key);
    if (line.state === 'none') line.state = 'request';
    line.ceiling = wholeUnits(ceilingWhole);
  }

  decisionApplied(key: string, decision: 'allow' | 'revoke'): void {
    this.mutableLine(key).state = decision;
  }

  allowlistApplied(from: ParticipantRole, to: ParticipantRole, present: boolean): void {
    if (present) this.allowlist.add(allowlistEntry(from, to));
    else this.allowlist.delete(allowlistEntry(from, to));
  }

  issuedApplied(role: MakerRole): void {
    this.issued.add(role);
  }

  /** Why the holding cannot receive the amount on top of `balance`; undefined when it can. */
  private receiveVerdict(key: string, balance: bigint, units: bigint): Verdict | undefined {
    const { label } = this.holding(key);
    const line = this.line(key);
    const unusable = lineVerdict(label, line.state);
    if (unusable) return unusable;
    if (line.ceiling === null || balance + units > line.ceiling) {
      const ceiling = line.ceiling === null ? 'unknown' : formatUnits(line.ceiling);
      return forbidden(
        `${label} would hold ${formatUnits(balance + units)}, above its ceiling ${ceiling}`,
        'CL-CEILING',
      );
    }
    return undefined;
  }

  private mutableLine(key: string): LineModel {
    const line = this.lines.get(key);
    if (!line) throw new Error(`no holding ${key} in the universe`);
    return line;
  }
}

export function describeState(state: LineState): string {
  switch (state) {
    case 'none':
      return 'missing';
    case 'request':
      return 'requested, not allowed';
    case 'allow':
      return 'allowed';
    case 'revoke':
      return 'revoked';
    case 'unknown':
      return 'of unknown state';
  }
}

/** Why value cannot move on a line in this state (the rule each state breaks); undefined when allowed. */
function lineVerdict(label: string, state: LineState): Verdict | undefined {
  if (state === 'allow') return undefined;
  const requirement =
    state === 'request' ? 'CL-REQUEST' : state === 'revoke' ? 'CL-REVOKED-BLOCKS' : 'INV-NO-MOVE-WITHOUT-LINE';
  return forbidden(`the line of ${label} is ${describeState(state)}`, requirement);
}

export function permitted(requirement: string): Verdict {
  return { permitted: true, reason: 'permitted', requirement };
}

export function forbidden(reason: string, requirement: string): Verdict {
  return { permitted: false, reason, requirement };
}
