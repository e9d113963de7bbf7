import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSimulator } from '../simulator/server.ts';
import { hasControlPlane } from './runtime/control.ts';
import { DEFAULT_REQUEST_MS, profileDigest, type Profile } from './runtime/profile.ts';
import { reportDirOf } from './runtime/report-dir.ts';
import { configuredProfile, profileFromSimulator } from './runtime/target.ts';
import { TokenStore } from './runtime/token-store.ts';

/**
 * Decides what this run tests, once, before any worker starts:
 * - `DSS_PROFILE` set: that profile (with `DSS_TARGET` as its base URL when given);
 * - only `DSS_TARGET` set: it must be a simulator (`/sim/health` answers), whose control plane yields
 *   the profile; any other target needs a profile for its credentials;
 * - neither: an embedded simulator on a free loopback port, closed by the returned teardown.
 * A built profile is written to `<reportDir>/.run/profile.json` and `DSS_PROFILE` points workers at it.
 * `<reportDir>/.run/target.json` tells the reporters what was tested (no tokens in it).
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const runDir = join(reportDirOf(process.env), '.run');
  mkdirSync(runDir, { recursive: true });
  // A new run starts from the profile's tokens, not from the renewed ones of an earlier run.
  TokenStore.forRun(process.env).clear();

  let profile = configuredProfile(process.env);
  let teardown: (() => Promise<void>) | undefined;
  if (!profile) {
    let baseUrl = process.env.DSS_TARGET;
    if (!baseUrl) {
      const simulator = await startSimulator({ port: 0, host: '127.0.0.1' });
      baseUrl = simulator.url;
      teardown = () => simulator.close();
    } else if (!(await hasControlPlane(baseUrl, DEFAULT_REQUEST_MS))) {
      throw new Error(`${baseUrl} has no simulator control plane (GET /sim/health did not answer 200): give a target profile with --profile (DSS_PROFILE) for its members and tokens`);
    }
    try {
      profile = await profileFromSimulator(baseUrl);
    } catch (error) {
      await teardown?.();
      throw error;
    }
    process.env.DSS_PROFILE = writeProfile(runDir, profile);
  }

  writeFileSync(join(runDir, 'target.json'), `${JSON.stringify(targetDescription(profile), null, 2)}\n`);
  return teardown;
}

/** The built profile holds (simulator) tokens: the file is readable by its owner only. */
function writeProfile(runDir: string, profile: Profile): string {
  const file = join(runDir, 'profile.json');
  writeFileSync(file, `${JSON.stringify(profile, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

function targetDescription(profile: Profile) {
  return {
    base_url: profile.base_url,
    profile_digest: profileDigest(profile),
    capabilities: profile.capabilities,
    spec_version: '1.0.0',
    started_at: new Date().toISOString(),
  };
}
