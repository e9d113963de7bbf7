import { problem } from '../iso20022/problems.ts';
import { elementAt, textAt, type MessageElement } from '../iso20022/xml-dom.ts';
import { parseAmount } from '../ledger/amount.ts';
import { EMISSION } from '../members/registry.ts';
import type { MessageRule } from '../payments/message-pipeline.ts';
import { namedOriginals } from '../payments/originals.ts';
import { paymentProblem, type Problem } from '../payments/problems.ts';
import { ledgerProblem } from '../payments/settlement.ts';
import type { Redemption } from './redemption.ts';

/** The tokenizer's final answers: settled (ACSC) or accepted for settlement (ACCP) burn; RJCT does not. */
const FINAL_ANSWERS = ['ACSC', 'ACCP', 'RJCT'];

/**
 * pacs.002 on the tokenizer's `POST /transactions/message/redeem`: the tokenizer of a redemption answers
 * it once, per transaction (TxSts, else the group's GrpSts). Every accepted redemption of the message
 * burns in ONE ledger transaction (member account -> tokenizer `emission`); the ledger's refusal refuses
 * the answer and the redemptions stay open. The amount the answer states (OrgnlTxRef/IntrBkSttlmAmt,
 * required to accept) must be the pacs.009's, in its currency.
 */
export const redemptionAnswer: MessageRule = (state, message) => {
  const { sender: tokenizer, receiver: member } = message;
  const found = namedOriginals(
    message,
    `redemption by ${member.identification}`,
    (messageIdentification, instruction) =>
      state.redemptions.find(member.identification, messageIdentification, instruction),
  );
  const problems = [...found.problems];
  const decisions: Array<{ redemption: Redemption; accepted: boolean }> = [];
  for (const { original: redemption, transaction } of found.named) {
    const instruction = redemption.reference.identification.instructionIdentification;
    const status = textAt(transaction.element, 'TxSts') ?? textAt(message.body, 'OrgnlGrpInfAndSts/GrpSts');
    if (redemption.tokenizer !== tokenizer)
      problems.push(
        problem(
          'agent',
          `Redemption ${instruction} was asked of ${redemption.tokenizer.identification}, not of ${tokenizer.identification}.`,
        ),
      );
    else if (redemption.status !== 'requested')
      problems.push(
        paymentProblem('narrative', `Redemption ${instruction} was already answered (${redemption.status}).`),
      );
    else if (status === undefined || !FINAL_ANSWERS.includes(status)) {
      problems.push(
        paymentProblem(
          'narrative',
          `The answer to redemption ${instruction} is ${status ?? 'absent'}; it must be ${FINAL_ANSWERS.join(', ')}.`,
        ),
      );
    } else {
      const accepted = status !== 'RJCT';
      // Fault redemption-amount-not-checked: the amount the tokenizer states is not compared with the pacs.009's.
      if (!state.faults.on('redemption-amount-not-checked'))
        problems.push(...amountProblems(transaction.element, redemption, accepted));
      decisions.push({ redemption, accepted });
    }
  }
  return {
    problems,
    act: () => {
      const burned = decisions.filter(({ accepted }) => accepted).map(({ redemption }) => redemption);
      if (burned.length > 0) {
        const transaction = state.ledger.submit(
          burned.map(({ member: holder, tokenizer: issuer, terms }) => ({
            from: { member: holder.identification, account: terms.account },
            to: { member: issuer.identification, account: EMISSION },
            asset: { code: terms.assetCode, issuer: terms.issuer },
            amount: state.amounts.parse(terms.amount),
          })),
          `redemption ${burned.map(({ reference }) => reference.identification.instructionIdentification).join(', ')}`,
        );
        if (transaction.failure) return { ok: false, problems: [ledgerProblem(transaction.failure)] };
      }
      for (const { redemption, accepted } of decisions)
        state.redemptions.answered(redemption, accepted ? 'redeemed' : 'rejected');
      return { ok: true, reports: [] };
    },
  };
};

function amountProblems(answer: MessageElement, redemption: Redemption, accepted: boolean): Problem[] {
  const { terms } = redemption;
  const instruction = redemption.reference.identification.instructionIdentification;
  const stated = elementAt(answer, 'OrgnlTxRef/IntrBkSttlmAmt');
  if (!stated)
    return accepted
      ? [
          problem(
            'missing',
            `An acceptance of redemption ${instruction} must state its amount in OrgnlTxRef/IntrBkSttlmAmt.`,
          ),
        ]
      : [];
  const amount = stated.textContent?.trim() ?? '';
  const currency = stated.getAttribute('Ccy');
  if (currency === terms.currency && parseAmount(amount) === parseAmount(terms.amount)) return [];
  return [
    paymentProblem(
      'wrongAmount',
      `Redemption ${instruction} asked ${terms.amount} ${terms.currency}; the answer states ${amount} ${currency ?? ''}.`,
    ),
  ];
}
