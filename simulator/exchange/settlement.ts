import type { ExchangeInfo, ExchangeResult } from '../../schemas/wire/exchange.ts';
import type { Operation } from '../ledger/ledger.ts';
import type { Quotation, QuotationAnswer } from '../quotations/quotation.ts';
import { move } from '../quotations/state-machine.ts';
import type { SimState } from '../state.ts';
import type { ExchangeAmounts } from './amounts.ts';

/**
 * Settles a claimed quotation (state 20) in ONE ledger transaction of two operations, so that both
 * legs move or neither does: buyer -> seller in the base asset, seller -> buyer in the quoted asset.
 * A business rule that fails here is an outcome, not an error (semantics §8): 200 with `Rejected`,
 * the failed transaction's hash, and state 80.
 *
 * The mutual allowlist is a rule of the service, not of the ledger: when it is gone, the transaction is
 * recorded as refused without being applied, so the Rejected answer carries a real ledger hash too.
 */
export function settle(state: SimState, quotation: Quotation, answer: QuotationAnswer, info: ExchangeInfo, amounts: ExchangeAmounts): ExchangeResult {
  const { request, seller } = quotation;
  const operations: Operation[] = [
    {
      from: { member: request.buyer, account: info.buyer_debiting_account_identification },
      to: { member: seller, account: answer.info.seller_crediting_account_identification },
      asset: request.base,
      amount: amounts.base,
    },
    {
      from: { member: seller, account: answer.info.seller_debiting_account_identification },
      to: { member: request.buyer, account: info.buyer_crediting_account_identification },
      asset: request.quoted,
      amount: amounts.quoted,
    },
  ];
  const memo = `exchange ${quotation.quotation_uuid}`;
  const answered = {
    amount_base_asset: state.amounts.toNumber(amounts.base),
    amount_quoted_asset: state.amounts.toNumber(amounts.quoted),
    exchange_info: [info],
  };

  // Fault: a vendor that checked the allowlist when the quotation was requested, never again.
  const allowed = state.faults.on('exchange-ignores-allowlist') || state.allowlists.mutual(request.buyer, seller);
  const transaction = allowed
    ? state.ledger.submit(operations, memo)
    : state.ledger.refuse(operations, { code: 'EXCHANGE-ALLOWLIST-GONE', detail: `${request.buyer} and ${seller} no longer list each other on their allowlists` }, memo);
  if (transaction.status === 'failed') {
    move(quotation, 'fail');
    return { ...answered, exchange_state: 'Rejected', transaction_identification: transaction.transaction_identification };
  }
  move(quotation, 'complete');
  return {
    ...answered,
    exchange_state: 'Success',
    settlement_timestamp: transaction.timestamp,
    transaction_identification: transaction.transaction_identification,
  };
}
