/**
 * Check ids are stable, greppable slugs (`auth.missing-token`): the same id names a check in the
 * code, in baselines (expected failures, quarantine) and in every report, across versions.
 */
export const checkIdPattern = /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/;

/** The first check of every run (checks/target.setup.ts), which every other check depends on: run whatever a filter selects. */
export const REACHABILITY_CHECK = 'target.reachable';
