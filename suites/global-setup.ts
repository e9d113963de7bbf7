import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { hasControlPlane } from './runtime/control.ts';
import type { DssWorkerFixtures } from './runtime/fixtures.ts';
import { DEFAULT_REQUEST_MS } from './runtime/profile.ts';
import { preflightOrExit } from './runtime/preflight.ts';
import { withDetectedReadings } from './runtime/reading-detection.ts';
import { createRunSecrets, removeRunSecrets } from './runtime/run-secrets.ts';
import { encodeRunSettings, RUN_SETTINGS_ENV, type RunSettings } from './runtime/run-settings.ts';
import {
  configuredProfile,
  configuredTarget,
  profileFromSimulator,
  writeBuiltProfile,
  writeTargetDescription,
} from './runtime/target.ts';
import { TokenStore } from './runtime/token-store.ts';
import { transportOf } from './runtime/transport.ts';
import { writeTokensOut } from './runtime/tokens-out.ts';

/**
 * Decides what this run tests, once, before any worker starts, from the settings the config decoded
 * (the worker option `runSettings`) and the profile it read (runtime/target.ts `configuredTarget`):
 * - a profile given: that profile (with `target` as its base URL when given);
 * - only `target` given: it must be a simulator (`/sim/health` answers), whose control plane yields
 *   the profile; any other target needs a profile for its credentials;
 * - neither: an embedded simulator on a free loopback port, closed by the returned teardown.
 * A built profile holds tokens, so it goes to the run's private directory (run-secrets.ts), never to
 * the report dir, and the teardown removes it. A given profile passes preflight first, which also
 * detects the readings the target's answers show. What only this step learns (the private directory,
 * a built profile, the detected readings) goes into the settings, encoded again for the workers, whose
 * config decodes them. `<reportDir>/.run/target.json` tells the reporters what was tested and under
 * which readings (no tokens in it).
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const given = (config.projects[0]?.use as Partial<DssWorkerFixtures> | undefined)?.runSettings;
  if (!given) throw new Error('global setup runs under suites/conformance.config.ts, which hands it the run settings');
  const runDir = join(given.report_dir, '.run');
  mkdirSync(runDir, { recursive: true });
  // A new run starts from the profile's tokens, not from the renewed ones of an earlier run.
  const secretsDir = createRunSecrets();
  // Only this run's preflight says what was detected (never settings the run was started with).
  let settings: RunSettings = { ...given, run_secrets: secretsDir, detected_readings: {} };
  let closeSimulator: (() => Promise<void>) | undefined;
  // The user's own profile file, whose renewed tokens `--tokens-out` writes back as its ${NAME} lines.
  const userProfile = settings.profile;
  const teardown = async () => {
    await closeSimulator?.();
    if (userProfile && settings.tokens_out)
      writeTokensOut(settings.tokens_out, userProfile, TokenStore.forRun(settings).read());
    removeRunSecrets(secretsDir);
  };

  try {
    let profile = given.profile === undefined ? undefined : configuredTarget(given).profile;
    if (profile) {
      const detected = await preflightOrExit(profile, settings, process.env, teardown);
      settings = { ...settings, detected_readings: detected };
      profile = withDetectedReadings(profile, detected);
    } else {
      let baseUrl = settings.target;
      if (!baseUrl) {
        // Loaded only here: a run against a target of its own needs none of the simulator's modules.
        const { startSimulator } = await import('../simulator/server.ts');
        const simulator = await startSimulator({ port: 0, host: '127.0.0.1' });
        baseUrl = simulator.url;
        closeSimulator = () => simulator.close();
      } else if (!(await hasControlPlane(baseUrl, DEFAULT_REQUEST_MS, transportOf({}, process.env)))) {
        throw new Error(
          `${baseUrl} has no simulator control plane (GET /sim/health did not answer 200): give a target profile with --profile for its members and tokens`,
        );
      }
      const file = writeBuiltProfile(secretsDir, await profileFromSimulator(baseUrl, {}, process.env));
      settings = { ...settings, profile: file };
      // Read back as the workers will read it (with `target` as its base URL, as they read it): validated
      // once here, marked in the environment the workers inherit, not again in every worker. It names no
      // variables: none are substituted.
      profile = configuredProfile(settings, process.env)!;
    }
    // The workers' config decodes this: the one channel from here to them.
    process.env[RUN_SETTINGS_ENV] = encodeRunSettings(settings);
    writeTargetDescription(runDir, profile, process.env);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
