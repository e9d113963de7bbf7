import { endpointById, fullPath } from '../../schemas/endpoints.ts';
import { send, type HttpResult } from './http.ts';
import { listIn } from './json-answer.ts';
import { tokenProblem } from './jwt-claims.ts';
import { detectReadings, type DetectedReadings } from './reading-detection.ts';
import { RateLimitWaits, sendPatiently } from './rate-limit.ts';
import {
  memberPath,
  type CredentialName,
  type Profile,
  type ProfileCredential,
  type ProfileMember,
} from './profile.ts';
import type { RunSettings } from './run-settings.ts';
import { transportOf, type Transport } from './transport.ts';
import { reachTarget, unreachableMessage, unusableAddress } from './unreachable.ts';

/**
 * Before any check: the target answers at its base URL, and every credential of the profile is
 * usable. A broken profile (a token spent by an earlier run, expired, opaque, or another member's)
 * would otherwise come out as dozens of failures blamed on the target; here it stops the run with one
 * line per credential. Each token is read (JWT claims, unverified) and the member's own token used
 * once on a read of its own accounts, which changes nothing and spends nothing.
 */

export interface PreflightOptions {
  /** The member sets this run acts as (a shard uses one; parallel workers one each). */
  sets: number[];
  /** The proxy variables a profile without `proxy:` follows (HTTPS_PROXY, NO_PROXY, …). */
  proxyEnvironment: Record<string, string | undefined>;
  now?: () => number;
}

/** What stops the run: one line per broken credential, or the one network problem. Empty: go. */
export async function preflight(profile: Profile, options: PreflightOptions): Promise<string[]> {
  const now = options.now ?? Date.now;
  // Nothing listening, no such host, a TLS handshake or a proxy that fails: the address is wrong or
  // unusable from here (unreachable.ts). A target that answers badly (hangs, resets, garbage) is
  // reached, and the checks judge it.
  const transport = transportOf(profile, options.proxyEnvironment);
  const reach = await reachTarget(profile.base_url, profile.timeouts.request_ms, transport);
  if (reach.kind === 'failure' && unusableAddress.has(reach.reason))
    return [unreachableMessage(profile.base_url, reach, profile.timeouts.request_ms, transport)];

  const problems: string[] = [];
  for (const set of options.sets) {
    for (const [role, member] of Object.entries(profile.member_sets[set] ?? {})) {
      const path = memberPath(profile, set, role);
      // A blocked member's token is refused by design (auth.blocked-member): it is only read.
      const claimsProblem = tokenProblem(member.token, member.identification, now());
      const own =
        claimsProblem === null && role !== 'blocked' ? await tryRead(profile, transport, member.token, ownRead) : null;
      const problem = claimsProblem ?? (own ? refusalOf(own, ownRead) : null);
      if (problem) problems.push(`${path} (${member.identification}): token ${problem}`);
      for (const [name, given] of Object.entries(member.tokens) as Array<[CredentialName, ProfileCredential]>) {
        const read = readWithin(given, member);
        const extra =
          tokenProblem(given.token, member.identification, now()) ??
          (read ? await refusal(profile, transport, given.token, read) : null);
        if (extra) problems.push(`${path}.tokens.${name} (${member.identification}): token ${extra}`);
      }
      // What the profile says of the member must hold on the target, or every check acting on it would blame the target.
      if (own && !problem) problems.push(...(await memberProblems(profile, transport, member, path, own)));
    }
  }
  return problems;
}

/**
 * The member the profile describes is the target's: its operating accounts are among those it lists, and
 * the DSAs the profile says it issues are among those the target lists as issued by it. Only an answer
 * that shows the profile wrong is a problem: a listing of other accounts or assets. Another status, an
 * unreadable body or an empty listing (a target that lists nothing is broken, or the checks will say
 * what it lacks) is left to the checks, which blame the target.
 */
async function memberProblems(
  profile: Profile,
  transport: Transport,
  member: ProfileMember,
  path: string,
  own: HttpResult,
): Promise<string[]> {
  const problems: string[] = [];
  const accounts = listIn(own);
  // A digitalAccount's identification is optional (spec line 48): a listing that leaves one out says nothing of the profile.
  if (
    accounts !== null &&
    accounts.length > 0 &&
    accounts.every((account) => typeof account.identification === 'string')
  ) {
    const listed = accounts.map((account) => account.identification as string);
    const missing = member.accounts.filter((account) => !listed.includes(account));
    if (missing.length > 0)
      problems.push(
        `${path}.accounts (${member.identification}): ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not among the member's accounts on the target (GET ${ownRead.path} lists ${listed.join(', ')})`,
      );
  }
  if (member.assets.length === 0) return problems;
  const available = `${fullPath(listAvailable).replace('{tokenizer_identification}', encodeURIComponent(member.identification))}`;
  const listing = listIn(await tryRead(profile, transport, member.token, { path: available }));
  // Only a listing of settlementInstrumentInfo says what the tokenizer issues; its issuer is optional (spec
  // line 68), and every asset listed there is the tokenizer's own.
  if (
    listing === null ||
    listing.length === 0 ||
    !listing.every(
      (entry) =>
        typeof entry.asset_code_identification === 'string' &&
        (entry.asset_issuer_identification === undefined || typeof entry.asset_issuer_identification === 'string'),
    )
  )
    return problems;
  const issued = listing.map((entry) => ({
    code: entry.asset_code_identification as string,
    issuer: (entry.asset_issuer_identification as string | undefined) ?? member.identification,
  }));
  const unknown = member.assets.filter(
    (asset) =>
      !issued.some(
        (entry) => entry.code === asset.asset_code_identification && entry.issuer === asset.asset_issuer_identification,
      ),
  );
  const listed = issued.map((entry) => `${entry.code} of ${entry.issuer}`).join(', ');
  if (unknown.length > 0)
    problems.push(
      `${path}.assets (${member.identification}): ${unknown.map((asset) => `${asset.asset_code_identification} of ${asset.asset_issuer_identification}`).join(', ')} not issued by this tokenizer on the target (GET ${available} lists ${listed}); list the DSAs it issues`,
    );
  return problems;
}

