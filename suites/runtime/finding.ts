/**
 * The annotation that carries a finding: a cross-cutting requirement (ERR-BODY-SHAPE, a resource
 * schema) found broken on the way, recorded without stopping the check (check.ts `recordAcross`).
 * The reporters read it by this name; they must not load the fixtures, hence this small file.
 */
export const FINDING_ANNOTATION = 'finding';
