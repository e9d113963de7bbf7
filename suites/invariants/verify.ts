/**
 * The invariants, judged after every step from the balances the target shows (semantics §4): no
 * negative balance, no holding pushed above its ceiling, no movement on a line that is not allowed,
 * nothing changed by a refused operation or by a replayed funding, the operation accepted exactly
 * when the ledger rules permit it, conservation per asset (what was minted, less what was burned),
 * and exactly the expected effect. Pure.
 */
import { formatUnits } from '../runtime/money.ts';
import { replay, unconservedAssets } from './ledger-sums.ts';
import { describeState, type LedgerModel, type Move, type Verdict } from './model.ts';
import { assetKey } from './universe.ts';

export interface StepReport {
  /** What was done, with the concrete values and the target's answers. */
  description: string;
  /**
   * value: an operation that moves value when, and only when, it is accepted (a funding send, a
   * consolidation, an exchange, a redemption's acceptance, a payment's return), judged strictly
   * against its verdict;
   * outcome: an accepted message whose value effect the ledger decides afterwards, so that its
   * acceptance says nothing of it (an SVC.001 accepting a payment: the transfer may still fail);
   * no-value: an operation that moves nothing whether accepted or not; replay: a funding whose
   * end-to-end identification already funded, which must move nothing.
   */
  nature: 'value' | 'outcome' | 'no-value' | 'replay';
  /** The target accepted the operation (for a funding: the send; for an exchange: Success). */
  accepted: boolean;
  /** For value steps: what the model decided before the call, and what then moves. */
  verdict?: Verdict;
  moves?: readonly Move[];
  /** The requirement a refusal that still moved value breaks, when more precise than INV-REJECTED-CHANGES-NOTHING. */
  refusalRequirement?: string;
  /** The requirement an effect other than the expected one breaks, when more precise than INV-EXACT-EFFECT. */
  effectRequirement?: string;
  /**
   * The other outcomes a target may have chosen against a MUST decision of the reference profile
   * (`requirement`), each with what it moves: a payment settled although its RFI rejected it (into one of
   * the RFI's accounts). When the balances show exactly one of them, the decision is broken, and the model
   * follows the target instead of losing track of its state: a profile defect must not leave the
   * specification's invariants undecided.
   */
  divergence?: { requirement: string; outcomes: ReadonlyArray<readonly Move[]> };
}

export interface Violation {
  requirement: string;
  message: string;
}

/** `observed`: every holding's balance as the target shows it after the step. The model is still the one from before the step. */
export function verifyStep(
  model: LedgerModel,
  step: StepReport,
  observed: ReadonlyMap<string, bigint>,
): Violation | undefined {
  const holdings = model.universe.holdings;
  const after = (key: string) => observed.get(key) ?? 0n;
  const changed = holdings.filter((holding) => after(holding.key) !== model.balance(holding.key));
  const change = (key: string) =>
    `${model.holding(key).label} went from ${formatUnits(model.balance(key))} to ${formatUnits(after(key))}`;
  const violation = (requirement: string, message: string): Violation => ({
    requirement,
    message: `after ${step.description}: ${message}`,
  });

  const negative = holdings.find((holding) => after(holding.key) < 0n);
  if (negative)
    return violation(
      'INV-NO-NEGATIVE',
      `${model.holding(negative.key).label} shows a negative balance ${formatUnits(after(negative.key))}`,
    );

  for (const holding of changed) {
    const { ceiling } = model.line(holding.key);
    if (ceiling !== null && after(holding.key) > model.balance(holding.key) && after(holding.key) > ceiling) {
      return violation('CL-CEILING', `${change(holding.key)}, above its ceiling ${formatUnits(ceiling)}`);
    }
  }

  const withoutLine = changed.find((holding) => model.line(holding.key).state !== 'allow');
  if (withoutLine) {
    return violation(
      'INV-NO-MOVE-WITHOUT-LINE',
      `${change(withoutLine.key)} although its credit line is ${describeState(model.line(withoutLine.key).state)}`,
    );
  }

  const [first] = changed;
  if (first && !step.accepted)
    return violation(
      step.refusalRequirement ?? 'INV-REJECTED-CHANGES-NOTHING',
      `the operation was refused, yet ${change(first.key)}`,
    );
  if (first && step.nature === 'replay')
    return violation('FUND-REPLAY-ONCE', `the end-to-end identification had already funded, yet ${change(first.key)}`);

  const verdict = step.verdict;
  if (step.nature === 'value' && verdict) {
    if (step.accepted && !verdict.permitted)
      return violation(verdict.requirement, `the operation was accepted although ${verdict.reason}`);
    if (!step.accepted && verdict.permitted)
      return violation(verdict.requirement, 'the operation was refused although the ledger rules permit it');
  }

  const moves = step.accepted && verdict?.permitted ? (step.moves ?? []) : [];
  const before = new Map(holdings.map((holding) => [holding.key, model.balance(holding.key)]));
  const expectedBalances = replay(moves, before);
  const expected = (key: string) => expectedBalances.get(key) ?? 0n;

  // Conservation since the start of the run: each holding's change against the asset's supply change.
  const assetOf = new Map(holdings.map((holding) => [holding.key, assetKey(holding.asset)]));
  const outstanding = new Map([...new Set(assetOf.values())].map((asset) => [asset, model.supplyChange(asset)]));
  for (const move of moves) {
    const asset = assetOf.get(move.holding);
    if (move.supply && asset !== undefined) outstanding.set(asset, (outstanding.get(asset) ?? 0n) + move.delta);
  }
  const changes = holdings.map((holding) => ({
    asset: assetKey(holding.asset),
    amount: after(holding.key) - model.startBalance(holding.key),
  }));
  const [unconserved] = unconservedAssets(changes, outstanding);
  if (unconserved) {
    return violation(
      'INV-CONSERVATION',
      `the holdings of ${unconserved.asset.replace('|', ' issued by ')} changed by ${formatUnits(unconserved.held)} since the start of the run, but ${formatUnits(unconserved.outstanding)} was minted less burned (fundings and DSO paid by their issuer, less redemptions and DSO paid back)`,
    );
  }

  const wrong = holdings.find((holding) => after(holding.key) !== expected(holding.key));
  if (wrong) {
    return violation(
      step.effectRequirement ?? 'INV-EXACT-EFFECT',
      `${model.holding(wrong.key).label} shows ${formatUnits(after(wrong.key))}, expected ${formatUnits(expected(wrong.key))} (was ${formatUnits(model.balance(wrong.key))})`,
    );
  }
  return undefined;
}
