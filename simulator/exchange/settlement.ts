import type { ExchangeInfo, ExchangeResult, QuotationInfo } from '../../schemas/wire.ts';
import type { Operation } from '../ledger/ledger.ts';
import type { Quotation, QuotationAnswer } from '../quotations/quotation.ts';
import { move } from '../quotations/state-machine.ts';
import type { SimState } from '../state.ts';
import type { ExchangeAmounts } from './amounts.ts';
import type { AmountScale } from '../ledger/amount-scale.ts';

/**
 * Settles a claimed quotation (state 20) in ONE ledger transaction of two operations, so that both
 * legs move or neither does: buyer -> seller in the base asset, seller -> buyer in the quoted asset.
 * A business rule that fails here is an outcome, not an error (semantics §8): 200 with `Rejected`,
 * the failed transaction's hash, and state 80.
 *
 * The mutual allowlist is a rule of the service, not of the ledger: when it is gone, the transaction is
 * recorded as refused without being applied, so the Rejected answer carries a real ledger hash too.
 */
export function settle(
  state: SimState,
  quotation: Quotation,
  answer: QuotationAnswer,
  info: ExchangeInfo,
  amounts: ExchangeAmounts,
): ExchangeResult {
  const { request, seller } = quotation;
  const operations = legOperations(quotation, answer.info, info, amounts);
  const memo = exchangeMemo(quotation);
  const answered = answeredAmounts(state.amounts, info, amounts);

  // Fault: a vendor that checked the allowlist when the quotation was requested, never again.
  const allowed = state.faults.on('exchange-ignores-allowlist') || state.allowlists.mutual(request.buyer, seller);
  const transaction = allowed
    ? state.ledger.submit(operations, memo)
    : state.ledger.refuse(
        operations,
        {
          code: 'EXCHANGE-ALLOWLIST-GONE',
          detail: `${request.buyer} and ${seller} no longer list each other on their allowlists`,
        },
        memo,
      );
  if (transaction.status === 'failed') {
    move(quotation, 'fail');
    return {
      ...answered,
      exchange_state: 'Rejected',
      transaction_identification: transaction.transaction_identification,
    };
  }
  move(quotation, 'complete');
  return {
    ...answered,
    exchange_state: 'Success',
    settlement_timestamp: transaction.timestamp,
    transaction_identification: transaction.transaction_identification,
  };
}

/** The exchange's two legs: buyer -> seller in the base asset, seller -> buyer in the quoted asset, on the accounts `sellerInfo` names. */
export function legOperations(
  quotation: Quotation,
  sellerInfo: QuotationInfo,
  info: ExchangeInfo,
  amounts: ExchangeAmounts,
): Operation[] {
  const { request, seller } = quotation;
  return [
    {
      from: { member: request.buyer, account: info.buyer_debiting_account_identification },
      to: { member: seller, account: sellerInfo.seller_crediting_account_identification },
      asset: request.base,
      amount: amounts.base,
    },
    {
      from: { member: seller, account: sellerInfo.seller_debiting_account_identification },
      to: { member: request.buyer, account: info.buyer_crediting_account_identification },
      asset: request.quoted,
      amount: amounts.quoted,
    },
  ];
}

export function exchangeMemo(quotation: Quotation): string {
  return `exchange ${quotation.quotation_uuid}`;
}

/** The amounts and terms every exchangeResult repeats, Success or Rejected. */
export function answeredAmounts(
  scale: AmountScale,
  info: ExchangeInfo,
  amounts: ExchangeAmounts,
): Pick<ExchangeResult, 'amount_base_asset' | 'amount_quoted_asset' | 'exchange_info'> {
  return {
    amount_base_asset: scale.toNumber(amounts.base),
    amount_quoted_asset: scale.toNumber(amounts.quoted),
    exchange_info: [info],
  };
}
