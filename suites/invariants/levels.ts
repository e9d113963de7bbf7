import { loadRequirements, type RequirementLayer, type RequirementLevel } from '../requirements/catalogue.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';

let rules: ReadonlyMap<string, { level: RequirementLevel; layer: RequirementLayer }> | undefined;

function ruleOf(id: string): { level: RequirementLevel; layer: RequirementLayer } {
  rules ??= new Map(
    loadRequirements().map((requirement) => [requirement.id, { level: requirement.level, layer: requirement.layer }]),
  );
  const rule = rules.get(id);
  if (!rule) throw new HarnessFault(`the invariant model names requirement ${id}, which is not in the catalogue`);
  return rule;
}

/**
 * A requirement's level in the catalogue: whether a target deciding otherwise than the model fails
 * the check (MUST) or only warns (SHOULD). Read from the catalogue, so the two never disagree.
 */
export function requirementLevel(id: string): RequirementLevel {
  return ruleOf(id).level;
}

/** A requirement's layer in the catalogue: the specification's, or a decision of the reference profile. */
export function requirementLayer(id: string): RequirementLayer {
  return ruleOf(id).layer;
}
