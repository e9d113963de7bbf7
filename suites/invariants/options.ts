import { HarnessFault } from '../runtime/harness-fault.ts';
import type { InvariantOptions } from './run.ts';

/**
 * The size of a default run, tuned so that one run of the suite performs a few hundred operations in
 * seconds against the embedded simulator; longer runs and replays come from the environment.
 */
export const DEFAULT_RUNS = 15;
export const DEFAULT_MAX_COMMANDS = 60;

/**
 * DSS_INVARIANT_RUNS (positive integer): runs of the property. DSS_INVARIANT_SEED (integer),
 * DSS_INVARIANT_PATH and DSS_INVARIANT_REPLAY_PATH: replay a reported failure (a failure prints them).
 */
export function invariantOptionsFromEnv(env: NodeJS.ProcessEnv, shrinkBudgetMs: number): InvariantOptions {
  const options: InvariantOptions = { numRuns: DEFAULT_RUNS, maxCommands: DEFAULT_MAX_COMMANDS, shrinkBudgetMs };
  const runs = env.DSS_INVARIANT_RUNS;
  if (runs !== undefined) {
    if (!/^[1-9][0-9]{0,5}$/.test(runs)) throw new HarnessFault(`DSS_INVARIANT_RUNS must be a positive integer (at most 999999); got "${runs}"`);
    options.numRuns = Number(runs);
  }
  const seed = env.DSS_INVARIANT_SEED;
  if (seed !== undefined) {
    if (!/^-?[0-9]{1,10}$/.test(seed)) throw new HarnessFault(`DSS_INVARIANT_SEED must be an integer, as a failure prints it; got "${seed}"`);
    options.seed = Number(seed);
  }
  if (env.DSS_INVARIANT_PATH !== undefined) {
    if (seed === undefined) throw new HarnessFault('DSS_INVARIANT_PATH replays a failure only together with its DSS_INVARIANT_SEED');
    options.path = env.DSS_INVARIANT_PATH;
  }
  if (env.DSS_INVARIANT_REPLAY_PATH !== undefined) options.replayPath = env.DSS_INVARIANT_REPLAY_PATH;
  return options;
}
