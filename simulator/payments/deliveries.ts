import type { IsoMessage } from '../iso20022/financial-message-reader.ts';
import { financialMessage, type FinancialMessage } from '../../schemas/iso20022/message-envelope.ts';
import type { Member } from '../members/registry.ts';
import type { SimState } from '../state.ts';

/**
 * What the `payment` gateway queue carries (semantics §9): a financialMessage, plus `sender` (the
 * member identification of AppHdr/Fr) when a member wrote it. The service's own reports have no
 * `sender`: their AppHdr/Fr is the service's BIC.
 */
export interface PaymentQueueMessage extends FinancialMessage {
  sender?: string;
}

/** A report the service owes a member once a message has been acted on. */
export interface Report {
  to: Member;
  message: FinancialMessage;
}

/** Delivers an accepted member's message, as it was signed, to its receiver. */
export function relayMessage(state: SimState, message: IsoMessage): void {
  // Fault redemption-request-not-relayed: the pacs.009 stays with the service; the tokenizer is never told.
  if (message.type === 'pacs.009.001.08' && state.faults.on('redemption-request-not-relayed')) return;
  // Fault case-messages-not-relayed: cancellations and investigations are kept from the other member.
  if (message.type.startsWith('camt.') && state.faults.on('case-messages-not-relayed')) return;
  const payload: PaymentQueueMessage = {
    ...financialMessage(message.type, message.xml),
    sender: message.sender.identification,
  };
  state.gateway.enqueue(message.receiver.identification, 'payment', 'payment', payload, state.clock.now());
}

export function deliverReport(state: SimState, report: Report): void {
  const payload: PaymentQueueMessage = report.message;
  state.gateway.enqueue(report.to.identification, 'payment', 'payment', payload, state.clock.now());
}
