import { createHash } from 'node:crypto';
import type { ErrorCode } from '../../schemas/error-codes.ts';
import type { Amount } from './amount.ts';
import type { AmountScale } from './amount-scale.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';

/** A digital account of a member: balances and credit lines are keyed by both identifiers. */
export interface AccountRef {
  member: string;
  account: string;
}

/** An asset is its code and its issuer, never the code alone (semantics §2). */
export interface AssetRef {
  code: string;
  issuer: string;
}

/** One movement of value. From the issuer's `emission` account it mints; to it, it burns. */
export interface Operation {
  from: AccountRef;
  to: AccountRef;
  asset: AssetRef;
  amount: Amount;
}

/** Why a transaction failed: a catalogue code and a message naming the failing operation. */
export interface LedgerFailure {
  code: ErrorCode;
  detail: string;
}

export interface LedgerTransaction {
  /** Lowercase hex SHA-256 of the canonical JSON of what was submitted (see `transactionIdentification`). */
  transaction_identification: string;
  /** Strictly increasing over the ledger's life, failed transactions included. */
  transaction_reference_number: number;
  /** Milliseconds since the epoch, from the simulator clock. */
  timestamp: number;
  operations: readonly Operation[];
  memo?: string;
  status: 'success' | 'failed';
  failure?: LedgerFailure;
}

export function accountKey(account: AccountRef): string {
  return `${account.member}/${account.account}`;
}

/** JSON form of an operation (amounts as strings with the ledger's digits, since bigints have no JSON form). */
export function operationJson(operation: Operation, amounts: AmountScale) {
  return {
    from: { member: operation.from.member, account: operation.from.account },
    to: { member: operation.to.member, account: operation.to.account },
    asset: { code: operation.asset.code, issuer: operation.asset.issuer },
    amount: amounts.format(operation.amount),
  };
}

/**
 * The transaction hash. The reference number and the timestamp are part of what is hashed, so two
 * identical transfers still get different identifiers.
 */
export function transactionIdentification(
  reference: number,
  timestamp: number,
  operations: readonly Operation[],
  memo: string | undefined,
  amounts: AmountScale,
): string {
  const submitted = {
    transaction_reference_number: reference,
    timestamp,
    operations: operations.map((operation) => operationJson(operation, amounts)),
    memo,
  };
  return createHash('sha256').update(canonicalJson(submitted), 'utf8').digest('hex');
}

/** JSON form of a transaction record, for `GET /sim/ledger`. */
export function transactionJson(transaction: LedgerTransaction, amounts: AmountScale) {
  return { ...transaction, operations: transaction.operations.map((operation) => operationJson(operation, amounts)) };
}
