/**
 * Why the service refuses an ISO 20022 message: each problem carries a code of the ISO external list
 * ExternalStatusReason1Code, so that a pacs.002 RJCT can name it in StsRsnInf/Rsn/Cd, and a sentence
 * for StsRsnInf/AddtlInf and the error body.
 */
export const statusReasons = {
  /** InvalidFileFormat: not the Message envelope, not XML, schema-invalid, header inconsistent. */
  format: 'FF01',
  /** InvalidNumberOfTransactions: NbOfTxs differs from the transactions present. */
  numberOfTransactions: 'AM18',
  /** NotAllowedCurrency: not an active ISO 4217 code. */
  currency: 'AM03',
  /** DecimalPointsNotCompatibleWithCurrency: more decimals than the currency's minor units. */
  decimals: 'CH20',
  /** RequiredCompulsoryElementMissing: an element the service needs, though the XSD lets it out. */
  missing: 'CH21',
  /** IncorrectAccountNumber: the settlement account is not one of the sender's. */
  account: 'AC01',
  /** ZeroAmount. */
  zeroAmount: 'AM01',
  /** IncorrectAgent: unknown member, same instructing and instructed agent, agent not the sender. */
  agent: 'AGNT',
  /** TransactionNotSupported: settlement method or instrument outside the service's rules. */
  settlement: 'AG03',
  /** DuplicateMessageID. */
  duplicateMessage: 'DU01',
  /** DuplicateTransaction: the same UETR twice. */
  duplicateTransaction: 'DU03',
  /** DuplicateEndToEndID. */
  duplicateEndToEnd: 'DU04',
  /** DuplicateInstructionID. */
  duplicateInstruction: 'DU05',
  /** DataSignRequested: the message carries no signature. */
  signatureMissing: 'DS0A',
  /** UnknownDataSignFormat: the signature is not the service's profile, or does not verify. */
  signatureInvalid: 'DS0B',
  /** NotAllowedAccount: the signing key is not one of the instructing member's accounts. */
  signerNotAllowed: 'DS0H',
} as const;

export type StatusReasonCode = (typeof statusReasons)[keyof typeof statusReasons];

export interface MessageProblem {
  reason: StatusReasonCode;
  text: string;
}

export function problem(reason: keyof typeof statusReasons, text: string): MessageProblem {
  return { reason: statusReasons[reason], text };
}
