import { loadCatalogue } from './catalogue.ts';

/**
 * Two layers, never mixed: the requirements a check may not name beside the first MUST it names (the rule
 * the check is about). A check of the reference profile names nothing of the specification; one of the
 * specification names no MUST decision of the profile but the checkers of the prerequisites it rests on
 * anyway (CL-REQUEST, SIGN-PAYLOAD...), while a SHOULD of the profile, which only warns, may stay. Otherwise
 * a target breaking only a decision of the profile would stop the check before it decided the specification.
 * An id the catalogue does not know is not judged here (the report names it as a problem).
 */
export function otherLayer(ids: readonly string[]): string[] {
  const catalogue = loadCatalogue();
  const byId = new Map(catalogue.requirements.map((requirement) => [requirement.id, requirement]));
  const checkers = new Set(catalogue.prerequisites.flatMap((prerequisite) => prerequisite.checked_by));
  // A SHOULD only warns: the check is of the layer of its first MUST.
  const known = ids.map((id) => byId.get(id)).filter((requirement) => requirement !== undefined);
  const layer = (known.find((requirement) => requirement.level === 'MUST') ?? known[0])?.layer;
  return ids.filter((id) => {
    const requirement = byId.get(id);
    if (requirement === undefined || requirement.layer === layer) return false;
    return !(layer === 'specification' && (checkers.has(id) || requirement.level === 'SHOULD'));
  });
}
