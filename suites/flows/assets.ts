import { listOfRef, schemaRef } from '../../schemas/resources.ts';
import type { SettlementInstrumentInfo } from '../../schemas/wire.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';
import type { Actors } from '../runtime/fixtures.ts';
import { listOrNone, okBody } from './answers.ts';
import type { Party } from './party.ts';

/** An asset is its code and its issuer, never the code alone (semantics §2). */
export interface AssetId {
  code: string;
  issuer: string;
}

/** The spec's settlementInstrumentInfo, by the short name the flows and checks use. */
export type Instrument = SettlementInstrumentInfo;

export const instrumentList = listOfRef('settlementInstrumentInfo');

/** The DSA the run's tokenizer issues: the first asset its profile lists. */
export function tokenizerDsa(actors: Pick<Actors, 'tokenizer'>): AssetId {
  const asset = actors.tokenizer.assets[0];
  if (!asset)
    throw new HarnessFault(
      `the profile lists no asset for the tokenizer ${actors.tokenizer.identification}: the value-layer flows need the DSA it issues`,
    );
  return { code: asset.asset_code_identification, issuer: asset.asset_issuer_identification };
}

/** The asset as the API writes it; the group follows from the code (a DSO code ends in DSO). */
export function instrumentOf(asset: AssetId): Instrument {
  return {
    asset_code_identification: asset.code,
    asset_group_identification: asset.code.endsWith('DSO') ? 'DSO' : 'DSA',
    asset_issuer_identification: asset.issuer,
  };
}

/** Whether a listing holds the asset (by code and issuer). */
export function lists(instruments: readonly Instrument[], asset: AssetId): boolean {
  return instruments.some(
    (entry) => entry.asset_code_identification === asset.code && entry.asset_issuer_identification === asset.issuer,
  );
}

export function issueDsoRequest(issuer: Party, code: string) {
  return issuer.client.call('member.issueSettlementInstrument', {
    query: { asset_code_identification: code, asset_group_identification: 'DSO' },
  });
}

/**
 * The issuer issues the DSO `code` (idempotent on the reference, so a flow may issue what it needs
 * without knowing whether an earlier check did). Requirements: INS-DSO-ISSUE, RES-LEDGER-SCHEMAS.
 */
export async function issueDso(issuer: Party, code: string): Promise<AssetId> {
  const issued = okBody<Instrument>(
    await issueDsoRequest(issuer, code),
    schemaRef('settlementInstrumentInfo'),
    'INS-DSO-ISSUE',
  );
  const asset = { code, issuer: issuer.identification };
  if (
    issued.asset_code_identification !== code ||
    issued.asset_group_identification !== 'DSO' ||
    (issued.asset_issuer_identification ?? asset.issuer) !== asset.issuer
  ) {
    throw new CheckFailure(
      'INS-DSO-ISSUE',
      `issuing ${code} as ${issuer.identification} answered ${JSON.stringify(issued)}, expected that DSO with its issuer`,
    );
  }
  return asset;
}

/**
 * The assets an account may hold now (GET /settlement-instruments/digital-accounts/{account}): those of
 * its allowed credit lines; its 404 "none" reads as []. Requirements: INS-LIST, RES-LEDGER-SCHEMAS.
 */
export async function authorizedAssets(holder: Party, account: string): Promise<Instrument[]> {
  return listOrNone<Instrument>(
    await holder.client.call('member.listAccountInstruments', { path: { account_identification: account } }),
    instrumentList,
    'INS-LIST',
  );
}

/**
 * The instruments `issuer` has issued (GET /settlement-instruments/emission); its 404 "none" reads as [].
 * Requirements: INS-LIST, RES-LEDGER-SCHEMAS.
 */
export async function emittedInstruments(issuer: Party): Promise<Instrument[]> {
  return listOrNone<Instrument>(await issuer.client.call('member.listEmittedInstruments'), instrumentList, 'INS-LIST');
}

/**
 * The DSO `code` of `issuer`, issued now unless the issuer already has: a flow never issues twice, since
 * whether a repeat issuance succeeds is the reference's decision (INS-DSO-IDEMPOTENT, a SHOULD).
 * Requirements: INS-LIST, INS-DSO-ISSUE, RES-LEDGER-SCHEMAS.
 */
export async function ensureIssued(issuer: Party, code: string): Promise<AssetId> {
  const emitted = await emittedInstruments(issuer);
  if (emitted.some((asset) => asset.asset_code_identification === code)) return { code, issuer: issuer.identification };
  return issueDso(issuer, code);
}
