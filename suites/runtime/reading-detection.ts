import { readingsSchema, type DeclaredReadings, type ReadingKey } from '../../protocol/readings.ts';
import { endpointById, fullPath } from '../../schemas/endpoints.ts';
import { isJsonMediaType } from './client.ts';
import type { HttpResult } from './http.ts';
import { listIn, objectIn } from './json-answer.ts';
import type { Profile, ProfileMember } from './profile.ts';
import {
  amountScaleFound,
  amountsIn,
  dsoLineAccountFound,
  dsoLinesIn,
  listedAssets,
  named,
  scaleShown,
  type AmountSeen,
  type DsoLineSeen,
  type ReadingFound,
} from './reading-evidence.ts';

/**
 * Detection of the readings a target's answers show (docs/readings.md, "Detected readings"), in
 * preflight, before any check: by GET reads that change nothing and spend nothing, as each member of the
 * profile. For every account of a member (its issuance account `emission` and its operating accounts)
 * the assets it may hold are listed, and the balance of each read: the balances' fraction digits show
 * the ledger's `amount_scale`, and the accounts listing lines for other members' DSOs show
 * `dso_line_account`; the totals of the DSOs a member issued are amounts too. A fresh target, whose
 * members hold nothing yet, shows neither: the profile's declaration or the reference's reading then
 * stands. `string_bodies` and the other open points cannot be read without a call that changes state.
 */

/** The readings detection can show. */
export const detectedKeys = ['amount_scale', 'dso_line_account'] as const satisfies readonly ReadingKey[];
export type DetectedKey = (typeof detectedKeys)[number];

/** Each reading detected, with the call and answer that showed it (the report's line). */
export type DetectedReadings = { [K in DetectedKey]?: { value: DeclaredReadings[K]; shown_by: string } };

export interface ReadingDetection {
  detected: DetectedReadings;
  /** One line for each declared reading the target shows is not its own (preflight stops the run). */
  problems: string[];
}

/** One GET of `path` with `token` (preflight's read): the only kind of call detection makes. */
export type TargetRead = (token: string, path: string) => Promise<HttpResult>;

/** Assets of one account whose balances are read: enough to see the rendering, bounded on a member holding hundreds. */
const BALANCES_PER_ACCOUNT = 8;

export async function detectReadings(
  profile: Pick<Profile, 'member_sets' | 'readings' | 'declared_readings'>,
  sets: readonly number[],
  targetRead: TargetRead,
): Promise<ReadingDetection> {
  const read = whileAnswering(targetRead);
  const amounts: AmountSeen[] = [];
  const lines: DsoLineSeen[] = [];
  for (const set of sets) {
    for (const [role, member] of Object.entries(profile.member_sets[set] ?? {})) {
      // A blocked member's token is refused by design (auth.blocked-member).
      if (role !== 'blocked') await observe(member, read, amounts, lines);
    }
  }
  const declared = <K extends DetectedKey>(key: K): DeclaredReadings[K] | undefined =>
    profile.declared_readings.includes(key) ? profile.readings[key] : undefined;
  const found: { [K in DetectedKey]: ReadingFound<K> } = {
    amount_scale: amountScaleFound(scaleShown(amounts), declared('amount_scale')),
    dso_line_account: dsoLineAccountFound(lines, declared('dso_line_account')),
  };
  const detected: Record<string, { value: string | number; shown_by: string }> = {};
  const problems: string[] = [];
  for (const [key, result] of Object.entries(found)) {
    if (result === null) continue;
    if ('problem' in result) problems.push(result.problem);
    else detected[key] = result;
  }
  return { detected: detected as DetectedReadings, problems };
}

/** What a read that was not made answers: nothing, as a target that did not answer. */
const NOT_READ: HttpResult = {
  kind: 'failure',
  reason: 'other',
  message: 'not read: an earlier read of detection met no JSON answer',
  durationMs: 0,
};

/**
 * `read`, until the target first answers otherwise than with JSON: no answer, a redirect, a 5xx, a body
 * that is not JSON. The reads after it are not made. A target that hangs or misbehaves then costs
 * preflight one read more, not one time-out per read, and what it does is the checks' to judge.
 */
function whileAnswering(read: TargetRead): TargetRead {
  let ended = false;
  return async (token, path) => {
    if (ended) return NOT_READ;
    const result = await read(token, path);
    ended = !answersJson(result);
    return result;
  };
}

function answersJson(result: HttpResult): boolean {
  if (result.kind === 'failure' || (result.status >= 300 && result.status < 400) || result.status >= 500) return false;
  if (result.bodyText === '') return true;
  if (result.invalidUtf8 || !isJsonMediaType(result.headers['content-type'])) return false;
  try {
    JSON.parse(result.bodyText);
    return true;
  } catch {
    return false;
  }
}

const listAccountInstruments = endpointById('member.listAccountInstruments');
const getBalance = endpointById('member.getBalance');
const listObligations = endpointById('member.listObligations');

/** What `member`'s own reads show: the amounts it is answered, and its lines for other members' DSOs. */
async function observe(
  member: ProfileMember,
  read: TargetRead,
  amounts: AmountSeen[],
  lines: DsoLineSeen[],
): Promise<void> {
  const as = `as ${named(member.identification)}`;
  for (const account of new Set(['emission', ...member.accounts])) {
    const listingPath = fullPath(listAccountInstruments).replace(
      '{account_identification}',
      encodeURIComponent(account),
    );
    const assets = listedAssets(listIn(await read(member.token, listingPath))).slice(0, BALANCES_PER_ACCOUNT);
    lines.push(
      ...dsoLinesIn(assets, account, member.identification, (asset) => `GET ${listingPath} ${as} listed ${asset}`),
    );
    for (const asset of assets) {
      const query = new URLSearchParams({
        asset_code_identification: asset.code,
        ...(asset.issuer === undefined ? {} : { asset_issuer_identification: asset.issuer }),
      });
      const balancePath = `${fullPath(getBalance).replace('{account_identification}', encodeURIComponent(account))}?${query}`;
      amounts.push(
        ...amountsIn(
          objectIn(await read(member.token, balancePath)),
          (text) => `GET ${balancePath} ${as} answered balance ${text}`,
        ),
      );
    }
  }
  const obligationsPath = fullPath(listObligations);
  amounts.push(
    ...amountsIn(
      listIn(await read(member.token, obligationsPath)) ?? [],
      (text) => `GET ${obligationsPath} ${as} answered balance ${text}`,
    ),
  );
}

/** What preflight detected, as RunSettings carries it from global setup to the workers (run-settings.ts). */
export const detectedSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    detectedKeys.map((key) => [
      key,
      {
        type: 'object',
        required: ['value', 'shown_by'],
        additionalProperties: false,
        properties: { value: readingsSchema.properties[key], shown_by: { type: 'string', minLength: 1 } },
      },
    ]),
  ),
};

/** The profile following what was detected, for every key it does not declare (a declaration always wins). */
export function withDetectedReadings<P extends Pick<Profile, 'readings' | 'declared_readings' | 'detected_readings'>>(
  profile: P,
  detected: DetectedReadings,
): P {
  const followed = Object.entries(detected).filter(([key]) => !profile.declared_readings.includes(key as ReadingKey));
  if (followed.length === 0) return profile;
  return {
    ...profile,
    readings: { ...profile.readings, ...Object.fromEntries(followed.map(([key, entry]) => [key, entry.value])) },
    detected_readings: {
      ...profile.detected_readings,
      ...Object.fromEntries(followed.map(([key, entry]) => [key, entry.shown_by])),
    },
  };
}
