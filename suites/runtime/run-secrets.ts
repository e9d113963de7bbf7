import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HarnessFault } from './harness-fault.ts';

/**
 * Where a run keeps the files that hold credentials (a profile built from a simulator, renewed
 * tokens): a private temporary directory, never the report dir, which people publish and hand to
 * third parties. Global setup makes it and removes it at the end of the run; `DSS_RUN_SECRETS` names
 * it to the workers.
 */

export const RUN_SECRETS_VARIABLE = 'DSS_RUN_SECRETS';

/** Makes the directory (mode 700) and names it in `env`. */
export function createRunSecrets(env: Record<string, string | undefined>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dss-run-'));
  env[RUN_SECRETS_VARIABLE] = dir;
  return dir;
}

export function runSecretsDir(env: Record<string, string | undefined>): string {
  const dir = env[RUN_SECRETS_VARIABLE];
  if (!dir) throw new HarnessFault(`${RUN_SECRETS_VARIABLE} is not set: run the checks through suites/conformance.config.ts, whose global setup provides it`);
  return dir;
}

export function removeRunSecrets(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
