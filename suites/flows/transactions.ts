import { listOfRef } from '../../schemas/resources.ts';
import { CheckFailure, expectErrorBody, recordAcross } from '../runtime/check.ts';
import type { DssResponse } from '../runtime/client.ts';
import { describeCall, okBody } from './answers.ts';
import type { Instrument } from './assets.ts';
import type { Party } from './party.ts';

/**
 * The payment history as a member reads it (spec: GET /transactions; semantics §12): by instruction
 * identification, by ledger transaction, by dates, in pages.
 */

/** The spec's transactionInfo. */
export interface TransactionInfo {
  creditor_fee: Array<{ fee_amount: number; fee_asset: Instrument[] }>;
  instructed_amount: number;
  instructed_currency_code?: string;
  instructed_member_identification: string;
  instructing_member_identification: string;
  interbank_settlement_amount: number;
  interbank_settlement_asset: Instrument | Instrument[];
  interbank_settlement_method: string;
}

/** The spec's transaction: what was paid, and one receipt per ledger transaction of its life. */
export interface TransactionRecord {
  transaction_info: TransactionInfo[];
  transaction_state: Array<{ timestamp: number; transaction_flow_status: string; transaction_identification: string }>;
}

export type TransactionQuery = Record<string, string | number | undefined>;

const recordList = listOfRef('transaction');

export function queryTransactions(member: Party, query: TransactionQuery): Promise<DssResponse> {
  return member.client.call('member.listTransactions', { query });
}

/**
 * The records a query finds; the 404 "nothing found" reads as []. Requirements: `requirement` (the
 * query answers), RES-PAYMENT-SCHEMAS, ERR-BODY-SHAPE.
 */
export async function transactionsFound(member: Party, query: TransactionQuery, requirement: string): Promise<TransactionRecord[]> {
  const response = await queryTransactions(member, query);
  if (response.status === 404) {
    recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
    return [];
  }
  return okBody<TransactionRecord[]>(response, recordList, requirement, 'RES-PAYMENT-SCHEMAS');
}

/** The one record of the payment whose pacs.008 instruction is `instruction`, as `member` reads it. Requirements: as transactionsFound. */
export async function paymentRecord(member: Party, instruction: string, requirement: string): Promise<TransactionRecord> {
  const query = { data_type: 'INSTRUCTION_IDENTIFICATION', data_id: instruction };
  const records = await transactionsFound(member, query, requirement);
  if (records.length !== 1) {
    const response = await queryTransactions(member, query);
    throw new CheckFailure(requirement, `${describeCall(response)} as ${member.identification} found ${records.length} records of the payment with instruction ${instruction}, expected one`);
  }
  return records[0]!;
}

/** The flow statuses of a record, in order. */
export function flowStatuses(record: TransactionRecord): string[] {
  return record.transaction_state.map((state) => state.transaction_flow_status);
}

/** The UTC day (YYYY-MM-DD) of a time in ms: how DATE_INTERVAL names days. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
