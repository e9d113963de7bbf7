/**
 * What every command of the invariant property shares: the real side of a run (LedgerSystem), the
 * command's frame (act through the API, count the outcome, read every balance, have `verifyStep`
 * judge it, then update the model), and how a target's decision is compared with the model's
 * verdict. The commands themselves are in commands.ts (ledger), exchange-commands.ts,
 * payment-commands.ts, payment-follow-up-commands.ts and redemption-commands.ts.
 */
import type fc from 'fast-check';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { CallRecorder } from '../runtime/recorder.ts';
import type { ExchangeApi } from './exchange-api.ts';
import type { LedgerApi, Outcome } from './ledger-api.ts';
import type { PaymentApi } from './payment-api.ts';
import { requirementLayer, requirementLevel } from './levels.ts';
import type { LedgerModel, Move, Verdict } from './model.ts';
import { formatUnits } from '../runtime/money.ts';
import { verifyStep, type StepReport } from './verify.ts';
import { InvariantViolation } from './violation.ts';
import type { MakerRole } from './universe.ts';

export interface CommandOutcomes {
  accepted: number;
  refused: number;
}

/** Counts over every run, for the check's summary. */
export interface InvariantStats {
  operations: number;
  byCommand: Record<string, CommandOutcomes>;
}

/** The real side of one run: the API, and what the run has done so far. */
export interface LedgerSystem {
  api: LedgerApi;
  /** Quotations and exchanges between the makers. */
  exchanges: ExchangeApi;
  /** Payments between the makers, and their redemptions with the tokenizer. */
  payments: PaymentApi;
  transcript: string[];
  stats: InvariantStats;
  /** A fresh end_to_end_identification, never used before on this target. */
  newEndToEndId(): string;
  /** Where this run's calls are recorded (see RunRecording), when the runner was given a channel. */
  recorder?: CallRecorder;
  /** Steps concluded in this run, to number them in the transcript. */
  steps: number;
  /**
   * A disagreement with the model on a SHOULD, or on a MUST of the reference profile (`broken`):
   * recorded once per kind (with a count), and the run goes on with what the target did.
   */
  warn(requirement: string, kind: string, message: string, broken?: boolean): void;
}

export type Model = LedgerModel;
export type System = LedgerSystem;

export interface Act {
  step: StepReport;
  /**
   * Model changes other than balances, made once the balances are verified; `diverged` when the target
   * took the step's divergence (StepReport.divergence) and the model followed it.
   */
  afterwards?: (diverged: boolean) => void;
}

export abstract class LedgerCommand implements fc.AsyncCommand<Model, System> {
  abstract readonly name: string;

  check(_model: Readonly<Model>): boolean {
    return true;
  }

  async run(model: Model, system: System): Promise<void> {
    system.stats.operations += 1;
    try {
      const { step, afterwards } = await this.act(model, system);
      const counts = (system.stats.byCommand[this.name] ??= { accepted: 0, refused: 0 });
      counts[step.accepted ? 'accepted' : 'refused'] += 1;
      const diverged = await conclude(model, system, step);
      afterwards?.(diverged);
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      // A helper's failure happens before the step is concluded: the transcript still needs the step.
      if (!(error instanceof InvariantViolation))
        system.transcript.push(`${system.steps + 1}. ${this}: ${error.message}`);
      throw InvariantViolation.from(error, system);
    }
  }

  protected abstract act(model: Model, system: System): Promise<Act>;

  abstract toString(): string;
}

/**
 * A command about one of the run's records (payments, redemptions, ...): one of its `candidates`, by
 * `pick` modulo their count, so that the same sequence picks the same record in every run; skipped
 * while there is none.
 */
export abstract class PickingCommand<T> extends LedgerCommand {
  constructor(protected readonly pick: number) {
    super();
  }

  protected abstract candidates(model: Readonly<Model>): T[];

  override check(model: Readonly<Model>): boolean {
    return this.candidates(model).length > 0;
  }

  protected chosen(model: Readonly<Model>): T {
    const candidates = this.candidates(model);
    return candidates[this.pick % candidates.length]!; // check() made sure there is one
  }
}

