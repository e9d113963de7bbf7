import type { ReadingKey } from '../../protocol/readings.ts';

/**
 * The reviewed list of what the specification layer takes from a target's declared readings
 * (protocol/readings.ts, docs/readings.md): for each declarable reading, the harness modules that follow
 * it and the specification requirements judged under it. The coverage test fails when a module starts
 * or stops following a reading without this list saying so, and docs/requirements.md shows, for each
 * specification requirement, the readings it is judged under.
 *
 * And the specification requirements that cite docs/semantics.md, each with why that citation states no
 * rule of its own: a specification requirement asserts only what its spec lines state, so a citation of
 * the reference's semantics there is a reviewed exception, never a source of the rule.
 */

export interface ReadingReliance {
  /** Files (from the package root) that read this reading to decide what to send or to accept. */
  modules: readonly string[];
  /** Specification requirements whose checks follow it. */
  requirements: readonly string[];
}

export const readingsReliedOn: Readonly<Record<ReadingKey, ReadingReliance>> = {
  // The client sends every allowlist and renewal body in the declared form (the fixtures hand it the reading).
  string_bodies: {
    modules: ['suites/runtime/client.ts', 'suites/runtime/fixtures.ts'],
    requirements: [
      'ALLOWLIST-LIST',
      'ALLOWLIST-UNKNOWN-MEMBER',
      'AUTH-REFRESH',
      'AUTH-REFRESH-UNUSABLE',
      'AUTH-SESSION-24H',
    ],
  },
  // No amount sent has more fraction digits than the ledger keeps; roundings are judged at its last digit.
  amount_scale: {
    modules: [
      'suites/runtime/money.ts',
      'suites/flows/exchange.ts',
      'suites/invariants/run.ts',
      'suites/invariants/universe.ts',
      'suites/checks/exchange/dso.spec.ts',
      'suites/checks/exchange/settlement.spec.ts',
      'suites/checks/invariants/invariant-check.ts',
      'suites/checks/ledger/balances.spec.ts',
      'suites/checks/ledger/consolidation.spec.ts',
      'suites/checks/ledger/credit-lines.spec.ts',
      'suites/checks/ledger/funding.spec.ts',
    ],
    requirements: [
      'FUND-INSTRUCTION',
      'BAL-READ',
      'CONS-MOVE',
      'EXC-SETTLEMENT',
      'EXC-DSO',
      'CL-CEILING',
      'INV-EXACT-EFFECT',
      'INV-NO-MOVE-WITHOUT-LINE',
    ],
  },
  // A holder's line for another member's DSO, and where the DSO lands, on the declared account.
  dso_line_account: {
    modules: [
      'suites/flows/credit-lines.ts',
      'suites/invariants/run.ts',
      'suites/invariants/universe.ts',
      'suites/scenario/runner.ts',
      'suites/checks/exchange/dso.spec.ts',
      'suites/checks/invariants/invariant-check.ts',
      'suites/checks/ledger/credit-lines.spec.ts',
    ],
    // MSG-DELIVERY and RES-PAYMENT-SCHEMAS: payments.obligation-messages pays in a DSO held on that account.
    requirements: [
      'EXC-DSO',
      'OBL-TOTALS',
      'INV-NO-MOVE-WITHOUT-LINE',
      'INV-EXACT-EFFECT',
      'MSG-DELIVERY',
      'RES-PAYMENT-SCHEMAS',
    ],
  },
};

/** Specification requirements allowed to cite docs/semantics.md, and why the citation adds no rule the spec does not state. */
export const semanticsCitedBySpecification: Readonly<Record<string, string>> = {
  'INV-REJECTED-CHANGES-NOTHING':
    'the spec states that a refused request changes nothing (line 9); the semantics section only names the ledger operations the invariant compares',
  'INV-EXACT-EFFECT':
    'the stated amounts move exactly (the amounts of lines 118, 206, 296); the semantics section only names the ledger operations the invariant compares',
  'QUO-COMPARE-DEFAULT':
    'the requirement accepts both readings of line 218 (refused, or eq); the semantics citation names which one the reference takes',
};

/** The readings a specification requirement is judged under, in the order of protocol/readings.ts. */
export function readingsOf(requirement: string): ReadingKey[] {
  return (Object.entries(readingsReliedOn) as Array<[ReadingKey, ReadingReliance]>)
    .filter(([, reliance]) => reliance.requirements.includes(requirement))
    .map(([key]) => key);
}
