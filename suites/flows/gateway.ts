import type { GatewayMessageType } from '../../schemas/enumerations.ts';
import { listOfRef } from '../../schemas/resources.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { okBody } from './answers.ts';
import type { Party } from './party.ts';
import { findPayload, withField } from './payload-places.ts';

/**
 * The gateway message service as a member reads it (spec: Events; semantics §9): a read returns the
 * pending messages of one queue and consumes them, so a member can read a queue until it is empty and
 * then see exactly what came next.
 */

/** The spec's streamMessages. */
export interface StreamMessage {
  response_data: object[];
  timestamp: string;
}

/** A `transactions` payload as far as every rule needs it; the rest of its shape, and its place, are the reference's (GW-TRANSACTIONS-PAYLOAD). */
export interface TransactionNotice {
  transaction_identification?: unknown;
  transaction_reference_number?: unknown;
  account_identification?: unknown;
  asset_code_identification?: unknown;
  asset_issuer_identification?: unknown;
  amount?: unknown;
  direction?: unknown;
}

/** Reads of a queue one drain makes at most: more means the queue never empties. */
export const MAX_DRAIN_READS = 20;

const messageList = listOfRef('streamMessages');

/** One read of a queue. Requirements: GW-READ-CONSUMES (a read answers 200), RES-LEDGER-SCHEMAS. */
export async function readMessages(member: Party, type: GatewayMessageType): Promise<StreamMessage[]> {
  return okBody<StreamMessage[]>(
    await member.client.call('member.readGatewayMessages', { query: { type } }),
    messageList,
    'GW-READ-CONSUMES',
  );
}

/**
 * Reads the queue until a read answers [], and answers everything read, in order. It does not judge
 * repeats by equality: one operation may rightly cause byte-identical messages (a consolidation with
 * two equal legs sends two equal notices), and they may come in one read or in two. A message
 * delivered again is told apart by counting against what was caused (`noticeOf`'s `caused`, and the
 * check ledger.gateway-read-consumes); a queue that never empties breaks GW-READ-CONSUMES here.
 * Requirements: GW-READ-CONSUMES, RES-LEDGER-SCHEMAS.
 */
export async function drainMessages(member: Party, type: GatewayMessageType): Promise<StreamMessage[]> {
  const read: StreamMessage[] = [];
  for (let reads = 0; reads < MAX_DRAIN_READS; reads += 1) {
    const batch = await readMessages(member, type);
    if (batch.length === 0) return read;
    read.push(...batch);
  }
  throw new CheckFailure(
    'GW-READ-CONSUMES',
    `the ${type} queue of ${member.identification} was not empty after ${MAX_DRAIN_READS} reads`,
  );
}

/** Every response_data object of the messages, in order, as it is (the payload, or what holds it: payload-places.ts). */
export function payloadsOf(messages: readonly StreamMessage[]): object[] {
  return messages.flatMap((message) => message.response_data);
}

/**
 * The `transactions` payloads about one ledger transaction: at most one per response_data object, the
 * object itself or an object directly inside it that names the transaction (payload-places.ts).
 */
export function noticesOf(messages: readonly StreamMessage[], transactionIdentification: string): TransactionNotice[] {
  const about = withField('transaction_identification', transactionIdentification);
  return payloadsOf(messages).flatMap((data): TransactionNotice[] => {
    const notice = findPayload(data, about);
    return notice ? [notice] : [];
  });
}

/**
 * The notice of a transaction on the member's `transactions` queue, with the reference number a listening
 * restart takes. `caused`, when given, is how many notices of the transaction the member's operation
 * caused (one per ledger operation touching its accounts): more than that means a notice was delivered
 * again (GW-READ-CONSUMES). Requirement: GW-TRANSACTIONS-NOTIFY.
 */
export function noticeOf(
  messages: readonly StreamMessage[],
  transactionIdentification: string,
  member: string,
  caused?: number,
): TransactionNotice & { transaction_reference_number: number } {
  const notices = noticesOf(messages, transactionIdentification);
  const notice = notices[0];
  if (!notice) {
    throw new CheckFailure(
      'GW-TRANSACTIONS-NOTIFY',
      `the transactions queue of ${member} delivered no message naming transaction ${transactionIdentification}; it delivered ${JSON.stringify(payloadsOf(messages)).slice(0, 400)}`,
    );
  }
  if (caused !== undefined && notices.length > caused) {
    throw new CheckFailure(
      'GW-READ-CONSUMES',
      `the transactions queue of ${member} delivered ${notices.length} notices of transaction ${transactionIdentification}, which caused ${caused}: a notice was delivered again`,
    );
  }
  const reference = notice.transaction_reference_number;
  if (typeof reference !== 'number' || !Number.isSafeInteger(reference) || reference < 1) {
    throw new CheckFailure(
      'GW-TRANSACTIONS-NOTIFY',
      `the notice of transaction ${transactionIdentification} to ${member} carries transaction_reference_number ${JSON.stringify(reference)}, not a positive integer`,
    );
  }
  return { ...notice, transaction_reference_number: reference };
}
