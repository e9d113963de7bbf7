import { requestQuotationStates, type RequestQuotationState } from '../../schemas/enumerations.ts';
import { DssError } from '../errors.ts';

/**
 * The quotation state machine (semantics §7), the only code that changes a quotation's state:
 * 1 waiting -> 10 updated (the seller answers), 10 -> 10 (re-quote), 1|10 -> 90 (cancel),
 * 10 -> 20 -> 21|80 (exchange). 21, 80 and 90 are final. `release` undoes a claim that an exchange
 * refuses before anything reaches the ledger, so a refused exchange leaves the quotation answerable
 * and exchangeable as before; no one can observe the 20 in between (see exchange/exchange.ts).
 */
export const {
  waiting: WAITING,
  updated: UPDATED,
  inProgress: IN_PROGRESS,
  completed: COMPLETED,
  failed: FAILED,
  cancelled: CANCELLED,
} = requestQuotationStates;

/** The states no move leaves: completed, failed, cancelled. */
export const FINAL_STATES: ReadonlySet<RequestQuotationState> = new Set([COMPLETED, FAILED, CANCELLED]);

export type QuotationEvent = 'answer' | 'cancel' | 'claim' | 'release' | 'complete' | 'fail';

interface Move {
  from: readonly RequestQuotationState[];
  to: RequestQuotationState;
  /** Says what was refused, for the error's long message. */
  action: string;
}

const moves: Record<QuotationEvent, Move> = {
  answer: { from: [WAITING, UPDATED], to: UPDATED, action: 'answered' },
  cancel: { from: [WAITING, UPDATED], to: CANCELLED, action: 'cancelled' },
  claim: { from: [UPDATED], to: IN_PROGRESS, action: 'exchanged' },
  release: { from: [IN_PROGRESS], to: UPDATED, action: 'released' },
  complete: { from: [IN_PROGRESS], to: COMPLETED, action: 'completed' },
  fail: { from: [IN_PROGRESS], to: FAILED, action: 'failed' },
};

const stateNames: Record<RequestQuotationState, string> = {
  [WAITING]: 'waiting (1)',
  [UPDATED]: 'updated (10)',
  [IN_PROGRESS]: 'in progress (20)',
  [COMPLETED]: 'completed (21)',
  [FAILED]: 'failed (80)',
  [CANCELLED]: 'cancelled (90)',
};

export interface StatefulQuotation {
  readonly quotation_uuid: string;
  state: RequestQuotationState;
}

export function canMove(state: RequestQuotationState, event: QuotationEvent): boolean {
  return moves[event].from.includes(state);
}

/** The QUOTATION-INVALID-STATE refusal (400) when `event` may not happen now; undefined when it may. */
export function moveRefusal(quotation: StatefulQuotation, event: QuotationEvent): DssError | undefined {
  if (canMove(quotation.state, event)) return undefined;
  return new DssError(
    'QUOTATION-INVALID-STATE',
    `Quotation ${quotation.quotation_uuid} is ${stateNames[quotation.state]}; it cannot be ${moves[event].action}.`,
  );
}

/** Refuses with QUOTATION-INVALID-STATE (400) unless `event` may happen now. */
export function requireMove(quotation: StatefulQuotation, event: QuotationEvent): void {
  const refusal = moveRefusal(quotation, event);
  if (refusal) throw refusal;
}

/** Applies `event`, or refuses as `requireMove` does and changes nothing. */
export function move(quotation: StatefulQuotation, event: QuotationEvent): void {
  requireMove(quotation, event);
  quotation.state = moves[event].to;
}
