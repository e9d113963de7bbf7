import { problem } from '../iso20022/problems.ts';
import { ZERO_AMOUNT, addAmounts, type Amount } from '../ledger/amount.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import type { MessageRule } from '../payments/message-pipeline.ts';
import { paymentProblem, type Problem } from '../payments/problems.ts';
import { ownData } from '../retention/own.ts';

/**
 * pacs.009 on the member's `redeem`: each transaction asks the tokenizer of AppHdr/To to take back an
 * amount of the DSA it issued (settlement method DSA, `PmtTpInf/SvcLvl/Prtry` = that tokenizer), which
 * the member's settlement account (SttlmAcct, `main` by default) holds now. Nothing moves until the
 * tokenizer answers; the message goes to the tokenizer's `payment` queue.
 */
export const redemptionRequest: MessageRule = (state, message) => {
  const { sender: member, receiver: tokenizer } = message;
  const problems: Problem[] = [];
  if (tokenizer.business_role !== 'MIS')
    problems.push(
      problem(
        'agent',
        `AppHdr/To ${tokenizer.bicfi} is ${tokenizer.identification}, not a tokenizer: only the issuer of a DSA redeems it.`,
      ),
    );
  // What the message asks in all, per account and asset, to compare with what the account holds now.
  const asked = new Map<string, { account: string; asset: AssetRef; amount: Amount }>();
  for (const terms of message.settlement) {
    if (terms.method !== 'DSA')
      problems.push(problem('settlement', `Only DSA are redeemed; this transaction settles in ${terms.method}.`));
    else if (terms.issuer !== tokenizer.identification) {
      problems.push(
        problem(
          'agent',
          `${terms.assetCode} of ${terms.issuer} is redeemed by its issuer, not by ${tokenizer.identification}.`,
        ),
      );
    }
    const key = JSON.stringify([terms.account, terms.assetCode, terms.issuer]);
    const earlier = asked.get(key)?.amount ?? ZERO_AMOUNT;
    asked.set(key, {
      account: terms.account,
      asset: { code: terms.assetCode, issuer: terms.issuer },
      amount: addAmounts(earlier, state.amounts.parse(terms.amount)),
    });
  }
  for (const { account, asset, amount } of asked.values()) {
    const held = state.ledger.balance(member.identification, account, asset) ?? ZERO_AMOUNT;
    if (held < amount) {
      problems.push(
        paymentProblem(
          'insufficientFunds',
          `${member.identification}/${account} holds ${state.amounts.format(held)} ${asset.code} of ${asset.issuer}; the redemption asks ${state.amounts.format(amount)}.`,
        ),
      );
    }
  }
  return {
    problems,
    act: () => {
      message.transactions.forEach((transaction, index) => {
        state.redemptions.add({
          member,
          tokenizer,
          // Copies: texts read from the message are slices of its XML (see payments/credit-transfer.ts).
          reference: ownData({
            type: message.type,
            messageIdentification: message.messageIdentification,
            identification: transaction.payment!,
          }),
          terms: ownData(message.settlement[index]!),
          status: 'requested',
        });
      });
      return { ok: true, reports: [] };
    },
  };
};
