/**
 * simulator/credit-lines/: who may request, allow or revoke a credit line, and on which account
 * (semantics §3). The ledger keeps the lines and their balances; this folder decides whether a change
 * may be made (issuer, asset, account kind, allowlist) before it asks the ledger. Every refusal of a
 * change is CREDIT-LINE-REFUSED (404), the failure both endpoints list for a change they cannot make;
 * token problems stay 401.
 */
import type { CreditLineState } from '../../schemas/enumerations.ts';
import type { Asset } from '../assets/registry.ts';
import { requireAccount, requireSelf } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { isOperatingAccount, type Member } from '../members/registry.ts';
import { assetRef } from '../settlement-instruments/instruments.ts';
import type { SimState } from '../state.ts';
import { dsoAccountKind, holdsDsoOn } from './dso-holding-account.ts';

/** The creditLine body of the member interface (`POST /settlement-instruments/credit-line`). */
export interface MemberCreditLineChange {
  account_identification: string;
  asset_code_identification: string;
  credit_line_state: CreditLineState;
  end_to_end_identification?: string;
  maximum_credit_limit?: number;
  /** The issuer for `request`, the holder for `allow` and `revoke`. */
  member_identification: string;
}

/** The creditLine body of the tokenizer interface: the tokenizer only answers requests. */
export interface TokenizerCreditLineDecision {
  account_identification: string;
  asset_code_identification: string;
  credit_line_state: 'allow' | 'revoke';
  member_identification: string;
}

/** Member interface: the holder requests; the issuer allows or revokes. */
export function changeCreditLineAsMember(state: SimState, caller: Principal, change: MemberCreditLineChange): void {
  if (change.credit_line_state === 'request') {
    requestCreditLine(state, caller, change);
    return;
  }
  // Fault holder-revokes-own-line: a revoke reads member_identification as a request does (the issuer), so the
  // holder revokes its own line by naming the line's issuer.
  if (
    change.credit_line_state === 'revoke' &&
    state.faults.on('holder-revokes-own-line') &&
    state.assets.get(change.asset_code_identification, change.member_identification)
  ) {
    decideCreditLine(
      state,
      issuedAsset(state, change.member_identification, change.asset_code_identification),
      caller.member.identification,
      change.account_identification,
      'revoke',
    );
    return;
  }
  // Fault credit-line-allow-by-non-issuer: the line is found by holder, account and code, whoever its issuer.
  const issuer = state.faults.on('credit-line-allow-by-non-issuer')
    ? issuerOfLine(state, change)
    : caller.member.identification;
  const asset = issuedAsset(state, issuer, change.asset_code_identification);
  decideCreditLine(state, asset, change.member_identification, change.account_identification, change.credit_line_state);
}

/** The issuer of the holder's line for the change's asset code, as the fault credit-line-allow-by-non-issuer finds it. */
function issuerOfLine(state: SimState, change: MemberCreditLineChange): string {
  const line = state.ledger
    .creditLines()
    .find(
      (candidate) =>
        candidate.holderMember === change.member_identification &&
        candidate.holderAccount === change.account_identification &&
        candidate.assetCode === change.asset_code_identification,
    );
  if (!line)
    throw refused(
      `${change.member_identification} holds no ${change.asset_code_identification} credit line on ${change.account_identification}.`,
    );
  return line.issuer;
}

/** Tokenizer interface: the tokenizer (the path's identifier) allows or revokes a DSA line on an operating account. */
export function changeCreditLineAsTokenizer(
  state: SimState,
  caller: Principal,
  tokenizerIdentification: string,
  decision: TokenizerCreditLineDecision,
): void {
  requireSelf(caller, tokenizerIdentification);
  // A tokenizer issues no DSO (issuance needs a market maker), so what it issues is a registered DSA.
  const asset = issuedAsset(state, tokenizerIdentification, decision.asset_code_identification);
  const holder = state.members.get(decision.member_identification);
  if (!holder || !isOperatingAccount(holder, decision.account_identification)) {
    throw refused(`${decision.member_identification} has no operating account ${decision.account_identification}.`);
  }
  decideCreditLine(state, asset, holder.identification, decision.account_identification, decision.credit_line_state);
}

function requestCreditLine(state: SimState, caller: Principal, change: MemberCreditLineChange): void {
  const { account_identification: account, maximum_credit_limit: limit } = change;
  requireAccount(caller, account);
  const holder = caller.member;
  const issuer = state.members.get(change.member_identification);
  if (!issuer) throw refused(`No member ${change.member_identification} issues assets.`);
  const asset = issuedAsset(state, issuer.identification, change.asset_code_identification);
  if (limit === undefined) throw refused('maximum_credit_limit is required to request a credit line.');
  checkHoldingAccount(state, holder, account, asset);
  if (
    asset.asset_group_identification === 'DSO' &&
    !state.allowlists.allows(holder.identification, issuer.identification)
  ) {
    throw refused(
      `${holder.identification} must put ${issuer.identification} on its allowlist before requesting a credit line for its DSO.`,
    );
  }
  inLedger(() =>
    state.ledger.requestCreditLine(
      holder.identification,
      account,
      assetRef(asset),
      limit,
      change.end_to_end_identification,
    ),
  );
}

/** Allow or revoke an existing line. Only `allow` of a DSO needs the issuer's allowlist: revoking must always be possible. */
function decideCreditLine(
  state: SimState,
  asset: Asset,
  holder: string,
  account: string,
  decision: 'allow' | 'revoke',
): void {
  const issuer = asset.asset_issuer_identification;
  if (decision === 'allow' && asset.asset_group_identification === 'DSO' && !state.allowlists.allows(issuer, holder)) {
    throw refused(`${issuer} must put ${holder} on its allowlist before allowing its credit line.`);
  }
  inLedger(() =>
    decision === 'allow'
      ? state.ledger.allowCreditLine(holder, account, assetRef(asset))
      : state.ledger.revokeCreditLine(holder, account, assetRef(asset)),
  );
}

/** DSO lines live on the holder's issuance account (dso-holding-account.ts has the reading), DSA lines on one of its operating accounts (semantics §3). */
function checkHoldingAccount(state: SimState, holder: Member, account: string, asset: Asset): void {
  if (asset.asset_group_identification === 'DSO') {
    if (!holdsDsoOn(state, holder, account))
      throw refused(`A DSO credit line is held on ${dsoAccountKind(state)}, not on ${account}.`);
  } else if (!isOperatingAccount(holder, account)) {
    throw refused(
      `A DSA credit line is held on an operating account; ${holder.identification} has no operating account ${account}.`,
    );
  }
}

function issuedAsset(state: SimState, issuer: string, code: string): Asset {
  const asset = state.assets.get(code, issuer);
  if (!asset) throw refused(`${issuer} issues no settlement instrument ${code}.`);
  return asset;
}

/** The ledger's own refusals (no such line, ceiling below the balance, ...) keep their reason, under this endpoint's status. */
function inLedger(change: () => unknown): void {
  try {
    change();
  } catch (error) {
    if (error instanceof DssError) throw refused(error.detail);
    throw error;
  }
}

function refused(detail: string): DssError {
  return new DssError('CREDIT-LINE-REFUSED', detail);
}
