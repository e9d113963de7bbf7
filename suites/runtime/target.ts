import { DEFAULT_RATE_LIMIT } from './rate-limit.ts';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ControlClient, TargetClock, type SimAsset, type SimMember } from './control.ts';
import {
  DEFAULT_CHECK_MS,
  DEFAULT_REQUEST_MS,
  DEFAULT_SERVICE_DOMAIN,
  loadProfile,
  profileDigest,
  writtenProfile,
  type Profile,
  type ProfileMember,
  type RequiredRole,
} from './profile.ts';
import { withReferenceReadings, type DeclaredReadings, type ReadingKey } from '../../protocol/readings.ts';
import { withDetectedReadings } from './reading-detection.ts';
import { HarnessFault } from './harness-fault.ts';
import { RUN_SETTINGS_ENV, type RunSettings } from './run-settings.ts';
import { RecordingChannel } from './recorder.ts';
import type { ReadingsJudgedUnder } from '../reporters/report-types.ts';
import { createSimMembers, operatingAccounts } from './sim-members.ts';
import { transportOf, type Transport } from './transport.ts';

/**
 * The profile a run's settings name (run-settings.ts: `profile`, with `target` as its base URL and
 * `shard` choosing its member set), or null when they name none (global setup then builds one), with
 * the readings global setup detected. `env` is the environment its `${NAME}` references are read from:
 * the reader is the config (or `dss test`), once per process.
 */
export function configuredProfile(settings: RunSettings, env: Record<string, string | undefined>): Profile | null {
  if (!settings.profile) return null;
  const profile = loadProfile(settings.profile, env, {
    ...(settings.target ? { baseUrl: settings.target } : {}),
    ...(settings.shard ? { shard: settings.shard } : {}),
  });
  return withDetectedReadings(profile, settings.detected_readings);
}

/** The profile a config read, and the transport that reaches its target (the environment's proxies unless it names its own). */
export interface ConfiguredTarget {
  profile: Profile;
  transport: Transport;
}

/**
 * The targets this process's config read, by profile file: global setup and the fixtures take them
 * from here (`configuredTarget`), not from the project's `use`, which Playwright writes into its JSON
 * results (the profile holds tokens, a proxy URL may hold a password).
 */
const configured = new Map<string, ConfiguredTarget>();

/**
 * What a Playwright config does with a run's settings, once per process: reads the profile they name
 * with the `${NAME}` references and proxy variables of `env` (the config's environment), keeps it for
 * `configuredTarget`, and returns it (null: none named, so global setup builds one for a simulator).
 * The settings' `control`, which check files need as they are collected, must agree with the profile.
 */
export function configureTarget(settings: RunSettings, env: Record<string, string | undefined>): Profile | null {
  const profile = configuredProfile(settings, env);
  if (hasControl(profile) !== settings.control) {
    throw new HarnessFault(
      `the run's settings say the target has ${settings.control ? 'the' : 'no'} control plane and its profile ${settings.profile} says otherwise: whoever encoded ${RUN_SETTINGS_ENV} is wrong`,
    );
  }
  if (profile && settings.profile) configured.set(settings.profile, { profile, transport: transportOf(profile, env) });
  return profile;
}

/** The target the config read for these settings; a fault of the harness when it read none. */
export function configuredTarget(settings: RunSettings): ConfiguredTarget {
  const found = settings.profile === undefined ? undefined : configured.get(settings.profile);
  if (!found)
    throw new HarnessFault(
      'the run names no profile this process read: run the checks through suites/conformance.config.ts, whose global setup provides one',
    );
  return found;
}

/** Whether a profile names a target with the simulator's control plane (null: none given, so a simulator). */
export function hasControl(profile: Profile | null): boolean {
  return profile === null || profile.capabilities.control === 'simulator';
}

/**
 * A profile for a simulator, from its control plane: the network's first tokenizer and first two
 * market makers when it has them (the demo network does), otherwise members made for this run.
 */