/**
 * Reads every balance after a step, judges it, and records it in the transcript. True when the target
 * took the step's divergence from a decision of the reference profile, recorded as broken and followed.
 */
async function conclude(model: Model, system: System, step: StepReport): Promise<boolean> {
  const observed = new Map([...(await system.api.balances())].map(([key, balance]) => [key, balance.units]));
  const changes = model.universe.holdings
    .filter((holding) => observed.get(holding.key) !== model.balance(holding.key))
    .map(
      (holding) =>
        `${holding.label} ${formatUnits(model.balance(holding.key))} -> ${formatUnits(observed.get(holding.key) ?? 0n)}`,
    );
  system.steps += 1;
  system.transcript.push(
    `${system.steps}. ${step.description}`,
    `   ${changes.length === 0 ? 'no balance changed' : changes.join('; ')}`,
  );
  const violation = verifyStep(model, step, observed);
  const moves = violation && step.divergence ? followedOutcome(model, step, step.divergence, observed) : undefined;
  if (violation && moves) {
    const { requirement } = step.divergence!;
    system.warn(requirement, 'the other outcome', `${violation.message}: the balances are those of accepting it`, true);
    system.transcript.push(
      `   (${requirement} broken: the balances are those of the other outcome, which the model follows)`,
    );
    model.applyMoves(moves);
    return true;
  }
  if (violation) throw new InvariantViolation(violation.requirement, violation.message, system);
  if (step.accepted && step.verdict?.permitted) model.applyMoves(step.moves ?? []);
  return false;
}

/**
 * The outcome of the step's divergence from a MUST decision of the reference profile that the target
 * took exactly (the balances are those of its moves, every invariant holding for them), or undefined.
 */
function followedOutcome(
  model: Model,
  step: StepReport,
  divergence: NonNullable<StepReport['divergence']>,
  observed: ReadonlyMap<string, bigint>,
): readonly Move[] | undefined {
  if (requirementLayer(divergence.requirement) !== 'profile' || requirementLevel(divergence.requirement) !== 'MUST')
    return undefined;
  const verdict = always(divergence.requirement);
  return divergence.outcomes.find(
    (moves) =>
      verifyStep(
        model,
        { ...step, nature: 'value', accepted: true, verdict, moves, divergence: undefined },
        observed,
      ) === undefined,
  );
}

export function answer(outcome: Outcome): string {
  return `${outcome.status} ${outcome.accepted ? 'accepted' : 'refused'}`;
}

/**
 * When the target decided otherwise than the verdict: a MUST requirement of the specification fails the
 * check at once. A MUST decision of the reference profile is broken too, but the run goes on, following
 * what the target did (as it does for a SHOULD, which only warns): a profile defect must not leave the
 * specification's invariants undecided. Each is recorded once per `kind`. `what` is what was asked, with
 * its values.
 */
export function judge(system: System, kind: string, what: string, verdict: Verdict, outcome: Outcome): void {
  if (outcome.accepted === verdict.permitted) return;
  const message = `${what} was ${verdict.permitted ? 'refused although the rules permit it' : `accepted although ${verdict.reason}`} (status ${outcome.status})`;
  const must = requirementLevel(verdict.requirement) === 'MUST';
  if (must && requirementLayer(verdict.requirement) === 'specification')
    throw new CheckFailure(verdict.requirement, message);
  system.warn(verdict.requirement, `${kind} ${verdict.permitted ? 'refused' : 'accepted'}`, message, must);
}

/** Operations that cannot fail while the request is well-formed (idempotent ones). */
export function always(requirement: string): Verdict {
  return { permitted: true, reason: 'permitted', requirement };
}

/** The maker's operating account at `index` (modulo how many the universe keeps): its first or its second. */
export function accountAt(model: Readonly<Model>, role: MakerRole, index: number): string {
  const accounts = model.universe.makers[role].accounts;
  return accounts[index % accounts.length]!; // buildUniverse keeps at least the default account
}

/** How a command's description names the account at `index`, the same in every run. */
export function accountOrdinal(index: number): string {
  return index === 0 ? 'first' : 'second';
}
