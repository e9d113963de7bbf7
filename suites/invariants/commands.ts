/**
 * The ledger operations of the invariant property as fast-check commands: credit line requests,
 * allows and revokes, allowlist changes, DSO issuance, fundings (at once, or instructed now and sent
 * later), replays of spent end-to-end identifications, and consolidations. Every command acts through
 * the API, then reads every balance of the universe and has `verifyStep` judge it against the model
 * (command-base.ts). A command's `toString` is the same in every run (amounts relative to balances say
 * so), because fast-check prints it for the shrunk sequence; the transcript has the concrete values.
 */
import fc from 'fast-check';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { ConsolidationEntry } from '../flows/consolidation.ts';
import { always, answer, judge, LedgerCommand, type Act, type Model, type System } from './command-base.ts';
import type { ConsolidationLeg, FundingRecord, Move, Verdict } from './model.ts';
import {
  ceilToWhole,
  formatUnits,
  lastDigit,
  lastDigitUnits,
  referenceUnits,
  unitsToJsonNumber,
  wholeUnits,
} from '../runtime/money.ts';
import {
  dsaHolding,
  dsaHoldings,
  dsoHolding,
  makerRoles,
  otherMaker,
  type Holding,
  type MakerRole,
  type Universe,
} from './universe.ts';

// ---- credit lines, allowlist, DSO issuance: they move nothing ----------------------------------------

class RequestCreditLine extends LedgerCommand {
  readonly name = 'RequestCreditLine';

  constructor(
    private readonly holding: Holding,
    /** Whole units above the balance (rounded up); negative: below it. */
    private readonly headroom: number,
  ) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const ceiling = ceilToWhole(model.balance(this.holding.key)) + this.headroom;
    const verdict = model.requestVerdict(this.holding.key, ceiling);
    const outcome = await system.api.requestLine(this.holding, ceiling);
    const what = `${this.holding.holder}'s request of ${this.holding.label} with ceiling ${ceiling}`;
    judge(system, 'a credit line request', what, verdict, outcome);
    return {
      step: { description: `${what}: ${answer(outcome)}`, nature: 'no-value', accepted: outcome.accepted },
      afterwards: () => {
        if (outcome.accepted) model.requestApplied(this.holding.key, ceiling);
      },
    };
  }

  toString(): string {
    return `RequestCreditLine(${this.holding.label}, ceiling = balance rounded up ${this.headroom < 0 ? '-' : '+'} ${Math.abs(this.headroom)})`;
  }
}

class DecideCreditLine extends LedgerCommand {
  readonly name = 'DecideCreditLine';

  constructor(
    private readonly holding: Holding,
    private readonly decision: 'allow' | 'revoke',
  ) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const verdict = model.decisionVerdict(this.holding.key, this.decision);
    const outcome = await system.api.decideLine(this.holding, this.decision);
    const what = `${this.holding.asset.issuerRole}'s ${this.decision} of ${this.holding.label}`;
    judge(system, `an issuer's ${this.decision}`, what, verdict, outcome);
    return {
      step: { description: `${what}: ${answer(outcome)}`, nature: 'no-value', accepted: outcome.accepted },
      afterwards: () => {
        if (outcome.accepted) model.decisionApplied(this.holding.key, this.decision);
      },
    };
  }

  toString(): string {
    return `DecideCreditLine(${this.holding.label}, ${this.decision})`;
  }
}

class ChangeAllowlist extends LedgerCommand {
  readonly name = 'ChangeAllowlist';

  constructor(
    private readonly role: MakerRole,
    private readonly present: boolean,
  ) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const other = otherMaker(this.role);
    const outcome = await system.api.changeAllowlist(this.role, other, this.present);
    const what = `${this.role} ${this.present ? 'adding' : 'removing'} ${other} ${this.present ? 'to' : 'from'} its allowlist`;
    judge(system, 'an allowlist change', what, always('ALLOWLIST-IDEMPOTENT'), outcome);
    return {
      step: { description: `${what}: ${answer(outcome)}`, nature: 'no-value', accepted: outcome.accepted },
      afterwards: () => {
        if (outcome.accepted) model.allowlistApplied(this.role, other, this.present);
      },
    };
  }

  toString(): string {
    return `ChangeAllowlist(${this.role} ${this.present ? 'adds' : 'removes'} ${otherMaker(this.role)})`;
  }
}

class IssueDso extends LedgerCommand {
  readonly name = 'IssueDso';

