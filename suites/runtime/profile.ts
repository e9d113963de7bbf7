import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { validate } from '../../schemas/validators.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { withReferenceReadings, type DeclaredReadings } from '../../protocol/readings.ts';
import { substituteEnv } from './env-substitution.ts';
import { yaml } from '../yaml.ts';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings } from './rate-limit.ts';
import {
  accessRights,
  controlKinds,
  credentialNames,
  profileSchema,
  requiredRoles,
  unknownFields,
} from './profile-schema.ts';
import { proxyConfigFromProfile, type ProfileProxy } from './proxy-choice.ts';
import { resolveTlsFiles, tlsProblems, type ProfileTls } from './tls-material.ts';

/**
 * The target profile: how a run reaches a target (its URL, the members the checks act as, what the
 * target declares it can do, time-outs, and the expected-failures baseline). It is a YAML or JSON file
 * with `${ENV}` references for secrets; see suites/README.md for an example.
 */

export interface ProfileAsset {
  asset_code_identification: string;
  asset_issuer_identification: string;
}

export type AccessRight = (typeof accessRights)[number];
export type CredentialName = (typeof credentialNames)[number];

/** An extra token of a member and the rights it was issued with; an absent right means "all". */
export interface ProfileCredential {
  token: string;
  role?: AccessRight;
  accounts?: string[];
  endpoints?: string[];
  allowed_ips?: string[];
}

export interface ProfileMember {
  identification: string;
  /** The token the member acts with; no check spends it. */
  token: string;
  /** Operating accounts; the first is the default. */
  accounts: string[];
  assets: ProfileAsset[];
  /** Extra tokens for the checks of rights and sessions (profile-schema.ts, `credentialNames`). */
  tokens: Partial<Record<CredentialName, ProfileCredential>>;
}

export type RequiredRole = (typeof requiredRoles)[number];
export type MemberSet = Record<RequiredRole, ProfileMember> & Record<string, ProfileMember>;
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
  /** The set of members this process acts as: `member_sets[memberSet]`. */
  members: MemberSet;
  /** Every set the profile lists (`members` alone is one set): one per shard or parallel worker. */
  member_sets: MemberSet[];
  /** Index in `member_sets` of `members`. */
  member_set: number;
  capabilities: Capabilities;
  timeouts: { request_ms: number; check_ms: number };
  /** How a 429 is waited out (rate-limit.ts); the wait's budget is a check's time. */
  rate_limit: RateLimitSettings;
  /** Check ids the target is known to fail: they do not fail the run, but passing one does (stale baseline). */
  expected_failures: string[];
  /** Check ids known to be flaky: skipped, and shown as quarantined. */
  quarantine: string[];
  /**
   * The target's readings of the open points the harness must follow (protocol/readings.ts): the
   * profile's `readings:` block, the reference's for every key it leaves out.
   */
  readings: DeclaredReadings;
  /** The keys the profile's `readings:` block declared (the rest are the reference's by default). */
  declared_readings: Array<keyof DeclaredReadings>;
  /**
   * The keys preflight detected from the target's answers, each with the call and answer that showed it
   * (reading-detection.ts); `readings` follows them. Never one the profile declared. Empty as read from a file.
   */
  detected_readings: Partial<Record<keyof DeclaredReadings, string>>;
  /** TLS material for an https target, its files made absolute (tls-material.ts); absent: the system's CAs, no client certificate. */
  tls?: ProfileTls;
  /** The proxy, which wins over the environment's (proxy-choice.ts); absent: the environment decides. */
  proxy?: ProfileProxy;
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
  /** `dss test --shard i/n`: shard i acts as member set i (see `shardMemberSet`). */
  shard?: string;
}

/**
 * Set in `env` once a profile's text (after substitution) and base URL passed validation: the processes
 * started with that environment (Playwright's runner, then each of its workers) read the same profile
 * and skip validating it again, which cost a fifth of a second of CPU in every one of them (compiling
 * the schema). It holds the digests of exactly what was validated, separated by spaces (a run that
 * tests one target per project, as the self-check's do, validates several), so any other text is
 * validated afresh.
 */
export const PROFILE_CHECKED_ENV = 'DSS_PROFILE_CHECKED';

function checkedMark(text: string, baseUrl: string | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([text, baseUrl ?? null]))
    .digest('base64url');
}

/**
 * Synchronous, because the Playwright config (which cannot await) reads it too. Records in `env` that
 * the profile was validated (PROFILE_CHECKED_ENV).
 */
