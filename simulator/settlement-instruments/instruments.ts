/**
 * simulator/settlement-instruments/: the listings of settlement instruments (assets) and the issuance
 * of DSO (semantics §2). The assets themselves live in `assets/registry.ts`, the credit lines that
 * authorise holding them in the ledger; this folder answers "which assets" questions from both.
 * An empty listing is SETTLEMENT-INSTRUMENTS-NONE (404), as every listing's table says; under the
 * reading empty-lists-200 the two listings whose 404 the spec gives no condition (lines 482, 484)
 * answer an empty list instead.
 */
import type { MemberInstrumentKind } from '../../schemas/enumerations.ts';
import { assetKey, type Asset } from '../assets/registry.ts';
import { requireAccount, requireSelf } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import type { SimState } from '../state.ts';

/** How the ledger names an asset. */
export function assetRef(asset: Asset): AssetRef {
  return { code: asset.asset_code_identification, issuer: asset.asset_issuer_identification };
}

/** `GET /settlement-instruments`: every asset, DSA registered for tokenizers and DSO issued by market makers. */
export function listInstruments(state: SimState): Asset[] {
  return found(state.assets.list(), 'No settlement instrument has been issued yet.');
}

/** `GET /settlement-instruments/digital-accounts/{account}`: what the caller's account may hold now. */
export function accountInstruments(state: SimState, caller: Principal, account: string): Asset[] {
  const member = caller.member.identification;
  if (!caller.member.accounts.has(account))
    throw new DssError('ACCOUNT-NOT-FOUND', `Member ${member} has no account ${account}.`);
  requireAccount(caller, account);
  // Fault account-listing-member-wide: the member's lines are read as the account's, whatever account they are on.
  const held = allowedAssets(state, member).filter(
    (entry) => entry.account === account || state.faults.on('account-listing-member-wide'),
  );
  return foundOrEmpty(
    state,
    unique(held.map((entry) => entry.asset)),
    `Account ${account} of ${member} holds no allowed credit line.`,
  );
}

/** The DSO a member issued (a tokenizer's DSA are registered, not issued through the API). */
export function issuedDso(state: SimState, member: string): Asset[] {
  return state.assets.issuedBy(member).filter((asset) => asset.asset_group_identification === 'DSO');
}

/** `GET /settlement-instruments/emission`: the DSO the caller issued. */
export function emittedInstruments(state: SimState, caller: Principal): Asset[] {
  return found(
    issuedDso(state, caller.member.identification),
    `Member ${caller.member.identification} has issued no DSO.`,
  );
}

/**
 * `GET /settlement-instruments/members/{member}`: `emission` = what the member issues, `authorized` =
 * what it may hold on any account (an allowed credit line), `both` = the union.
 */
export function memberInstruments(state: SimState, member: string, kind: MemberInstrumentKind): Asset[] {
  if (!state.members.get(member)) throw new DssError('MEMBER-NOT-FOUND', `No member ${member}.`);
  const emitted = kind === 'authorized' ? [] : state.assets.issuedBy(member);
  const authorized = kind === 'emission' ? [] : allowedAssets(state, member).map((entry) => entry.asset);
  return foundOrEmpty(
    state,
    unique([...emitted, ...authorized]),
    `Member ${member} has no ${kind === 'both' ? '' : `${kind} `}settlement instruments.`,
  );
}

/** Tokenizer `GET /settlement-instruments/available/{tokenizer}`: the DSA registered for the caller. */
export function availableInstruments(state: SimState, caller: Principal, tokenizer: string): Asset[] {
  requireSelf(caller, tokenizer);
  const registered = state.assets.issuedBy(tokenizer).filter((asset) => asset.asset_group_identification === 'DSA');
  return found(registered, `No DSA is registered for ${tokenizer}.`);
}

/** The assets of the member's allowed credit lines, with the account of each line. */
function allowedAssets(state: SimState, member: string): { account: string; asset: Asset }[] {
  return state.ledger
    .creditLines()
    .filter((line) => line.holderMember === member && line.state === 'allow')
    .flatMap((line) => {
      // A line is only ever opened for a registered asset, and assets are never removed.
      const asset = state.assets.get(line.assetCode, line.issuer);
      return asset ? [{ account: line.holderAccount, asset }] : [];
    });
}

function unique(assets: Asset[]): Asset[] {
  return [
    ...new Map(
      assets.map((asset) => [assetKey(asset.asset_code_identification, asset.asset_issuer_identification), asset]),
    ).values(),
  ];
}

/** Reading empty-lists-200: "404 (error)" with no condition (spec lines 482, 484) may be read as not for an empty list. */
function foundOrEmpty(state: SimState, assets: Asset[], none: string): Asset[] {
  return state.readings.on('empty-lists-200') ? assets : found(assets, none);
}

function found(assets: Asset[], none: string): Asset[] {
  if (assets.length === 0) throw new DssError('SETTLEMENT-INSTRUMENTS-NONE', none);
  return assets;
}