  constructor(private readonly role: MakerRole) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const outcome = await system.api.issueDso(this.role);
    const what = `${this.role} issuing ${model.universe.dso[this.role].code}`;
    judge(
      system,
      'a DSO issuance',
      what,
      always(model.isIssued(this.role) ? 'INS-DSO-IDEMPOTENT' : 'INS-DSO-ISSUE'),
      outcome,
    );
    return {
      step: { description: `${what}: ${answer(outcome)}`, nature: 'no-value', accepted: outcome.accepted },
      afterwards: () => {
        if (outcome.accepted) model.issuedApplied(this.role);
      },
    };
  }

  toString(): string {
    return `IssueDso(${this.role})`;
  }
}

// ---- fundings ---------------------------------------------------------------------------------------

function mint(record: { holding: string; units: bigint }): Move[] {
  return [{ holding: record.holding, delta: record.units, supply: true }];
}

/** A new instruction, judged by the same verdict as its send, and when accepted its two signatures. */
async function instructAndSign(
  model: Model,
  system: System,
  holding: Holding,
  units: bigint,
): Promise<{ record?: FundingRecord; verdict: Verdict; log: string }> {
  const body = system.api.fundingInfo(holding, units, system.newEndToEndId());
  const verdict = model.fundingVerdict(holding.key, units);
  const instruction = await system.api.instruct(body);
  const what = `the funding of ${holding.label} with ${formatUnits(units)} (e2e ${body.end_to_end_identification})`;
  judge(system, 'a funding instruction', `the instruction for ${what}`, verdict, instruction);
  const log = `${what}: instruction ${answer(instruction)}`;
  if (instruction.unsignedTransaction === undefined) return { verdict, log };
  const signatures = await system.api.signFunding(body, instruction.unsignedTransaction);
  return { record: { holding: holding.key, units, body, signatures }, verdict, log };
}

class Fund extends LedgerCommand {
  readonly name = 'Fund';

  constructor(
    private readonly holding: Holding,
    private readonly units: bigint,
  ) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const { record, verdict, log } = await instructAndSign(model, system, this.holding, this.units);
    if (!record) return { step: { description: log, nature: 'value', accepted: false, verdict, moves: [] } };
    const sent = await system.api.send(record.body, record.signatures);
    return {
      step: {
        description: `${log}, send ${answer(sent)}`,
        nature: 'value',
        accepted: sent.accepted,
        verdict,
        moves: mint(record),
      },
      afterwards: () => {
        if (sent.accepted) model.sent.push({ ...record, transactionId: sent.transactionId });
        else model.pending.push(record);
      },
    };
  }

  toString(): string {
    return `Fund(${this.holding.label}, ${formatUnits(this.units)})`;
  }
}

class InstructFunding extends LedgerCommand {
  readonly name = 'InstructFunding';

  constructor(
    private readonly holding: Holding,
    private readonly units: bigint,
  ) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const { record, log } = await instructAndSign(model, system, this.holding, this.units);
    return {
      step: {
        description: record ? `${log}, kept for a later send` : log,
        nature: 'no-value',
        accepted: record !== undefined,
      },
      afterwards: () => {
        if (record) model.pending.push(record);
      },
    };
  }

  toString(): string {
    return `InstructFunding(${this.holding.label}, ${formatUnits(this.units)})`;
  }
}

class SendInstructed extends LedgerCommand {
  readonly name = 'SendInstructed';

  constructor(private readonly pick: number) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return model.pending.length > 0;
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const index = this.pick % model.pending.length;
    const record = model.pending[index]!;
    const verdict = model.fundingVerdict(record.holding, record.units);
    const sent = await system.api.send(record.body, record.signatures);
    const label = model.holding(record.holding).label;
    return {
      step: {
        description: `the send of the instructed funding of ${label} with ${formatUnits(record.units)} (e2e ${record.body.end_to_end_identification}): ${answer(sent)}`,
        nature: 'value',
        accepted: sent.accepted,
        verdict,
        moves: mint(record),
      },
      afterwards: () => {
        if (!sent.accepted) return;
        model.pending.splice(index, 1);
        model.sent.push({ ...record, transactionId: sent.transactionId });
      },
    };
  }

  toString(): string {
    return `SendInstructed(pending[${this.pick} mod count])`;
  }
}

/** The same send again: the reference answers the first result; no target may mint again. */
class ResendFunding extends LedgerCommand {
  readonly name = 'ResendFunding';

  constructor(private readonly pick: number) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return model.sent.length > 0;
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const record = model.sent[this.pick % model.sent.length]!;
    const sent = await system.api.send(record.body, record.signatures);
    const what = `sending again the funding with e2e ${record.body.end_to_end_identification}`;
    judge(system, 'a repeated send', what, always('FUND-REPLAY-SAME-RESULT'), sent);
    if (sent.accepted && record.transactionId !== undefined && sent.transactionId !== record.transactionId) {
      system.warn(
        'FUND-REPLAY-SAME-RESULT',
        'a repeated send answering another transaction',
        `${what} answered transaction ${String(sent.transactionId)}, not the first result's ${record.transactionId}`,
      );
    }
    return { step: { description: `${what}: ${answer(sent)}`, nature: 'replay', accepted: sent.accepted } };
  }

  toString(): string {
    return `ResendFunding(sent[${this.pick} mod count])`;
  }
}

