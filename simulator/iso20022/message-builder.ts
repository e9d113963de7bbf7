/**
 * The service's Message envelope and financialMessage, for the simulator's code: written by
 * schemas/iso20022/message-envelope.ts, the one writer shared with the harness. The result is unsigned:
 * the service signs nothing on a member's behalf unless asked through `POST /sign/message`.
 */
export {
  financialMessage,
  messageEnvelope,
  type FinancialMessage,
  type MessageHeader,
} from '../../schemas/iso20022/message-envelope.ts';
