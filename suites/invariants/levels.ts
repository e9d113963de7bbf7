import { loadRequirements, type RequirementLevel } from '../requirements/catalogue.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';

let levels: ReadonlyMap<string, RequirementLevel> | undefined;

/**
 * A requirement's level in the catalogue: whether a target deciding otherwise than the model fails
 * the check (MUST) or only warns (SHOULD). Read from the catalogue, so the two never disagree.
 */
export function requirementLevel(id: string): RequirementLevel {
  levels ??= new Map(loadRequirements().map((requirement) => [requirement.id, requirement.level]));
  const level = levels.get(id);
  if (!level) throw new HarnessFault(`the invariant model names requirement ${id}, which is not in the catalogue`);
  return level;
}