export function loadProfile(
  file: string,
  env: Record<string, string | undefined>,
  options: ProfileOptions = {},
): Profile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ProfileError(file, [`cannot be read: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return parseProfile(text, file, env, options);
}

export function parseProfile(
  text: string,
  fileName: string,
  env: Record<string, string | undefined>,
  options: ProfileOptions = {},
): Profile {
  const substituted = substituteEnv(text, env);
  if (substituted.missing.length > 0) {
    throw new ProfileError(
      fileName,
      substituted.missing.map(
        (name) => `environment variable ${name} is not set and has no default (write \${NAME:-default} for one)`,
      ),
    );
  }

  // A .json file is JSON (the profile global setup writes for a simulator is one): read without the
  // YAML parser, which every worker would otherwise load for it.
  const json = fileName.endsWith('.json');
  let data: unknown;
  try {
    data = json ? JSON.parse(substituted.text) : yaml().parse(substituted.text);
  } catch (error) {
    throw new ProfileError(fileName, [
      `is not valid ${json ? 'JSON' : 'YAML or JSON'}: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }

  if (options.baseUrl !== undefined && data !== null && typeof data === 'object')
    data = { ...data, base_url: options.baseUrl };

  const mark = checkedMark(substituted.text, options.baseUrl);
  const marks = env[PROFILE_CHECKED_ENV]?.split(' ') ?? [];
  if (!marks.includes(mark)) {
    const result = validate(profileSchema, data);
    const problems = [
      ...(result.valid ? [] : result.errors.map(withRootPath)),
      ...unknownFields(profileSchema, data),
      ...memberSetProblems(data),
      ...baseUrlProblems(data),
    ];
    if (problems.length > 0) throw new ProfileError(fileName, problems);
    const transport = transportProblems(data as RawProfile, dirname(fileName));
    if (transport.length > 0) throw new ProfileError(fileName, transport);
    env[PROFILE_CHECKED_ENV] = [...marks, mark].join(' ');
  }
  const profile = withDefaults(data as RawProfile, dirname(fileName));
  if (options.shard === undefined) return profile;
  const chosen = shardMemberSet(profile, options.shard);
  if (typeof chosen === 'string') throw new ProfileError(fileName, [chosen]);
  return { ...profile, members: profile.member_sets[chosen]!, member_set: chosen };
}

/** The profile as a file writes it (JSON): its sets, not the set this process chose. */
export function writtenProfile(profile: Profile): Omit<
  Profile,
  'members' | 'member_set' | 'readings' | 'declared_readings' | 'detected_readings'
> & {
  readings?: Partial<DeclaredReadings>;
} {
  const {
    members: _members,
    member_set: _set,
    readings: _readings,
    declared_readings,
    detected_readings: _detected,
    ...written
  } = profile;
  if (declared_readings.length === 0) return written;
  return { ...written, readings: declaredReadings(profile) };
}

/** The readings the profile's `readings:` block declares, as written. */
function declaredReadings(profile: Pick<Profile, 'readings' | 'declared_readings'>): Partial<DeclaredReadings> {
  return Object.fromEntries(profile.declared_readings.map((key) => [key, profile.readings[key]]));
}

/** `members.mmA` for a profile of one set, `member_sets[1].mmA` for one of several. */
export function memberPath(profile: Pick<Profile, 'member_sets'>, set: number, role: string): string {
  return profile.member_sets.length === 1 ? `members.${role}` : `member_sets[${set}].${role}`;
}

/**
 * A base URL that already ends in an interface family's path (`/client/v1/api`, `/tokenizer/v1/api`):
 * the kit adds those itself, so every call would go to a path the target does not serve and be blamed
 * on it. Said with the URL to give instead.
 */