/** Another amount under an end-to-end identification that already funded: the instruction must be refused. */
class ReuseFundingId extends LedgerCommand {
  readonly name = 'ReuseFundingId';

  constructor(
    private readonly pick: number,
    private readonly units: bigint,
  ) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return model.sent.length > 0;
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const spent = model.sent[this.pick % model.sent.length]!;
    const units = this.units === spent.units ? this.units + lastDigit(model.universe.amountScale) : this.units;
    const body = { ...spent.body, funding_amount: unitsToJsonNumber(units) };
    const instruction = await system.api.instruct(body);
    const what = `an instruction for ${formatUnits(units)} under the spent e2e ${body.end_to_end_identification}`;
    const verdict: Verdict = {
      permitted: false,
      reason: 'that end_to_end_identification already funded another amount',
      requirement: 'FUND-E2E-UNIQUE',
    };
    judge(system, 'an instruction reusing a spent e2e', what, verdict, instruction);
    return {
      step: { description: `${what}: ${answer(instruction)}`, nature: 'replay', accepted: instruction.accepted },
    };
  }

  toString(): string {
    return `ReuseFundingId(sent[${this.pick} mod count], ${formatUnits(this.units)})`;
  }
}

// ---- consolidation ----------------------------------------------------------------------------------

export type AmountSpec = { kind: 'fixed'; units: bigint } | { kind: 'source-balance'; extra: bigint };

export interface EntrySpec {
  dso: boolean;
  amount: AmountSpec;
}

class Consolidate extends LedgerCommand {
  readonly name = 'Consolidate';

  constructor(
    private readonly role: MakerRole,
    /** Into the maker's second operating account (from its first), or the reverse. */
    private readonly intoSecond: boolean,
    private readonly entries: readonly EntrySpec[],
  ) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return model.universe.makers[this.role].accounts.length >= 2;
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const { universe } = model;
    const [first, second] = universe.makers[this.role].accounts as [string, string];
    const [source, target] = this.intoSecond ? [first, second] : [second, first];
    // Both accounts are in the universe (check() made sure the maker has two).
    const from = dsaHolding(universe, this.role, source)!;
    const to = dsaHolding(universe, this.role, target)!;
    const dso = dsoHolding(universe, this.role).asset;

    const legs: ConsolidationLeg[] = [];
    const inputs: ConsolidationEntry[] = [];
    let staged = model.balance(from.key);
    for (const entry of this.entries) {
      // "The whole balance" is the balance left by the earlier entries; a zero amount is no amount.
      const wanted = entry.amount.kind === 'fixed' ? entry.amount.units : staged + entry.amount.extra;
      const units = wanted > 0n ? wanted : lastDigit(universe.amountScale);
      if (!entry.dso) staged -= units;
      legs.push({ from: from.key, to: to.key, units, dso: entry.dso });
      inputs.push({ asset: entry.dso ? dso : universe.dsa, amount: units, source });
    }
    const { verdict, moves } = model.consolidationVerdict(legs);
    const outcome = await system.api.consolidate(this.role, target, inputs);
    if (legs.some((leg) => leg.dso) && !outcome.accepted && outcome.status !== 403) {
      throw new CheckFailure(
        'CONS-DSO-FORBIDDEN',
        `${this.role}'s consolidation ${source} -> ${target} naming ${dso.code} answered ${outcome.status}, expected 403`,
      );
    }
    const listed = legs.map((leg) => `${leg.dso ? dso.code : universe.dsa.code} ${formatUnits(leg.units)}`).join(', ');
    const description = `${this.role} consolidates ${source} -> ${target}: ${listed}: ${answer(outcome)}`;
    // Several entries are one transaction: a refusal that moved some of them is a broken atomicity.
    const refusalRequirement = legs.length > 1 ? 'CONS-ATOMIC' : undefined;
    return { step: { description, nature: 'value', accepted: outcome.accepted, verdict, moves, refusalRequirement } };
  }

  toString(): string {
    const entries = this.entries.map((entry) => {
      const amount =
        entry.amount.kind === 'fixed'
          ? formatUnits(entry.amount.units)
          : `whole balance + ${formatUnits(entry.amount.extra)}`;
      return `${entry.dso ? 'DSO' : 'DSA'} ${amount}`;
    });
    return `Consolidate(${this.role}, ${this.intoSecond ? 'first -> second' : 'second -> first'}, [${entries.join(', ')}])`;
  }
}