const listAvailable = endpointById('tokenizer.listAvailableInstruments');

interface Read {
  path: string;
}

const listAccounts = endpointById('member.listDigitalAccounts');
const ownRead: Read = { path: fullPath(listAccounts) };

/**
 * A read the credential's declared rights allow from anywhere: none for one limited to addresses (the
 * harness may be outside them by design), the first permitted GET for one limited to endpoints.
 */
function readWithin(given: ProfileCredential, member: ProfileMember): Read | null {
  if (given.allowed_ips) return null;
  if (!given.endpoints) return ownRead;
  for (const entry of given.endpoints) {
    const [method, template] = entry.split(' ');
    if (method !== 'GET' || template === undefined) continue;
    const path = template.replace('{member_identification}', encodeURIComponent(member.identification));
    if (!path.includes('{')) return { path };
  }
  return null;
}

/**
 * Why the target refused `token` on `read` (401 or 403: the credential), or null. Any other outcome
 * (served, no answer, a 5xx) says nothing against the credential: the checks judge the target.
 */
async function refusal(profile: Profile, transport: Transport, token: string, read: Read): Promise<string | null> {
  return refusalOf(await tryRead(profile, transport, token, read), read);
}

/** `read` with `token`, once, a 429 waited out as in a check (a rate limit says nothing of the credential). */
async function tryRead(profile: Profile, transport: Transport, token: string, read: Read): Promise<HttpResult> {
  const url = `${profile.base_url.replace(/\/+$/, '')}${read.path}`;
  const waits = new RateLimitWaits(profile.rate_limit, profile.timeouts.check_ms);
  return (
    await sendPatiently(
      {
        method: 'GET',
        url,
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        timeoutMs: profile.timeouts.request_ms,
        transport,
      },
      waits,
    )
  ).result;
}

/** Why the answer to `read` refused its token (401 or 403), or null. */
function refusalOf(result: HttpResult, read: Read): string | null {
  if (result.kind === 'failure' || (result.status !== 401 && result.status !== 403)) return null;
  const code = errorCode(result.bodyText);
  const hint =
    result.status === 401
      ? ' — was it renewed or spent by an earlier run, or has it expired? Take a fresh one from the portal, or chain runs with --tokens-out'
      : '';
  return `refused with ${result.status}${code ? ` ${code}` : ''} on GET ${read.path}${hint}`;
}

/** The error body's `code`, or else its `short_message`, for the message. */
function errorCode(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; short_message?: unknown };
    const code =
      typeof parsed.code === 'string'
        ? parsed.code
        : typeof parsed.short_message === 'string'
          ? parsed.short_message
          : null;
    return code === null ? null : code.replace(/[^\x20-\x7e]/g, '?').slice(0, 80);
  } catch {
    return null;
  }
}

/**
 * Global setup's call, before any check: the credentials (`preflight`), then the readings the target's
 * answers show (reading-detection.ts), which it answers for the run to follow. A broken profile, or one
 * declaring a reading the target shows is not its own, ends the run here, after `cleanUp`, with one line
 * per problem and exit status 2 (a mistake in what the user gave, as a bad option is), and no check runs.
 */
export async function preflightOrExit(
  profile: Profile,
  settings: RunSettings,
  proxyEnvironment: Record<string, string | undefined>,
  cleanUp: () => Promise<void>,
): Promise<DetectedReadings> {
  const sets = settings.shard ? [profile.member_set] : profile.member_sets.map((_set, index) => index);
  const problems = await preflight(profile, { sets, proxyEnvironment });
  const transport = transportOf(profile, proxyEnvironment);
  // Only with every credential usable: a refused read shows nothing, and the credential's line says why.
  const detection =
    problems.length === 0
      ? await detectReadings(profile, sets, (token, path) => tryRead(profile, transport, token, { path }))
      : { detected: {}, problems: [] };
  problems.push(...detection.problems);
  if (problems.length === 0) return detection.detected;
  await cleanUp();
  process.stderr.write(
    `dss test: the target profile ${settings.profile ?? ''} cannot be used, so no check was run (preflight):\n${problems.map((problem) => `  - ${problem}\n`).join('')}`,
  );
  process.exit(2);
}
