import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HarnessFault } from './harness-fault.ts';
import type { RunSettings } from './run-settings.ts';

/**
 * Where a run keeps the files that hold credentials (a profile built from a simulator, renewed
 * tokens): a private temporary directory, never the report dir, which people publish and hand to
 * third parties. Global setup makes it, names it to the workers in RunSettings' `run_secrets`, and
 * removes it at the end of the run.
 */

/** Makes the directory (mode 700). */
export function createRunSecrets(): string {
  return mkdtempSync(join(tmpdir(), 'dss-run-'));
}

export function runSecretsDir(settings: Pick<RunSettings, 'run_secrets'>): string {
  if (!settings.run_secrets)
    throw new HarnessFault(
      'the run has no private directory: run the checks through suites/conformance.config.ts, whose global setup provides it',
    );
  return settings.run_secrets;
}

export function removeRunSecrets(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
