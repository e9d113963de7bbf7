import { readingsSchema, type DeclaredReadings, type ReadingKey } from '../../protocol/readings.ts';
import { endpointById, fullPath } from '../../schemas/endpoints.ts';
import { patterns } from '../../schemas/spec-types.ts';
import { validate } from '../../schemas/validators.ts';
import { HarnessFault } from './harness-fault.ts';
import type { HttpResult } from './http.ts';
import { listIn, objectIn } from './json-answer.ts';
import type { Profile, ProfileMember } from './profile.ts';
import { amountScaleFound, dsoLineAccountFound, scaleShown, type AmountSeen, type DsoLineSeen, type ReadingFound } from './reading-evidence.ts';

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

export async function detectReadings(profile: Pick<Profile, 'member_sets' | 'readings' | 'declared_readings'>, sets: readonly number[], read: TargetRead): Promise<ReadingDetection> {
  const amounts: AmountSeen[] = [];
  const lines: DsoLineSeen[] = [];
  for (const set of sets) {
    for (const [role, member] of Object.entries(profile.member_sets[set] ?? {})) {
      // A blocked member's token is refused by design (auth.blocked-member).
      if (role !== 'blocked') await observe(member, read, amounts, lines);
    }
  }
  const declared = <K extends DetectedKey>(key: K): DeclaredReadings[K] | undefined => (profile.declared_readings.includes(key) ? profile.readings[key] : undefined);
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

const listAccountInstruments = endpointById('member.listAccountInstruments');
const getBalance = endpointById('member.getBalance');
const listObligations = endpointById('member.listObligations');

/** What `member`'s own reads show: the amounts it is answered, and its lines for other members' DSOs. */
async function observe(member: ProfileMember, read: TargetRead, amounts: AmountSeen[], lines: DsoLineSeen[]): Promise<void> {
  const as = `as ${named(member.identification)}`;
  for (const account of new Set(['emission', ...member.accounts])) {
    const listingPath = fullPath(listAccountInstruments).replace('{account_identification}', encodeURIComponent(account));
    const listing = listIn(await read(member.token, listingPath)) ?? [];
    for (const asset of listing.map(assetOf).filter((entry) => entry !== null).slice(0, BALANCES_PER_ACCOUNT)) {
      if (asset.dso && asset.issuer !== undefined && asset.issuer !== member.identification) {
        lines.push({ account, shown_by: `GET ${listingPath} ${as} listed ${named(asset.code)} of ${named(asset.issuer)}` });
      }
      const query = new URLSearchParams({ asset_code_identification: asset.code, ...(asset.issuer === undefined ? {} : { asset_issuer_identification: asset.issuer }) });
      const balancePath = `${fullPath(getBalance).replace('{account_identification}', encodeURIComponent(account))}?${query}`;
      const balance = objectIn(await read(member.token, balancePath))?.balance;
      if (typeof balance === 'string') amounts.push({ text: balance, shown_by: `GET ${balancePath} ${as} answered balance ${quoted(balance)}` });
    }
  }
  const obligationsPath = fullPath(listObligations);
  for (const total of listIn(await read(member.token, obligationsPath)) ?? []) {
    if (typeof total.balance === 'string') amounts.push({ text: total.balance, shown_by: `GET ${obligationsPath} ${as} answered balance ${quoted(total.balance)}` });
  }
}

const assetCode = new RegExp(patterns.assetCode);
const dsoCode = new RegExp(patterns.dsoCode);

/**
 * The asset a listing entry names: its code is whichever of the two fields holds one (the spec's
 * descriptions of asset code and group are crossed, line 67), never the group word DSO or DSA.
 */
function assetOf(entry: Record<string, unknown>): { code: string; dso: boolean; issuer: string | undefined } | null {
  const code = [entry.asset_code_identification, entry.asset_group_identification].find((value): value is string => typeof value === 'string' && assetCode.test(value) && value !== 'DSO' && value !== 'DSA');
  if (code === undefined) return null;
  const issuer = typeof entry.asset_issuer_identification === 'string' && entry.asset_issuer_identification.length > 0 ? entry.asset_issuer_identification : undefined;
  return { code, dso: dsoCode.test(code), issuer };
}

/** A text the target wrote, quoted, short and without control characters: safe on one line of a terminal or a report. */
function quoted(text: string): string {
  const short = text.length > 48 ? `${text.slice(0, 48)}…` : text;
  return JSON.stringify(short).replace(/[\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An identifier the target or the profile gives, as is when it is a plain one, else quoted. */
function named(text: string): string {
  return /^[A-Za-z0-9._-]{1,48}$/.test(text) ? text : quoted(text);
}

/**
 * The environment variable that carries the readings detected in global setup to the workers (as
 * `DSS_PROFILE` carries the profile): JSON of DetectedReadings, read by target.ts `configuredProfile`.
 */
export const DETECTED_READINGS_ENV = 'DSS_DETECTED_READINGS';

const detectedSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    detectedKeys.map((key) => [key, { type: 'object', required: ['value', 'shown_by'], additionalProperties: false, properties: { value: readingsSchema.properties[key], shown_by: { type: 'string', minLength: 1 } } }]),
  ),
};

/** The readings global setup detected, from the environment; none when it detected none (or ran none). */
export function detectedFromEnv(env: Record<string, string | undefined>): DetectedReadings {
  const text = env[DETECTED_READINGS_ENV];
  if (!text) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HarnessFault(`${DETECTED_READINGS_ENV} is not JSON`);
  }
  const result = validate(detectedSchema, data);
  if (!result.valid) throw new HarnessFault(`${DETECTED_READINGS_ENV} is not the readings global setup detected: ${result.errors.join('; ')}`);
  return data as DetectedReadings;
}

/** The profile following what was detected, for every key it does not declare (a declaration always wins). */
export function withDetectedReadings<P extends Pick<Profile, 'readings' | 'declared_readings' | 'detected_readings'>>(profile: P, detected: DetectedReadings): P {
  const followed = Object.entries(detected).filter(([key]) => !profile.declared_readings.includes(key as ReadingKey));
  if (followed.length === 0) return profile;
  return {
    ...profile,
    readings: { ...profile.readings, ...Object.fromEntries(followed.map(([key, entry]) => [key, entry.value])) },
    detected_readings: { ...profile.detected_readings, ...Object.fromEntries(followed.map(([key, entry]) => [key, entry.shown_by])) },
  };
}
