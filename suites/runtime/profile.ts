import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { validate } from '../../schemas/validators.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { substituteEnv } from './env-substitution.ts';
import { controlKinds, profileSchema, requiredRoles, unknownFields } from './profile-schema.ts';

/**
 * The target profile: how a run reaches a target (its URL, the members the checks act as, what the
 * target declares it can do, time-outs, and the expected-failures baseline). It is a YAML or JSON file
 * with `${ENV}` references for secrets; see suites/README.md for an example.
 */

export interface ProfileAsset {
  asset_code_identification: string;
  asset_issuer_identification: string;
}

export interface ProfileMember {
  identification: string;
  token: string;
  /** Operating accounts; the first is the default. */
  accounts: string[];
  assets: ProfileAsset[];
}

export type RequiredRole = (typeof requiredRoles)[number];
export type ControlKind = (typeof controlKinds)[number];

export interface Capabilities {
  /** `simulator`: the target has the `/sim` control plane. */
  control: ControlKind;
  /** Optional feature areas the target declares; absent means it declares none in particular. */
  areas?: string[];
}

export interface Profile {
  base_url: string;
  /** The domain that ends the target's addressing identifiers: `<account>*<country>.<member>.<domain>`. */
  service_domain: string;
  members: Record<RequiredRole, ProfileMember> & Record<string, ProfileMember>;
  capabilities: Capabilities;
  timeouts: { request_ms: number; check_ms: number };
  /** Check ids the target is known to fail: they do not fail the run, but passing one does (stale baseline). */
  expected_failures: string[];
  /** Check ids known to be flaky: skipped, and shown as quarantined. */
  quarantine: string[];
}

/** The simulator's, and the default: the spec leaves the service domain to each service. */
export const DEFAULT_SERVICE_DOMAIN = 'dss.example';
export const DEFAULT_REQUEST_MS = 10_000;
export const DEFAULT_CHECK_MS = 60_000;

/** A profile that cannot be used; `problems` holds every problem found, each with its path. */
export class ProfileError extends Error {
  constructor(
    readonly fileName: string,
    readonly problems: string[],
  ) {
    super(`Target profile ${fileName} is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ProfileError';
  }
}

export interface ProfileOptions {
  /** Replaces the file's `base_url` (`dss test --target` with `--profile`); validated like it. */
  baseUrl?: string;
}

/** Synchronous, because the Playwright config (which cannot await) reads it too. */
export function loadProfile(file: string, env: Record<string, string | undefined> = process.env, options: ProfileOptions = {}): Profile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ProfileError(file, [`cannot be read: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return parseProfile(text, file, env, options);
}

export function parseProfile(text: string, fileName: string, env: Record<string, string | undefined>, options: ProfileOptions = {}): Profile {
  const substituted = substituteEnv(text, env);
  if (substituted.missing.length > 0) {
    throw new ProfileError(fileName, substituted.missing.map((name) => `environment variable ${name} is not set and has no default (write \${NAME:-default} for one)`));
  }

  let data: unknown;
  try {
    data = parseYaml(substituted.text);
  } catch (error) {
    throw new ProfileError(fileName, [`is not valid YAML or JSON: ${error instanceof Error ? error.message : String(error)}`]);
  }

  if (options.baseUrl !== undefined && data !== null && typeof data === 'object') data = { ...data, base_url: options.baseUrl };

  const result = validate(profileSchema, data);
  const problems = [...(result.valid ? [] : result.errors.map(withRootPath)), ...unknownFields(profileSchema, data)];
  if (problems.length > 0) throw new ProfileError(fileName, problems);
  return withDefaults(data as RawProfile);
}

/**
 * sha256 (hex) of the profile's canonical JSON with every token removed: it identifies what was tested
 * in reports, and a token must never influence or appear in anything a report carries.
 */
export function profileDigest(profile: Profile): string {
  const members = Object.fromEntries(Object.entries(profile.members).map(([role, { token: _token, ...rest }]) => [role, rest]));
  return createHash('sha256').update(canonicalJson({ ...profile, members })).digest('hex');
}

/** The profile as written, after schema validation and before defaults. */
interface RawProfile {
  base_url: string;
  service_domain?: string;
  members: Record<string, Omit<ProfileMember, 'assets'> & { assets?: ProfileAsset[] }>;
  capabilities?: Partial<Capabilities>;
  timeouts?: { request_ms?: number; check_ms?: number };
  expected_failures?: string[];
  quarantine?: string[];
}

function withDefaults(raw: RawProfile): Profile {
  const members = Object.fromEntries(Object.entries(raw.members).map(([role, member]) => [role, { ...member, assets: member.assets ?? [] }]));
  const capabilities: Capabilities = { control: raw.capabilities?.control ?? 'none' };
  if (raw.capabilities?.areas) capabilities.areas = raw.capabilities.areas;
  return {
    base_url: raw.base_url,
    service_domain: raw.service_domain ?? DEFAULT_SERVICE_DOMAIN,
    // The schema requires the three roles, which fromEntries cannot show the type system.
    members: members as Profile['members'],
    capabilities,
    timeouts: {
      request_ms: raw.timeouts?.request_ms ?? DEFAULT_REQUEST_MS,
      check_ms: raw.timeouts?.check_ms ?? DEFAULT_CHECK_MS,
    },
    expected_failures: raw.expected_failures ?? [],
    quarantine: raw.quarantine ?? [],
  };
}

/** Problems of the whole document come without a path from the validator; give them "/". */
function withRootPath(problem: string): string {
  return problem.startsWith('/') ? problem : `/ ${problem}`;
}