// ---- generation -------------------------------------------------------------------------------------

/** Amounts with at most the target's `scale` fraction digits: whole ones, any, and tiny ones that test the last digit. */
function amountUnits(scale: number): fc.Arbitrary<bigint> {
  return fc.oneof(
    fc.integer({ min: 1, max: 60 }).map(wholeUnits),
    fc.bigInt({ min: 1n, max: 600_000_000n }).map((count) => referenceUnits(count, scale)),
    fc.bigInt({ min: 1n, max: 10_000n }).map((count) => lastDigitUnits(count, scale)),
  );
}

function amountSpec(scale: number): fc.Arbitrary<AmountSpec> {
  return fc.oneof(
    { weight: 3, arbitrary: amountUnits(scale).map((units) => ({ kind: 'fixed' as const, units })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(0n, lastDigit(scale), referenceUnits(5_000_000n, scale))
        .map((extra) => ({ kind: 'source-balance' as const, extra })),
    },
  );
}

/** One entry in seven names a DSO, which must make the whole consolidation a 403. */
function entrySpec(scale: number): fc.Arbitrary<EntrySpec> {
  return fc.record({
    dso: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 6, arbitrary: fc.constant(false) }),
    amount: amountSpec(scale),
  });
}

/** A command with its weight in the mix: fc.oneof's shape. */
export type WeightedCommand = fc.WeightedArbitrary<LedgerCommand>;

/** Picks one of the model's records (pending fundings, quotations, ...) by index modulo their count. */
export const pick = fc.nat({ max: 15 });

export type LedgerCommandName =
  | 'RequestCreditLine'
  | 'DecideCreditLine'
  | 'ChangeAllowlist'
  | 'IssueDso'
  | 'Fund'
  | 'InstructFunding'
  | 'SendInstructed'
  | 'ResendFunding'
  | 'ReuseFundingId'
  | 'Consolidate';

/** The ledger check's mix, weighted towards what moves value. */
export const LEDGER_WEIGHTS: Readonly<Record<LedgerCommandName, number>> = {
  RequestCreditLine: 12,
  DecideCreditLine: 16,
  ChangeAllowlist: 6,
  IssueDso: 3,
  Fund: 20,
  InstructFunding: 6,
  SendInstructed: 6,
  ResendFunding: 5,
  ReuseFundingId: 3,
  Consolidate: 18,
};

/** The ledger commands with the given weights; a command of weight 0 is left out. */
export function ledgerCommands(
  universe: Universe,
  weights: Readonly<Record<LedgerCommandName, number>> = LEDGER_WEIGHTS,
): WeightedCommand[] {
  const maker = fc.constantFrom(...makerRoles);
  const anyHolding = fc.constantFrom(...universe.holdings);
  const dsaHolding = fc.constantFrom(...dsaHoldings(universe));
  const amount = amountUnits(universe.amountScale);
  const arbitraries: Record<LedgerCommandName, fc.Arbitrary<LedgerCommand>> = {
    RequestCreditLine: fc
      .tuple(anyHolding, fc.integer({ min: -2, max: 120 }))
      .map(([holding, headroom]) => new RequestCreditLine(holding, headroom)),
    DecideCreditLine: fc
      .tuple(anyHolding, fc.constantFrom<'allow' | 'revoke'>('allow', 'allow', 'revoke'))
      .map(([holding, decision]) => new DecideCreditLine(holding, decision)),
    ChangeAllowlist: fc.tuple(maker, fc.boolean()).map(([role, present]) => new ChangeAllowlist(role, present)),
    IssueDso: maker.map((role) => new IssueDso(role)),
    Fund: fc.tuple(dsaHolding, amount).map(([holding, units]) => new Fund(holding, units)),
    InstructFunding: fc.tuple(dsaHolding, amount).map(([holding, units]) => new InstructFunding(holding, units)),
    SendInstructed: pick.map((index) => new SendInstructed(index)),
    ResendFunding: pick.map((index) => new ResendFunding(index)),
    ReuseFundingId: fc.tuple(pick, amount).map(([index, units]) => new ReuseFundingId(index, units)),
    Consolidate: fc
      .tuple(maker, fc.boolean(), fc.array(entrySpec(universe.amountScale), { minLength: 1, maxLength: 3 }))
      .map(([role, into, entries]) => new Consolidate(role, into, entries)),
  };
  return (Object.keys(arbitraries) as LedgerCommandName[])
    .filter((name) => weights[name] > 0)
    .map((name) => ({ weight: weights[name], arbitrary: arbitraries[name] }));
}
