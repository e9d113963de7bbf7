import { FRACTION_DIGITS } from '../../protocol/amount.ts';
/**
 * What the invariant property plays with: the tokenizer's DSA (and its second DSA, when the profile
 * lists one: the quoted asset of the exchanges), one DSO per market maker, and the holdings that can
 * carry them (a line for each DSA on each of a maker's first two operating accounts, and a line for the
 * other maker's DSO on each maker's DSO account: its `emission`, or its first operating account as the
 * target's readings say, protocol/readings.ts dsoHoldingAccount). Plain data, no HTTP.
 */
import { dsoHoldingAccount, referenceReadings, type DeclaredReadings } from '../../protocol/readings.ts';

export const makerRoles = ['mmA', 'mmB'] as const;
export type MakerRole = (typeof makerRoles)[number];
export type ParticipantRole = 'tokenizer' | MakerRole;

/** The DSO each maker issues in the property: a code unlikely to be used by other checks of the worker. */
export const INVARIANT_DSO_CODE = 'NZDDSO';
export const EMISSION = 'emission';

export interface AssetRef {
  code: string;
  issuer: string;
  group: 'DSA' | 'DSO';
  /** Who issues it among the participants. */
  issuerRole: ParticipantRole;
}

/** One (member, account, asset): where a balance lives, always on a credit line. */
export interface Holding {
  key: string;
  /** Readable and the same in every run: `mmA/main USD(tokenizer)`. */
  label: string;
  holder: MakerRole;
  account: string;
  asset: AssetRef;
}

export interface Maker {
  identification: string;
  /** At most two operating accounts, the default first: enough for every consolidation. */
  accounts: string[];
}

export interface Universe {
  tokenizer: string;
  makers: Record<MakerRole, Maker>;
  /** The tokenizer's first DSA: fundings, consolidations, payments, redemptions, the exchanges' base asset. */
  dsa: AssetRef;
  /** The tokenizer's second DSA, when it has one: the exchanges' quoted asset (fundable like the first). */
  quotedDsa?: AssetRef;
  /** The DSO issued by each maker (held by the other). */
  dso: Record<MakerRole, AssetRef>;
  holdings: Holding[];
  /** Fraction digits the target keeps (its profile's readings.amount_scale): every amount sent has at most these. */
  amountScale: number;
}

export interface UniverseInput {
  tokenizer: string;
  dsaCode: string;
  quotedDsaCode?: string;
  makers: Record<MakerRole, Maker>;
  /** Where a maker holds the other's DSO; the reference's when absent. */
  readings?: Pick<DeclaredReadings, 'dso_line_account'>;
  /** The reference's 7 when not given. */
  amountScale?: number;
}

/** Every ordered pair of participants whose allowlist entry the property may read or change: `[holder, listed]`. */
export const allowlistPairs: ReadonlyArray<readonly [ParticipantRole, ParticipantRole]> = [
  ['mmA', 'mmB'],
  ['mmB', 'mmA'],
  ['mmA', 'tokenizer'],
  ['tokenizer', 'mmA'],
  ['mmB', 'tokenizer'],
  ['tokenizer', 'mmB'],
];

/** `mmA>mmB`: mmA's allowlist holds mmB. */
export function allowlistEntry(holder: ParticipantRole, listed: ParticipantRole): string {
  return `${holder}>${listed}`;
}

export function otherMaker(role: MakerRole): MakerRole {
  return role === 'mmA' ? 'mmB' : 'mmA';
}

export function assetKey(asset: AssetRef): string {
  return `${asset.code}|${asset.issuer}`;
}

export function buildUniverse(input: UniverseInput): Universe {
  const dsaOf = (code: string): AssetRef => ({ code, issuer: input.tokenizer, group: 'DSA', issuerRole: 'tokenizer' });
  const dsa = dsaOf(input.dsaCode);
  const quotedDsa = input.quotedDsaCode === undefined ? undefined : dsaOf(input.quotedDsaCode);
  const dsas = quotedDsa ? [dsa, quotedDsa] : [dsa];
  const makers = {
    mmA: { ...input.makers.mmA, accounts: input.makers.mmA.accounts.slice(0, 2) },
    mmB: { ...input.makers.mmB, accounts: input.makers.mmB.accounts.slice(0, 2) },
  };
  const dsoOf = (role: MakerRole): AssetRef => ({
    code: INVARIANT_DSO_CODE,
    issuer: makers[role].identification,
    group: 'DSO',
    issuerRole: role,
  });
  const dso = { mmA: dsoOf('mmA'), mmB: dsoOf('mmB') };
  const holding = (holder: MakerRole, account: string, asset: AssetRef): Holding => ({
    key: `${makers[holder].identification}/${account}|${assetKey(asset)}`,
    label: `${holder}/${account} ${asset.code}(${asset.issuerRole})`,
    holder,
    account,
    asset,
  });
  const holdings = [
    ...dsas.flatMap((asset) =>
      makerRoles.flatMap((role) => makers[role].accounts.map((account) => holding(role, account, asset))),
    ),
    ...makerRoles.map((role) =>
      holding(
        role,
        dsoHoldingAccount(input.readings ?? referenceReadings, makers[role].accounts),
        dso[otherMaker(role)],
      ),
    ),
  ];
  return {
    tokenizer: input.tokenizer,
    makers,
    dsa,
    ...(quotedDsa ? { quotedDsa } : {}),
    dso,
    holdings,
    amountScale: input.amountScale ?? FRACTION_DIGITS,
  };
}

export function dsaHoldings(universe: Universe): Holding[] {
  return universe.holdings.filter((holding) => holding.asset.group === 'DSA');
}

/** The holding of `asset` (default: the first DSA) on the maker's operating account. */
export function dsaHolding(
  universe: Universe,
  holder: MakerRole,
  account: string,
  asset: AssetRef = universe.dsa,
): Holding | undefined {
  return universe.holdings.find(
    (holding) =>
      holding.holder === holder && holding.account === account && assetKey(holding.asset) === assetKey(asset),
  );
}

/** The holding of the DSO that `holder` may hold (the other maker's), on its DSO account. */
export function dsoHolding(universe: Universe, holder: MakerRole): Holding {
  const found = universe.holdings.find((holding) => holding.asset.group === 'DSO' && holding.holder === holder);
  if (!found) throw new Error(`no DSO holding for ${holder}`); // buildUniverse makes one per maker
  return found;
}
