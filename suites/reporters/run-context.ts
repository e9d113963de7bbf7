import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TargetReach } from '../runtime/transport.ts';
import type { Json, ReadingsJudgedUnder, RunTarget } from './report-types.ts';

/**
 * What a report needs to know about its run besides the checks: the target as global setup recorded it
 * in `<reportDir>/.run/target.json`, and the version of this suite. A missing or damaged target file
 * is a report problem (the report says so), not a reason to lose the results.
 */
export function readRunTarget(reportDir: string): { target: RunTarget | null; problem: string | null } {
  const file = join(reportDir, '.run', 'target.json');
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { target: null, problem: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { target: null, problem: `${file} is not a JSON object` };
  const { base_url, profile_digest, spec_version, capabilities, readings, reached } = value as Record<string, unknown>;
  if (typeof base_url !== 'string' || typeof profile_digest !== 'string' || typeof spec_version !== 'string') {
    return { target: null, problem: `${file} needs base_url, profile_digest and spec_version` };
  }
  // capabilities came out of JSON.parse, so it is JSON whatever its shape.
  const target: RunTarget = { base_url, profile_digest, spec_version, capabilities: (capabilities ?? null) as Json };
  if (typeof readings === 'object' && readings !== null && !Array.isArray(readings))
    target.readings = readings as ReadingsJudgedUnder;
  if (typeof reached === 'object' && reached !== null && !Array.isArray(reached))
    target.reached = reached as TargetReach;
  return { target, problem: null };
}

export function suiteVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const version =
    typeof manifest === 'object' && manifest !== null ? (manifest as Record<string, unknown>).version : undefined;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}
