import { dsoHoldingAccount, type DeclaredReadings } from '../../protocol/readings.ts';
import { ceilToWhole } from '../runtime/money.ts';
import { expectStatus } from '../runtime/check.ts';
import type { DssResponse } from '../runtime/client.ts';
import type { Actors } from '../runtime/fixtures.ts';
import { ensureListed } from './allowlist.ts';
import { tokenizerDsa, type AssetId } from './assets.ts';
import { balanceOf } from './balances.ts';
import type { Party } from './party.ts';

/** One credit line: the holder's account and the asset (semantics §3: a DSO line is on the holder's `emission`, or where the profile's readings say). */
export interface CreditLineRef {
  holder: string;
  account: string;
  asset: AssetId;
}

export type CreditLineDecision = 'allow' | 'revoke';

/** The holder asks for a line, or re-sizes its ceiling (a whole number of units). */
export function requestCreditLine(
  holder: Party,
  account: string,
  asset: AssetId,
  ceiling: number,
): Promise<DssResponse> {
  return holder.client.call('member.changeCreditLine', {
    body: {
      account_identification: account,
      asset_code_identification: asset.code,
      credit_line_state: 'request',
      maximum_credit_limit: ceiling,
      member_identification: asset.issuer,
    },
  });
}

/** A decision on the member interface (DSO lines; or anyone who tries to decide). */
export function decideAsMember(caller: Party, line: CreditLineRef, decision: CreditLineDecision): Promise<DssResponse> {
  return caller.client.call('member.changeCreditLine', { body: decisionBody(line, decision) });
}

/** A tokenizer's decision on its own interface; `pathTokenizer` defaults to the caller itself. */
export function decideAsTokenizer(
  tokenizer: Party,
  line: CreditLineRef,
  decision: CreditLineDecision,
  pathTokenizer = tokenizer.identification,
): Promise<DssResponse> {
  return tokenizer.client.call('tokenizer.changeCreditLine', {
    path: { tokenizer_identification: pathTokenizer },
    body: decisionBody(line, decision),
  });
}

function decisionBody(line: CreditLineRef, decision: CreditLineDecision) {
  return {
    account_identification: line.account,
    asset_code_identification: line.asset.code,
    credit_line_state: decision,
    member_identification: line.holder,
  };
}

export interface OpenLine extends CreditLineRef {
  /** The ceiling now set, in whole units. */
  ceiling: number;
  /** What the account held when the line was opened, in units (0 for a new line). */
  balance: bigint;
}

/**
 * A ceiling with `room` units of room above what the holder's account holds now (nothing without a
 * line), rounded up to whole units: never a fixed figure, since a staging's accounts keep what earlier
 * runs and other parties put there, and a ceiling below the balance may be refused. Requirements:
 * BAL-READ, RES-LEDGER-SCHEMAS.
 */
export async function ceilingWithRoom(
  holder: Party,
  account: string,
  asset: AssetId,
  room: bigint,
): Promise<{ ceiling: number; balance: bigint }> {
  const balance = (await balanceOf(holder, account, asset)) ?? 0n;
  return { ceiling: ceilToWhole(balance + room), balance };
}

/**
 * An allowed line for a DSA of the run's tokenizer (its first, unless `asset` names another it issues)
 * on the holder's account with at least `room` units of room: the holder requests (or re-sizes) it with
 * a ceiling of its balance plus `room`, rounded up, and the tokenizer allows it on its own interface.
 * Works on a line in any state (new, requested, allowed, revoked). Requirements: CL-REQUEST, BAL-READ,
 * RES-LEDGER-SCHEMAS.
 */
export async function openDsaLine(
  actors: Pick<Actors, 'tokenizer'>,
  holder: Party,
  account: string,
  room: bigint,
  asset: AssetId = tokenizerDsa(actors),
): Promise<OpenLine> {
  const { ceiling, balance } = await ceilingWithRoom(holder, account, asset, room);
  const line = { holder: holder.identification, account, asset };
  expectStatus(await requestCreditLine(holder, account, asset, ceiling), 200, 'CL-REQUEST');
  expectStatus(await decideAsTokenizer(actors.tokenizer, line, 'allow'), 200, 'CL-REQUEST');
  return { ...line, ceiling, balance };
}

/**
 * An allowed line for the issuer's DSO on the holder's DSO account (`readings`: its `emission`, the
 * reference's, or its operating account, protocol/readings.ts dsoHoldingAccount) with at least `room`
 * units of room (a ceiling of its balance plus `room`, rounded up, as `openDsaLine`), with the allowlist
 * entries a DSO line needs (semantics §3: the holder lists the issuer to request, the issuer lists the
 * holder to allow); the entries stay, as the line's use needs them. Requirements: CL-REQUEST,
 * CL-DSO-ALLOWLIST, BAL-READ, RES-LEDGER-SCHEMAS.
 */
export async function openDsoLine(
  issuer: Party,
  holder: Party,
  asset: AssetId,
  room: bigint,
  readings: Pick<DeclaredReadings, 'dso_line_account'>,
): Promise<OpenLine> {
  const line = { holder: holder.identification, account: dsoHoldingAccount(readings, holder.accounts), asset };
  await Promise.all([
    ensureListed(holder, issuer.identification, 'CL-DSO-ALLOWLIST'),
    ensureListed(issuer, holder.identification, 'CL-DSO-ALLOWLIST'),
  ]);
  const { ceiling, balance } = await ceilingWithRoom(holder, line.account, asset, room);
  expectStatus(await requestCreditLine(holder, line.account, asset, ceiling), 200, 'CL-REQUEST');
  expectStatus(await decideAsMember(issuer, line, 'allow'), 200, 'CL-REQUEST');
  return { ...line, ceiling, balance };
}
