import type { StatusReason } from '../iso20022/status-report.ts';

/**
 * Why the service refuses a message that the ISO core read as valid (who may send it, to whom, about
 * which payment, in which state). Each reason is a code of ExternalStatusReason1Code, so that the
 * pacs.002 RJCT of the refusal names it; the core's own problems (problems.ts there) fit this shape too.
 */
export const paymentReasons = {
  /** TransactionForbidden: the two members do not have each other on their allowlists. */
  forbidden: 'AG01',
  /** InsufficientFunds: the account to debit holds less than the amount. */
  insufficientFunds: 'AM04',
  /** WrongAmount: the amount differs from the one of the payment or redemption answered. */
  wrongAmount: 'AM09',
  /** Narrative: no such original, or not in a state that allows this message; the text says which. */
  narrative: 'NARR',
} as const;

export interface Problem {
  /** An ExternalStatusReason1Code. */
  reason: string;
  text: string;
}

export function paymentProblem(reason: keyof typeof paymentReasons, text: string): Problem {
  return { reason: paymentReasons[reason], text };
}

/** The StsRsnInf of a refusal: the first problem's code, every problem's text (the core's rejectionReason, for any code). */
export function refusalReason(problems: Problem[]): StatusReason {
  return {
    code: problems[0]?.reason ?? paymentReasons.narrative,
    additionalInformation: problems.map((problem) => problem.text),
  };
}
