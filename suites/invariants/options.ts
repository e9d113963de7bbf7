import type { InvariantSettings } from '../runtime/run-settings.ts';
import { UserMistake } from '../runtime/user-mistake.ts';
import type { InvariantOptions } from './run.ts';

/**
 * The size of a default run, tuned so that one run of the suite performs a few hundred operations in
 * seconds against the embedded simulator; longer runs and replays come from the environment of
 * `dss test`, carried to the checks in RunSettings' `invariants`.
 */
export const DEFAULT_RUNS = 15;
export const DEFAULT_MAX_COMMANDS = 60;

/**
 * DSS_INVARIANT_RUNS (positive integer): runs of the property. DSS_INVARIANT_SEED (integer),
 * DSS_INVARIANT_PATH and DSS_INVARIANT_REPLAY_PATH: replay a reported failure (a failure prints them).
 * Read by `dss test` before the run starts: a malformed one is the user's mistake.
 */
export function invariantSettingsFromEnv(env: Record<string, string | undefined>): InvariantSettings {
  const settings: InvariantSettings = {};
  const runs = env.DSS_INVARIANT_RUNS;
  if (runs !== undefined) {
    if (!/^[1-9][0-9]{0,5}$/.test(runs))
      throw new UserMistake(`DSS_INVARIANT_RUNS must be a positive integer (at most 999999); got "${runs}"`);
    settings.runs = Number(runs);
  }
  const seed = env.DSS_INVARIANT_SEED;
  if (seed !== undefined) {
    if (!/^-?[0-9]{1,10}$/.test(seed))
      throw new UserMistake(`DSS_INVARIANT_SEED must be an integer, as a failure prints it; got "${seed}"`);
    settings.seed = Number(seed);
  }
  if (env.DSS_INVARIANT_PATH !== undefined) {
    if (seed === undefined)
      throw new UserMistake('DSS_INVARIANT_PATH replays a failure only together with its DSS_INVARIANT_SEED');
    settings.path = env.DSS_INVARIANT_PATH;
  }
  if (env.DSS_INVARIANT_REPLAY_PATH !== undefined) settings.replay_path = env.DSS_INVARIANT_REPLAY_PATH;
  return settings;
}

/** The property's options for a run's invariant settings. */
export function invariantOptions(settings: InvariantSettings, shrinkBudgetMs: number): InvariantOptions {
  return {
    numRuns: settings.runs ?? DEFAULT_RUNS,
    maxCommands: DEFAULT_MAX_COMMANDS,
    shrinkBudgetMs,
    ...(settings.seed === undefined ? {} : { seed: settings.seed }),
    ...(settings.path === undefined ? {} : { path: settings.path }),
    ...(settings.replay_path === undefined ? {} : { replayPath: settings.replay_path }),
  };
}
