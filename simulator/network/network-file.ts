/**
 * simulator/network/: a network file (`dss sim --network FILE.yaml`, `POST /sim/reset {network_file}`):
 * the members with their roles, countries, BICs and accounts, the assets, who lists whom, the credit
 * lines and opening balances, each member's autopilot rules and the clock. Read with every problem
 * listed at once, each with its place in the file, like a target profile. docs/network.md describes it.
 */
import { parse as parseYaml } from 'yaml';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { isIso4217Code } from '../../schemas/iso4217.ts';
import { unknownFields } from '../../schemas/unknown-fields.ts';
import { validate } from '../../schemas/validators.ts';
import { LATEST_INSTANT } from '../clock.ts';
import { FRACTION_DIGITS, parseAmount } from '../ledger/amount.ts';
import { readingCatalogue, type ReadingName } from '../readings/catalogue.ts';
import { defaultRetention, type RetentionOptions } from '../retention/retention.ts';
import {
  accountIdentificationPattern,
  bicfiPattern,
  countryCodePattern,
  EMISSION,
  memberIdentificationPattern,
} from '../members/registry.ts';
import type { AutopilotRules } from '../autopilot/rules.ts';
import { autopilotRulesSchema } from '../autopilot/rules.ts';

export type NetworkRole = 'tokenizer' | 'market-maker';

export interface NetworkMember {
  identification: string;
  role: NetworkRole;
  country: string;
  bic: string;
  /** Operating accounts (default `main`); every member also has `emission`. */
  accounts?: string[];
  /** `blocked`: onboarded, then blocked by the operator, so it acts on nothing (default `activated`). */
  state?: 'activated' | 'blocked';
  /** The members this one puts on its allowlist. */
  allowlist?: string[];
  /** The DSOs this market maker issues at start (`POST /settlement-instruments`), e.g. `SGDDSO`. */
  dsos?: string[];
  autopilot?: AutopilotRules;
}

/** A DSA (an ISO 4217 code) a tokenizer issues. */
export interface NetworkAsset {
  code: string;
  issuer: string;
}

/** A DSA credit line the holder requests and its issuer allows, funded with `balance` when given (at most the ledger's 7 fraction digits). */
export interface NetworkCreditLine {
  holder: string;
  account?: string;
  asset: string;
  issuer: string;
  limit: number;
  balance?: number;
}

export interface NetworkFile {
  /** Start of the clock: ms since the epoch or an ISO 8601 instant (default: now). */
  clock?: number | string;
  autopilot?: { delay_ms?: number };
  /** How much history the stores keep, by the names of `dss sim --retention` (which wins, name by name). */
  retention?: Partial<RetentionOptions>;
  /** Reading variants the network plays (readings/catalogue.ts), besides those of `dss sim --readings`. */
  readings?: ReadingName[];
  members: NetworkMember[];
  assets?: NetworkAsset[];
  credit_lines?: NetworkCreditLine[];
}

