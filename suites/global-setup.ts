import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { hasControlPlane } from './runtime/control.ts';
import { DEFAULT_REQUEST_MS } from './runtime/profile.ts';
import { reportDirOf } from './runtime/report-dir.ts';
import { preflightOrExit } from './runtime/preflight.ts';
import { DETECTED_READINGS_ENV } from './runtime/reading-detection.ts';
import { createRunSecrets, removeRunSecrets } from './runtime/run-secrets.ts';
import { configuredProfile, profileFromSimulator, writeBuiltProfile, writeTargetDescription } from './runtime/target.ts';
import { TokenStore } from './runtime/token-store.ts';
import { transportOf } from './runtime/transport.ts';
import { writeTokensOut } from './runtime/tokens-out.ts';

/**
 * Decides what this run tests, once, before any worker starts:
 * - `DSS_PROFILE` set: that profile (with `DSS_TARGET` as its base URL when given);
 * - only `DSS_TARGET` set: it must be a simulator (`/sim/health` answers), whose control plane yields
 *   the profile; any other target needs a profile for its credentials;
 * - neither: an embedded simulator on a free loopback port, closed by the returned teardown.
 * A built profile holds tokens, so it goes to the run's private directory (run-secrets.ts), never to
 * the report dir; `DSS_PROFILE` points workers at it, and the teardown removes it.
 * A given profile passes preflight first, which also detects the readings the target's answers show
 * (`DSS_DETECTED_READINGS` carries them to the workers). `<reportDir>/.run/target.json` tells the
 * reporters what was tested and under which readings (no tokens in it).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const runDir = join(reportDirOf(process.env), '.run');
  mkdirSync(runDir, { recursive: true });
  // A new run starts from the profile's tokens, not from the renewed ones of an earlier run.
  const secretsDir = createRunSecrets(process.env);
  let closeSimulator: (() => Promise<void>) | undefined;
  // The user's own profile file, whose renewed tokens `--tokens-out` writes back as its ${NAME} lines.
  const userProfile = process.env.DSS_PROFILE;
  const teardown = async () => {
    await closeSimulator?.();
    if (userProfile && process.env.DSS_TOKENS_OUT) writeTokensOut(process.env.DSS_TOKENS_OUT, userProfile, TokenStore.forRun(process.env).read());
    removeRunSecrets(secretsDir);
  };

  try {
    // Only this run's preflight says what was detected (never an environment the run was started in).
    delete process.env[DETECTED_READINGS_ENV];
    let profile = configuredProfile(process.env);
    if (profile) {
      // The workers follow the readings detected here, as they read DSS_PROFILE.
      process.env[DETECTED_READINGS_ENV] = JSON.stringify(await preflightOrExit(profile, process.env, teardown));
      profile = configuredProfile(process.env)!;
    } else {
      let baseUrl = process.env.DSS_TARGET;
      if (!baseUrl) {
        // Loaded only here: a run against a target of its own needs none of the simulator's modules.
        const { startSimulator } = await import('../simulator/server.ts');
        const simulator = await startSimulator({ port: 0, host: '127.0.0.1' });
        baseUrl = simulator.url;
        closeSimulator = () => simulator.close();
      } else if (!(await hasControlPlane(baseUrl, DEFAULT_REQUEST_MS, transportOf({})))) {
        throw new Error(`${baseUrl} has no simulator control plane (GET /sim/health did not answer 200): give a target profile with --profile (DSS_PROFILE) for its members and tokens`);
      }
      process.env.DSS_PROFILE = writeBuiltProfile(secretsDir, await profileFromSimulator(baseUrl));
      // Read back as the workers will read it: validated once here, not again in every worker.
      profile = configuredProfile(process.env)!;
    }
    writeTargetDescription(runDir, profile);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
