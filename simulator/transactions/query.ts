import type { QueryOf } from '../../schemas/endpoints.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import type { TransactionState } from '../../schemas/wire.ts';
import type { Payment } from '../payments/payment.ts';
import type { SimState } from '../state.ts';
import type { TransactionInfo } from '../../schemas/wire.ts';

/** The spec's transaction: one payment's details and the receipts of its ledger transactions. */
export interface TransactionRecord {
  transaction_info: [TransactionInfo];
  transaction_state: TransactionState[];
}

/** The query of `GET /transactions`, validated against the catalogue (dates as YYYY-MM-DD, counts as digits). */
export type TransactionsQuery = QueryOf<'member.listTransactions'>;

const DEFAULT_PAGE_SIZE = 20;
const MAXIMUM_PAGE_SIZE = 100;

/**
 * `GET /transactions` (semantics §12): the caller's payments that moved value (settled, cleared or
 * returned), as OFI or RFI, oldest settlement first, found by the pacs.008 instruction identification,
 * by the hash of any ledger transaction of their life, or by the UTC day of their settlement (the
 * first receipt) between start_date and finish_date inclusive. Pages of maximum_transaction_count
 * (default 20, at most 100), numbered from 1. Nothing found, or a page past the end, is a 404.
 */
export function findTransactions(state: SimState, caller: Principal, query: TransactionsQuery): TransactionRecord[] {
  const matches = matcher(query);
  const size = pageSize(query.maximum_transaction_count);
  const page = pageNumber(query.target_page_number);
  const member = caller.member;
  const found = [...state.payments.involving(member.identification)]
    .filter(
      (payment) => payment.states.length > 0 && (payment.ofi === member || payment.rfi === member) && matches(payment),
    )
    .sort((a, b) => settledAt(a) - settledAt(b));
  const shown = found.slice((page - 1) * size, page * size);
  if (shown.length === 0) {
    throw new DssError(
      'TRANSACTIONS-NONE',
      found.length === 0
        ? `No transaction of ${member.identification} matches.`
        : `Page ${page} is past the last page (${Math.ceil(found.length / size)}).`,
    );
  }
  return shown.map((payment) => ({ transaction_info: [payment.info], transaction_state: [...payment.states] }));
}

function matcher(query: TransactionsQuery): (payment: Payment) => boolean {
  switch (query.data_type) {
    case 'INSTRUCTION_IDENTIFICATION': {
      const id = required(query.data_id, 'data_id (the instruction identification)');
      return (payment) => payment.reference.identification.instructionIdentification === id;
    }
    case 'TRANSACTION_IDENTIFICATION': {
      const id = required(query.data_id, 'data_id (the ledger transaction identification)');
      return (payment) => payment.states.some((receipt) => receipt.transaction_identification === id);
    }
    case 'DATE_INTERVAL': {
      const start = required(query.start_date, 'start_date');
      const finish = required(query.finish_date, 'finish_date');
      if (start > finish) throw invalid(`start_date ${start} is after finish_date ${finish}.`);
      return (payment) => {
        const day = new Date(settledAt(payment)).toISOString().slice(0, 10);
        return start <= day && day <= finish;
      };
    }
  }
}

/** When the payment first moved value. */
function settledAt(payment: Payment): number {
  return payment.states[0]?.timestamp ?? 0;
}

function pageSize(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PAGE_SIZE;
  const size = Number(text);
  if (size < 1 || size > MAXIMUM_PAGE_SIZE)
    throw invalid(`maximum_transaction_count must be 1 to ${MAXIMUM_PAGE_SIZE}, not ${text}.`);
  return size;
}

function pageNumber(text: string | undefined): number {
  if (text === undefined) return 1;
  const page = Number(text);
  if (page < 1) throw invalid('target_page_number starts at 1.');
  return page;
}

function required(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw invalid(`This data_type needs ${what}.`);
  return value;
}

function invalid(detail: string): DssError {
  return new DssError('TRANSACTIONS-QUERY-INVALID', detail);
}