export async function profileFromSimulator(
  baseUrl: string,
  readings: Partial<DeclaredReadings> = {},
  proxyEnvironment: Record<string, string | undefined> = {},
): Promise<Profile> {
  // Without a profile there is no TLS material: the environment's proxy, the system's CAs.
  const control = new ControlClient({
    baseUrl,
    timeoutMs: DEFAULT_REQUEST_MS,
    recording: new RecordingChannel(),
    clock: new TargetClock(),
    transport: transportOf({}, proxyEnvironment),
  });
  const network = await control.network();
  const active = network.members.filter((member) => member.member_state === 'activated');
  const [tokenizer] = active.filter(
    (member) => member.business_role === 'MIS' && issuedBy(network.assets, member).length > 0,
  );
  const [mmA, mmB] = active.filter((member) => member.business_role === 'MMM');
  const found: Record<RequiredRole, SimMember> | null = tokenizer && mmA && mmB ? { tokenizer, mmA, mmB } : null;
  const chosen = found ?? (await createSimMembers(control, 'run'));
  // Members made just now have an asset the first reading did not show.
  const assets = found ? network.assets : (await control.network()).assets;

  const members = {
    tokenizer: profileMember(chosen.tokenizer, assets),
    mmA: profileMember(chosen.mmA, assets),
    mmB: profileMember(chosen.mmB, assets),
  };
  return {
    base_url: baseUrl,
    service_domain: DEFAULT_SERVICE_DOMAIN,
    members,
    member_sets: [members],
    member_set: 0,
    capabilities: { control: 'simulator' },
    timeouts: { request_ms: DEFAULT_REQUEST_MS, check_ms: DEFAULT_CHECK_MS },
    rate_limit: DEFAULT_RATE_LIMIT,
    expected_failures: [],
    quarantine: [],
    readings: withReferenceReadings(readings),
    declared_readings: Object.keys(readings) as Array<keyof DeclaredReadings>,
    detected_readings: {},
  };
}

function profileMember(member: SimMember, assets: SimAsset[]): ProfileMember {
  return {
    identification: member.identification,
    token: member.token,
    accounts: operatingAccounts(member),
    assets: issuedBy(assets, member).map(({ asset_code_identification, asset_issuer_identification }) => ({
      asset_code_identification,
      asset_issuer_identification,
    })),
    // A simulator's checks mint the tokens they need through the control plane.
    tokens: {},
  };
}

function issuedBy(assets: SimAsset[], member: SimMember): SimAsset[] {
  return assets.filter((asset) => asset.asset_issuer_identification === member.identification);
}

/**
 * Writes a profile built from a simulator into a run's private directory (run-secrets.ts) and returns
 * its path. It holds (simulator) tokens: the file is readable by its owner only.
 */
export function writeBuiltProfile(secretsDir: string, profile: Profile): string {
  const file = join(secretsDir, 'profile.json');
  writeFileSync(file, `${JSON.stringify(writtenProfile(profile), null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** `<runDir>/target.json`: what the run tests, for the reporters (no tokens in it); `env` holds the proxy variables. */
export function writeTargetDescription(
  runDir: string,
  profile: Profile,
  env: Record<string, string | undefined>,
): void {
  const description = {
    base_url: profile.base_url,
    profile_digest: profileDigest(profile),
    capabilities: profile.capabilities,
    reached: transportOf(profile, env).reachOf(new URL(profile.base_url)),
    readings: readingsJudgedUnder(profile),
    spec_version: '1.0.0',
    started_at: new Date().toISOString(),
  };
  writeFileSync(join(runDir, 'target.json'), `${JSON.stringify(description, null, 2)}\n`);
}

/**
 * The readings a run judges under, each with where it came from: the profile's declaration, detection
 * (with the call and answer that showed it), or the reference's by default.
 */
export function readingsJudgedUnder(
  profile: Pick<Profile, 'readings' | 'declared_readings' | 'detected_readings'>,
): ReadingsJudgedUnder {
  return Object.fromEntries(
    (Object.entries(profile.readings) as Array<[ReadingKey, string | number]>).map(([key, value]) => {
      if (profile.declared_readings.includes(key)) return [key, { value, source: 'declared' }];
      const shownBy = profile.detected_readings[key];
      return [
        key,
        shownBy === undefined ? { value, source: 'reference' } : { value, source: 'detected', shown_by: shownBy },
      ];
    }),
  );
}
