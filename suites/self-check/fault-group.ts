import { readFileSync } from 'node:fs';

/**
 * A fault run tests several faults at once, each as a Playwright project of its own against its own
 * simulator (one Playwright runner for them all: starting one costs about two seconds of CPU). The
 * self-check writes the group to a file that `DSS_FAULT_GROUP` names; the run's config
 * (fault-run.config.ts) reads it in the runner and again in every worker.
 */

export const FAULT_GROUP_ENV = 'DSS_FAULT_GROUP';

export interface FaultGroupEntry {
  /** The fault, and the name of its project. */
  fault: string;
  /** The checks of this run of the fault, by id. */
  checks: string[];
  /** Their files, relative to the checks' folder with `/`. */
  files: string[];
  /** The profile of the fault's simulator: a private file, since it holds tokens. */
  profile: string;
  /** Where this fault's conformance.json goes (its `.run/target.json` is written there beforehand). */
  reportDir: string;
}

export function readFaultGroup(env: NodeJS.ProcessEnv): FaultGroupEntry[] {
  const file = env[FAULT_GROUP_ENV];
  if (!file)
    throw new Error(
      `${FAULT_GROUP_ENV} is not set: this config runs a group of the fault self-check (dss self-check), which names its group file`,
    );
  return JSON.parse(readFileSync(file, 'utf8')) as FaultGroupEntry[];
}
