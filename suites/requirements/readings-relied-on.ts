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
  string_bodies: { modules: [], requirements: [] },
  amount_scale: { modules: [], requirements: [] },
  dso_line_account: { modules: [], requirements: [] },
};

/** Specification requirements allowed to cite docs/semantics.md, and why the citation adds no rule the spec does not state. */
export const semanticsCitedBySpecification: Readonly<Record<string, string>> = {
  'INV-REJECTED-CHANGES-NOTHING': 'the spec states that a refused request changes nothing (line 9); the semantics section only names the ledger operations the invariant compares',
  'INV-EXACT-EFFECT': 'the stated amounts move exactly (the amounts of lines 118, 206, 296); the semantics section only names the ledger operations the invariant compares',
  'QUO-COMPARE-DEFAULT': 'the requirement accepts both readings of line 218 (refused, or eq); the semantics citation names which one the reference takes',
};

/** The readings a specification requirement is judged under, in the order of protocol/readings.ts. */
export function readingsOf(requirement: string): ReadingKey[] {
  return (Object.entries(readingsReliedOn) as Array<[ReadingKey, ReadingReliance]>).filter(([, reliance]) => reliance.requirements.includes(requirement)).map(([key]) => key);
}
