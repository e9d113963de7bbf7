/**
 * The model of the ledger that the invariant property holds a target to: per holding, the expected
 * balance and what is known of its credit line, plus what was funded in this run. Balances are
 * relative to what the target showed at the start of the run, so a target with existing state can be
 * tested. Verdicts say whether an operation is permitted by the rules of semantics §3-§5, and which
 * requirement of the catalogue a target breaks by deciding otherwise. Pure: no HTTP, no clock.
 */
import type { FundingInfo, FundingSignatures } from '../flows/funding.ts';
import { formatUnits, wholeUnits } from './money.ts';
import { assetKey, type Holding, type MakerRole, type Universe } from './universe.ts';

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
  /** Value that comes into being (a funding), counted in the conservation of its asset. */
  minted: boolean;
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
  /** `mmA>mmB`: mmA's allowlist holds mmB. */
  allowlist: Iterable<string>;
  /** Makers whose DSO is issued. */
  issued: Iterable<MakerRole>;
}

export class LedgerModel {
  private readonly balances: Map<string, bigint>;
  private readonly startBalances: ReadonlyMap<string, bigint>;
  private readonly lines: Map<string, LineModel>;
  private readonly funded = new Map<string, bigint>();
  private readonly allowlist: Set<string>;
  private readonly issued: Set<MakerRole>;
  /** Accepted instructions not yet applied by a send. */
  readonly pending: FundingRecord[] = [];
  /** Fundings that applied: their end-to-end identifications are spent. */
  readonly sent: FundingRecord[] = [];

  constructor(
    readonly universe: Universe,
    initial: InitialLedger,
  ) {
    this.balances = new Map(universe.holdings.map((holding) => [holding.key, initial.balances.get(holding.key) ?? 0n]));
    this.startBalances = new Map(this.balances);
    this.lines = new Map(universe.holdings.map((holding) => [holding.key, { ...(initial.lines.get(holding.key) ?? { state: 'none', ceiling: null }) }]));
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

  /** Net value funded (minted) in this run, per asset key. */
  fundedNet(asset: string): bigint {
    return this.funded.get(asset) ?? 0n;
  }

  allows(from: MakerRole, to: MakerRole): boolean {
    return this.allowlist.has(`${from}>${to}`);
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
    const refused = (verdict: Verdict) => ({ verdict, moves: [] });
    if (legs.some((leg) => leg.dso)) return refused(forbidden('a DSO cannot be consolidated', 'CONS-DSO-FORBIDDEN'));
    const staged = new Map<string, bigint>();
    const current = (key: string) => staged.get(key) ?? this.balance(key);
    const moves: Move[] = [];
    for (const [index, leg] of legs.entries()) {
      const where = `entry ${index + 1}: `;
      const sending = lineVerdict(this.holding(leg.from).label, this.line(leg.from).state);
      if (sending) return refused({ ...sending, reason: where + sending.reason });
      if (current(leg.from) < leg.units) {
        return refused(forbidden(`${where}${this.holding(leg.from).label} holds ${formatUnits(current(leg.from))}, less than ${formatUnits(leg.units)}`, 'CONS-ATOMIC'));
      }
      const receiving = this.receiveVerdict(leg.to, current(leg.to), leg.units);
      if (receiving) return refused({ ...receiving, reason: where + receiving.reason });
      staged.set(leg.from, current(leg.from) - leg.units);
      staged.set(leg.to, current(leg.to) + leg.units);
      moves.push({ holding: leg.from, delta: -leg.units, minted: false }, { holding: leg.to, delta: leg.units, minted: false });
    }
    return { verdict: permitted('CONS-MOVE'), moves };
  }

  /**
   * The holder's request: the asset must exist, the ceiling be positive and not below the balance,
   * and a DSO holder must have put the issuer on its allowlist. A repeated request re-sizes the line.
   */
  requestVerdict(key: string, ceilingWhole: number): Verdict {
    const holding = this.holding(key);
    const issuer = holding.asset.issuerRole;
    if (!this.assetExists(key)) return forbidden(`${holding.asset.code} of ${issuer} is not issued`, 'INV-REFERENCE-DECISIONS');
    if (ceilingWhole <= 0) return forbidden(`the ceiling ${ceilingWhole} is not positive`, 'INV-REFERENCE-DECISIONS');
    if (wholeUnits(ceilingWhole) < this.balance(key)) {
      return forbidden(`the ceiling ${ceilingWhole} is below the balance ${formatUnits(this.balance(key))}`, 'INV-REFERENCE-DECISIONS');
    }
    if (issuer !== 'tokenizer') {
      return this.allows(holding.holder, issuer) ? permitted('CL-DSO-ALLOWLIST') : forbidden(`${holding.holder} has not put ${issuer} on its allowlist`, 'CL-DSO-ALLOWLIST');
    }
    return permitted(this.line(key).state === 'none' ? 'CL-REQUEST' : 'INV-REFERENCE-DECISIONS');
  }

  /** The issuer's allow or revoke: the line must exist; allowing a DSO line needs the issuer's allowlist. */
  decisionVerdict(key: string, decision: 'allow' | 'revoke'): Verdict {
    const holding = this.holding(key);
    const issuer = holding.asset.issuerRole;
    if (this.line(key).state === 'none') {
      return forbidden(`${holding.label} has no credit line to ${decision}`, decision === 'allow' ? 'CL-ALLOW-REQUESTED' : 'INV-REFERENCE-DECISIONS');
    }
    const allowlisted = issuer === 'tokenizer' || this.allows(issuer, holding.holder);
    if (decision === 'allow' && !allowlisted) return forbidden(`${issuer} has not put ${holding.holder} on its allowlist`, 'CL-DSO-ALLOWLIST');
    // A line only inferred from a balance read may not exist: refusing to decide on it only warns.
    if (this.line(key).state === 'unknown') return permitted('INV-REFERENCE-DECISIONS');
    if (decision === 'revoke') return permitted('CL-REVOKED-BLOCKS');
    return permitted(issuer === 'tokenizer' ? 'CL-REQUEST' : 'CL-DSO-ALLOWLIST');
  }

  // ---- changes (made once the target has answered) --------------------------------------------------

  applyMoves(moves: readonly Move[]): void {
    for (const move of moves) {
      this.balances.set(move.holding, this.balance(move.holding) + move.delta);
      if (move.minted) {
        const asset = assetKey(this.holding(move.holding).asset);
        this.funded.set(asset, this.fundedNet(asset) + move.delta);
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

  allowlistApplied(from: MakerRole, to: MakerRole, present: boolean): void {
    if (present) this.allowlist.add(`${from}>${to}`);
    else this.allowlist.delete(`${from}>${to}`);
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
      return forbidden(`${label} would hold ${formatUnits(balance + units)}, above its ceiling ${ceiling}`, 'CL-CEILING');
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
  const requirement = state === 'request' ? 'CL-REQUEST' : state === 'revoke' ? 'CL-REVOKED-BLOCKS' : 'INV-NO-MOVE-WITHOUT-LINE';
  return forbidden(`the line of ${label} is ${describeState(state)}`, requirement);
}

function permitted(requirement: string): Verdict {
  return { permitted: true, reason: 'permitted', requirement };
}

function forbidden(reason: string, requirement: string): Verdict {
  return { permitted: false, reason, requirement };
}
