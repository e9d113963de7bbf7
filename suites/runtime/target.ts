import { DEFAULT_RATE_LIMIT } from './rate-limit.ts';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ControlClient, TargetClock, type SimAsset, type SimMember } from './control.ts';
import { DEFAULT_CHECK_MS, DEFAULT_REQUEST_MS, DEFAULT_SERVICE_DOMAIN, loadProfile, profileDigest, writtenProfile, type Profile, type ProfileMember, type RequiredRole } from './profile.ts';
import { withReferenceReadings, type DeclaredReadings, type ReadingKey } from '../../protocol/readings.ts';
import { detectedFromEnv, withDetectedReadings } from './reading-detection.ts';
import { RecordingChannel } from './recorder.ts';
import type { ReadingsJudgedUnder } from '../reporters/report-types.ts';
import { createSimMembers, operatingAccounts } from './sim-members.ts';
import { transportOf } from './transport.ts';

/**
 * Where a run's profile comes from. The environment is the only channel from `dss test` and global
 * setup to the config and the workers: `DSS_PROFILE` names the profile file, `DSS_TARGET` a base URL
 * that replaces the profile's.
 */

export interface TargetEnv {
  DSS_PROFILE?: string;
  DSS_TARGET?: string;
  /** `dss test --shard i/n`: the member set of a vendor profile this shard acts as. */
  DSS_SHARD?: string;
  [name: string]: string | undefined;
}

/**
 * The profile named by `DSS_PROFILE`, or null when none is named (global setup then builds one), with
 * the readings global setup detected.
 */
export function configuredProfile(env: TargetEnv): Profile | null {
  if (!env.DSS_PROFILE) return null;
  const profile = loadProfile(env.DSS_PROFILE, env, { ...(env.DSS_TARGET ? { baseUrl: env.DSS_TARGET } : {}), ...(env.DSS_SHARD ? { shard: env.DSS_SHARD } : {}) });
  // What preflight detected in global setup (DETECTED_READINGS_ENV), for every key the profile leaves out.
  return withDetectedReadings(profile, detectedFromEnv(env));
}

/**
 * Whether the run's target has the simulator's control plane, as the environment tells it before
 * global setup: with no profile given, the target is a simulator (embedded, or `DSS_TARGET`, which
 * global setup requires to be one); otherwise the profile says.
 */
export function targetHasControl(env: TargetEnv): boolean {
  return hasControl(configuredProfile(env));
}

/** The same for a profile already read (null: none given, so a simulator). */
export function hasControl(profile: Profile | null): boolean {
  return profile === null || profile.capabilities.control === 'simulator';
}

/**
 * A profile for a simulator, from its control plane: the network's first tokenizer and first two
 * market makers when it has them (the demo network does), otherwise members made for this run.
 */
export async function profileFromSimulator(baseUrl: string, readings: Partial<DeclaredReadings> = {}): Promise<Profile> {
  // Without a profile there is no TLS material: the environment's proxy, the system's CAs.
  const control = new ControlClient({ baseUrl, timeoutMs: DEFAULT_REQUEST_MS, recording: new RecordingChannel(), clock: new TargetClock(), transport: transportOf({}) });
  const network = await control.network();
  const active = network.members.filter((member) => member.member_state === 'activated');
  const [tokenizer] = active.filter((member) => member.business_role === 'MIS' && issuedBy(network.assets, member).length > 0);
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
    assets: issuedBy(assets, member).map(({ asset_code_identification, asset_issuer_identification }) => ({ asset_code_identification, asset_issuer_identification })),
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

/** `<runDir>/target.json`: what the run tests, for the reporters (no tokens in it). */
export function writeTargetDescription(runDir: string, profile: Profile): void {
  const description = {
    base_url: profile.base_url,
    profile_digest: profileDigest(profile),
    capabilities: profile.capabilities,
    reached: transportOf(profile).reachOf(new URL(profile.base_url)),
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
export function readingsJudgedUnder(profile: Pick<Profile, 'readings' | 'declared_readings' | 'detected_readings'>): ReadingsJudgedUnder {
  return Object.fromEntries(
    (Object.entries(profile.readings) as Array<[ReadingKey, string | number]>).map(([key, value]) => {
      if (profile.declared_readings.includes(key)) return [key, { value, source: 'declared' }];
      const shownBy = profile.detected_readings[key];
      return [key, shownBy === undefined ? { value, source: 'reference' } : { value, source: 'detected', shown_by: shownBy }];
    }),
  );
}
