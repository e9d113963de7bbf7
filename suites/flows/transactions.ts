import { listOfRef } from '../../schemas/resources.ts';
import { expectErrorBody, recordAcross, describeCall } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { DssResponse } from '../runtime/client.ts';
import { okBody } from './answers.ts';
import type { Transaction } from '../../schemas/wire.ts';
import type { Party } from './party.ts';

/**
 * The payment history as a member reads it (spec: GET /transactions; semantics §12): by instruction
 * identification, by ledger transaction, by dates, in pages.
 */

export type TransactionQuery = Record<string, string | number | undefined>;

const recordList = listOfRef('transaction');

export function queryTransactions(member: Party, query: TransactionQuery): Promise<DssResponse> {
  return member.client.call('member.listTransactions', { query });
}

/**
 * The records a query finds; the 404 "nothing found" reads as []. Requirements: `requirement` (the
 * query answers), RES-PAYMENT-SCHEMAS, ERR-BODY-SHAPE.
 */
export async function transactionsFound(
  member: Party,
  query: TransactionQuery,
  requirement: string,
): Promise<Transaction[]> {
  const response = await queryTransactions(member, query);
  if (response.status === 404) {
    recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
    return [];
  }
  return okBody<Transaction[]>(response, recordList, requirement, 'RES-PAYMENT-SCHEMAS');
}

/** The one record of the payment whose pacs.008 instruction is `instruction`, as `member` reads it. Requirements: as transactionsFound. */
export async function paymentRecord(member: Party, instruction: string, requirement: string): Promise<Transaction> {
  const query = { data_type: 'INSTRUCTION_IDENTIFICATION', data_id: instruction };
  const records = await transactionsFound(member, query, requirement);
  if (records.length !== 1) {
    const response = await queryTransactions(member, query);
    throw new CheckFailure(
      requirement,
      `${describeCall(response)} as ${member.identification} found ${records.length} records of the payment with instruction ${instruction}, expected one`,
    );
  }
  return records[0]!;
}

/** The flow statuses of a record, in order. */
export function flowStatuses(record: Transaction): string[] {
  return record.transaction_state.map((state) => state.transaction_flow_status);
}

/** The UTC day (YYYY-MM-DD) of a time in ms: how DATE_INTERVAL names days. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