function baseUrlProblems(data: unknown): string[] {
  const baseUrl = data !== null && typeof data === 'object' ? (data as { base_url?: unknown }).base_url : undefined;
  if (typeof baseUrl !== 'string') return [];
  const family = /\/(?:client|tokenizer)\/v\d+\/api\/*$/.exec(baseUrl);
  if (!family) return [];
  return [
    `/base_url: ends in the interface path ${family[0].replace(/\/+$/, '')}, which the kit adds itself to reach both families: give ${baseUrl.slice(0, family.index) || baseUrl.split('/').slice(0, 3).join('/')} instead`,
  ];
}

/** The `tls:` material and the `proxy:` URL, once the shape is right: what only reading them can tell. */
function transportProblems(raw: RawProfile, dir: string): string[] {
  const problems = raw.tls ? tlsProblems(resolveTlsFiles(raw.tls, dir), raw.base_url) : [];
  const proxy = raw.proxy ? proxyConfigFromProfile(raw.proxy).http : null;
  if (proxy !== null && !(proxy instanceof URL)) problems.push(proxy.problem);
  return problems;
}

/** `members` or `member_sets`, exactly one of them. */
function memberSetProblems(data: unknown): string[] {
  if (data === null || typeof data !== 'object') return [];
  const has = (key: string) => key in data;
  if (has('members') && has('member_sets'))
    return ['/: give either "members" (one set) or "member_sets" (several), not both'];
  if (!has('members') && !has('member_sets'))
    return ['/: must have "members" (one set of members) or "member_sets" (several)'];
  return [];
}

/**
 * The member set shard `i/n` acts as (0-based), or why it cannot run. Against a simulator every worker
 * makes its own members, so any shard works; elsewhere shards run at the same time and must not share
 * members: a gateway read consumes messages another shard waits for, and a member's state is the
 * precondition of many checks.
 */
export function shardMemberSet(profile: Pick<Profile, 'capabilities' | 'member_sets'>, shard: string): number | string {
  const match = /^([1-9]\d*)\/([1-9]\d*)$/.exec(shard);
  if (!match) return `--shard must look like 1/3; got "${shard}"`;
  const [index, total] = [Number(match[1]), Number(match[2])];
  if (index > total) return `--shard ${shard}: the shard number is above the number of shards`;
  if (profile.capabilities.control === 'simulator') return 0;
  const sets = profile.member_sets.length;
  if (sets < total) {
    return `--shard ${shard}: the profile lists ${sets} member set${sets === 1 ? '' : 's'} for ${total} shards. Shards run at the same time, and two runs acting as the same members spoil each other (a gateway read consumes the messages the other waits for, and one run's credit lines and allowlists change the other's preconditions): list one set per shard under member_sets (docs/profiles.md), or run fewer shards.`;
  }
  return index - 1;
}

/**
 * sha256 (hex) of the profile's canonical JSON with every token removed: it identifies what was tested
 * in reports, and a token must never influence or appear in anything a report carries. How the target
 * was reached (tls, proxy) is not what was tested, and holds secrets and machine paths: left out too, so
 * shards reaching one target from different machines share the digest.
 */
export function profileDigest(profile: Profile): string {
  // Every set, whichever this shard acts as: the shards of one run share the digest. The readings as the
  // profile gives them: what a shard detected on its own members is no part of what was given. How the
  // target is reached (tls, proxy) is no part of it either: shards on different machines reach one target.
  const {
    members: _members,
    member_set: _set,
    member_sets,
    detected_readings: _detected,
    tls: _tls,
    proxy: _proxy,
    ...rest
  } = profile;
  return createHash('sha256')
    .update(
      canonicalJson({
        ...rest,
        readings: withReferenceReadings(declaredReadings(profile)),
        member_sets: member_sets.map(withoutTokens),
      }),
    )
    .digest('hex');
}

function withoutTokens(set: MemberSet): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(set).map(([role, { token: _token, tokens, ...rest }]) => [
      role,
      {
        ...rest,
        tokens: Object.fromEntries(
          Object.entries(tokens).map(([name, { token: _secret, ...rights }]) => [name, rights]),
        ),
      },
    ]),
  );
}

/** The profile as written, after schema validation and before defaults. */
type RawMemberSet = Record<
  string,
  Omit<ProfileMember, 'assets' | 'tokens'> & Partial<Pick<ProfileMember, 'assets' | 'tokens'>>
>;

interface RawProfile {
  base_url: string;
  service_domain?: string;
  members?: RawMemberSet;
  member_sets?: RawMemberSet[];
  capabilities?: Partial<Capabilities>;
  timeouts?: { request_ms?: number; check_ms?: number };
  rate_limit?: Partial<RateLimitSettings>;
  expected_failures?: string[];
  quarantine?: string[];
  readings?: Partial<DeclaredReadings>;
  tls?: ProfileTls;
  proxy?: ProfileProxy;
}

function withDefaults(raw: RawProfile, dir: string): Profile {
  // The schema requires the three roles, which fromEntries cannot show the type system.
  const completed = (set: RawMemberSet) =>
    Object.fromEntries(
      Object.entries(set).map(([role, member]) => [
        role,
        { ...member, assets: member.assets ?? [], tokens: member.tokens ?? {} },
      ]),
    ) as MemberSet;
  const member_sets = (raw.member_sets ?? [raw.members!]).map(completed);
  const capabilities: Capabilities = { control: raw.capabilities?.control ?? 'none' };
  if (raw.capabilities?.areas) capabilities.areas = raw.capabilities.areas;
  return {
    base_url: raw.base_url,
    service_domain: raw.service_domain ?? DEFAULT_SERVICE_DOMAIN,
    members: member_sets[0]!,
    member_sets,
    member_set: 0,
    capabilities,
    timeouts: {
      request_ms: raw.timeouts?.request_ms ?? DEFAULT_REQUEST_MS,
      check_ms: raw.timeouts?.check_ms ?? DEFAULT_CHECK_MS,
    },
    rate_limit: { ...DEFAULT_RATE_LIMIT, ...raw.rate_limit },
    expected_failures: raw.expected_failures ?? [],
    quarantine: raw.quarantine ?? [],
    readings: withReferenceReadings(raw.readings),
    declared_readings: Object.keys(raw.readings ?? {}) as Array<keyof DeclaredReadings>,
    detected_readings: {},
    ...(raw.tls ? { tls: resolveTlsFiles(raw.tls, dir) } : {}),
    ...(raw.proxy ? { proxy: raw.proxy } : {}),
  };
}

/** Problems of the whole document come without a path from the validator; give them "/". */
function withRootPath(problem: string): string {
  return problem.startsWith('/') ? problem : `/ ${problem}`;
}