/** A network file that cannot be used; `problems` holds every problem found, each with its place. */
export class NetworkFileError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`Network file ${source} is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** The default delay of an autopilot answer, in simulated milliseconds. */
export const DEFAULT_DELAY_MS = 200;

const identification = { type: 'string', pattern: memberIdentificationPattern.source };
const account = { type: 'string', pattern: accountIdentificationPattern.source };
const currency = { type: 'string', pattern: '^[A-Z]{3}$' };
const balance = { type: 'number', minimum: 0 };

const networkFileSchema: JsonSchema = {
  type: 'object',
  required: ['members'],
  properties: {
    clock: {
      anyOf: [
        { type: 'integer', minimum: 0, maximum: LATEST_INSTANT },
        { type: 'string', minLength: 1 },
      ],
    },
    autopilot: { type: 'object', properties: { delay_ms: { type: 'integer', minimum: 0, maximum: 3_600_000 } } },
    retention: {
      type: 'object',
      properties: Object.fromEntries(
        Object.keys(defaultRetention).map((name) => [
          name,
          { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        ]),
      ),
    },
    readings: { type: 'array', uniqueItems: true, items: { enum: Object.keys(readingCatalogue) } },
    members: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['identification', 'role', 'country', 'bic'],
        properties: {
          identification,
          role: { enum: ['tokenizer', 'market-maker'] },
          country: { type: 'string', pattern: countryCodePattern.source },
          bic: { type: 'string', pattern: bicfiPattern.source },
          accounts: { type: 'array', minItems: 1, uniqueItems: true, items: account },
          state: { enum: ['activated', 'blocked'] },
          allowlist: { type: 'array', uniqueItems: true, items: identification },
          dsos: { type: 'array', uniqueItems: true, items: { type: 'string', pattern: '^[A-Z]{3}DSO$' } },
          autopilot: autopilotRulesSchema,
        },
      },
    },
    assets: {
      type: 'array',
      items: { type: 'object', required: ['code', 'issuer'], properties: { code: currency, issuer: identification } },
    },
    credit_lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['holder', 'asset', 'issuer', 'limit'],
        properties: {
          holder: identification,
          account,
          asset: currency,
          issuer: identification,
          limit: { type: 'integer', minimum: 1 },
          balance,
        },
      },
    },
  },
};

/** Reads a network file's text (YAML or JSON); throws NetworkFileError listing every problem. */
export function parseNetworkFile(text: string, source: string): NetworkFile {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new NetworkFileError(source, [`not YAML: ${(error as Error).message.split('\n')[0]}`]);
  }
  return checkNetworkFile(data, source);
}

/** Checks data read from a network file: its shape, then whether what it says can happen. */
export function checkNetworkFile(data: unknown, source: string): NetworkFile {
  const result = validate(networkFileSchema, data);
  const problems = [
    ...(result.valid ? [] : result.errors.map((error) => (error.startsWith('/') ? error : `/ ${error}`))),
    ...unknownFields(networkFileSchema, data),
  ];
  if (problems.length > 0) throw new NetworkFileError(source, problems);
  const network = data as NetworkFile;
  const impossible = impossibleRules(network);
  if (impossible.length > 0) throw new NetworkFileError(source, impossible);
  return network;
}

/** The start of the clock a network file sets, in ms; undefined when it sets none. */
export function clockOf(network: NetworkFile): number | undefined {
  if (network.clock === undefined || typeof network.clock === 'number') return network.clock;
  return Date.parse(network.clock);
}

export function accountsOf(member: NetworkMember): string[] {
  return member.accounts ?? ['main'];
}

/** What a valid shape can still say that cannot happen: unknown members, assets nobody issues, rules a role cannot follow. */
function impossibleRules(network: NetworkFile): string[] {
  const problems: string[] = [];
  const members = new Map<string, NetworkMember>();
  const bics = new Set<string>();
  network.members.forEach((member, index) => {
    const at = `/members/${index}`;
    if (members.has(member.identification))
      problems.push(`${at}/identification: ${member.identification} is declared twice`);
    members.set(member.identification, member);
    const bic8 = member.bic.slice(0, 8);
    if (bics.has(bic8)) problems.push(`${at}/bic: ${member.bic} is another member's BIC`);
    bics.add(bic8);
    if (member.bic.slice(4, 6) !== member.country)
      problems.push(`${at}/bic: ${member.bic} is not a BIC of country ${member.country} (letters 5-6)`);
    if (accountsOf(member).includes(EMISSION))
      problems.push(`${at}/accounts: ${EMISSION} is every member's issuance account, not an operating account`);
    // The opening calls are the member's own, which the service refuses a blocked member.
    if (member.state === 'blocked' && (member.dsos || member.allowlist || member.autopilot))
      problems.push(
        `${at}/state: ${member.identification} is blocked, so it issues no DSO, lists nobody and has no autopilot`,
      );
  });
  if (network.clock !== undefined && typeof network.clock === 'string') {
    const instant = Date.parse(network.clock);
    if (Number.isNaN(instant) || instant < 0 || instant > LATEST_INSTANT)
      problems.push(`/clock: ${network.clock} is not an ISO 8601 instant between 1970 and 9999`);
  }

  const issued = new Set<string>();
  (network.assets ?? []).forEach((asset, index) => {
    const at = `/assets/${index}`;
    const issuer = members.get(asset.issuer);
    if (!issuer) problems.push(`${at}/issuer: no member ${asset.issuer} in this network`);
    else if (issuer.role !== 'tokenizer')
      problems.push(`${at}/issuer: ${asset.issuer} is a ${issuer.role}; only a tokenizer issues a DSA`);
    if (!isIso4217Code(asset.code)) problems.push(`${at}/code: ${asset.code} is not an ISO 4217 currency code`);
    if (issued.has(assetKey(asset.code, asset.issuer)))
      problems.push(`${at}: ${asset.code} of ${asset.issuer} is declared twice`);
    issued.add(assetKey(asset.code, asset.issuer));
  });
  network.members.forEach((member, index) => {
    (member.dsos ?? []).forEach((code, position) => {
      const at = `/members/${index}/dsos/${position}`;
      if (member.role !== 'market-maker')
        problems.push(`${at}: ${member.identification} is a ${member.role}; only a market maker issues a DSO`);
      if (!isIso4217Code(code.slice(0, 3)))
        problems.push(`${at}: ${code} is not an ISO 4217 currency code followed by DSO`);
      issued.add(assetKey(code, member.identification));
    });
  });

  network.members.forEach((member, index) => {
    (member.allowlist ?? []).forEach((listed, position) => {
      const at = `/members/${index}/allowlist/${position}`;
      if (listed === member.identification) problems.push(`${at}: ${listed} cannot list itself`);
      else if (!members.has(listed)) problems.push(`${at}: no member ${listed} in this network`);
    });
  });

  const lines = new Set<string>();
  (network.credit_lines ?? []).forEach((line, index) => {
    const at = `/credit_lines/${index}`;
    const holder = members.get(line.holder);
    if (!holder) problems.push(`${at}/holder: no member ${line.holder} in this network`);
    else if (holder.state === 'blocked')
      problems.push(`${at}/holder: ${line.holder} is blocked, so it cannot request a line`);
    else if (!accountsOf(holder).includes(line.account ?? 'main'))
      problems.push(`${at}/account: ${line.holder} has no operating account ${line.account ?? 'main'}`);
    if (!issued.has(assetKey(line.asset, line.issuer)))
      problems.push(`${at}: nobody issues ${line.asset} of ${line.issuer} (see /assets)`);
    if (line.balance !== undefined && line.balance > line.limit)
      problems.push(`${at}/balance: ${line.balance} is above the line's limit ${line.limit}`);
    if (line.balance !== undefined && !hasLedgerDigits(line.balance))
      problems.push(`${at}/balance: ${line.balance} has more than the ledger's ${FRACTION_DIGITS} fraction digits`);
    const key = `${line.holder}|${line.account ?? 'main'}|${assetKey(line.asset, line.issuer)}`;
    if (lines.has(key))
      problems.push(
        `${at}: ${line.holder} already holds a line for ${line.asset} of ${line.issuer} on ${line.account ?? 'main'}`,
      );
    lines.add(key);
  });

  network.members.forEach((member, index) => {
    const rules = member.autopilot;
    if (!rules) return;
    const at = `/members/${index}/autopilot`;
    if (rules.tokenizer && member.role !== 'tokenizer')
      problems.push(`${at}/tokenizer: ${member.identification} is a ${member.role}; tokenizer rules need a tokenizer`);
    if (rules.market_maker) {
      const seller = rules.market_maker.account ?? 'main';
      if (!accountsOf(member).includes(seller))
        problems.push(`${at}/market_maker/account: ${member.identification} has no operating account ${seller}`);
      rules.market_maker.pairs.forEach((pair, position) => {
        const pairAt = `${at}/market_maker/pairs/${position}`;
        for (const [code, issuer] of [
          [pair.base, pair.base_issuer],
          [pair.quoted, pair.quoted_issuer],
        ] as const) {
          if (!issued.has(assetKey(code, issuer)))
            problems.push(
              `${pairAt}: ${member.identification} quotes ${code} of ${issuer}, which nobody in this network issues`,
            );
        }
        if (pair.base === pair.quoted && pair.base_issuer === pair.quoted_issuer)
          problems.push(`${pairAt}: base and quoted asset are the same`);
        // A network file gives DSA lines only, so the only DSO a market maker can deliver is its own (minted from emission).
        if (pair.quoted.endsWith('DSO') && pair.quoted_issuer !== member.identification)
          problems.push(
            `${pairAt}: ${member.identification} sells ${pair.quoted} of ${pair.quoted_issuer}, a DSO it cannot hold (a market maker delivers only its own DSO)`,
          );
        if (pair.minimum !== undefined && pair.minimum > pair.maximum)
          problems.push(`${pairAt}: minimum ${pair.minimum} is above maximum ${pair.maximum}`);
        // A request reaches only a seller that holds an allowed line for the base asset, or issued it as a DSO (semantics §7).
        const ownDso = pair.base_issuer === member.identification && (member.dsos ?? []).includes(pair.base);
        const holdsBase =
          ownDso ||
          (network.credit_lines ?? []).some(
            (line) =>
              line.holder === member.identification && line.asset === pair.base && line.issuer === pair.base_issuer,
          );
        if (issued.has(assetKey(pair.base, pair.base_issuer)) && !holdsBase) {
          problems.push(
            `${pairAt}: ${member.identification} holds no credit line for ${pair.base} of ${pair.base_issuer} (see /credit_lines), so no quotation request for this pair would reach it`,
          );
        }
      });
    }
    if (rules.payments) {
      const traffic = rules.payments;
      if (traffic.to === member.identification)
        problems.push(`${at}/payments/to: ${member.identification} cannot pay itself`);
      else if (!members.has(traffic.to)) problems.push(`${at}/payments/to: no member ${traffic.to} in this network`);
      const holds = (network.credit_lines ?? []).some(
        (line) =>
          line.holder === member.identification &&
          (line.account ?? 'main') === (traffic.account ?? 'main') &&
          line.asset === traffic.currency &&
          line.issuer === traffic.issuer,
      );
      if (!holds)
        problems.push(
          `${at}/payments: ${member.identification} holds no credit line for ${traffic.currency} of ${traffic.issuer} on ${traffic.account ?? 'main'} (see /credit_lines) to pay from`,
        );
    }
    if (rules.exchanges) {
      const traffic = rules.exchanges;
      const account = traffic.account ?? 'main';
      for (const [code, issuer] of [
        [traffic.base, traffic.base_issuer],
        [traffic.quoted, traffic.quoted_issuer],
      ] as const) {
        const holds = (network.credit_lines ?? []).some(
          (line) =>
            line.holder === member.identification &&
            (line.account ?? 'main') === account &&
            line.asset === code &&
            line.issuer === issuer,
        );
        if (!issued.has(assetKey(code, issuer)))
          problems.push(
            `${at}/exchanges: ${member.identification} buys with ${code} of ${issuer}, which nobody in this network issues`,
          );
        else if (!holds)
          problems.push(
            `${at}/exchanges: ${member.identification} holds no credit line for ${code} of ${issuer} on ${account} (see /credit_lines)`,
          );
      }
    }
    if (rules.rfi) {
      const credited = rules.rfi.account ?? 'main';
      if (!accountsOf(member).includes(credited))
        problems.push(`${at}/rfi/account: ${member.identification} has no operating account ${credited}`);
      for (const code of rules.rfi.currencies ?? []) {
        if (!isIso4217Code(code)) problems.push(`${at}/rfi/currencies: ${code} is not an ISO 4217 currency code`);
      }
    }
  });
  return problems;
}

function hasLedgerDigits(amount: number): boolean {
  try {
    parseAmount(amount);
    return true;
  } catch {
    return false;
  }
}

function assetKey(code: string, issuer: string): string {
  return `${code} of ${issuer}`;
}
