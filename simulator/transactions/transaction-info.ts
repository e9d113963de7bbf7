/**
 * simulator/transactions/: the `transaction` records of payments and `GET /transactions` (semantics
 * §12). A record is built from the pacs.008 transaction that started the payment (this file) and the
 * receipts of the ledger transactions of its life (payments/); the query (query.ts) only reads them.
 */
import type { SettlementInstrumentInfo, TransactionInfo } from '../../schemas/wire.ts';
import type { Asset } from '../assets/registry.ts';
import type { SettlementTerms } from '../iso20022/settlement.ts';
import { elementsAt, textAt, elementAt, type MessageElement } from '../iso20022/xml-dom.ts';
import { amountToNumber, parseAmount } from '../ledger/amount.ts';
import type { Member } from '../members/registry.ts';

/**
 * transactionInfo of one pacs.008 transaction (`CdtTrfTxInf`) between `ofi` and `rfi`:
 * - the interbank amount, asset and method are the settlement terms;
 * - the instructed amount and currency are `InstdAmt` when the payment states one, else the interbank
 *   amount and currency (with no charges deducted there is nothing else to pay out);
 * - creditor_fee lists the `ChrgsInf` taken by the RFI (`Agt` = its BIC): the fee charged by the
 *   instructed member. A fee in the settlement currency is in the settlement asset; a fee in another
 *   currency names that currency as a DSA, with no issuer, since no instrument was agreed for it.
 */
export function transactionInfo(
  transaction: MessageElement,
  terms: SettlementTerms,
  ofi: Member,
  rfi: Member,
): TransactionInfo {
  const asset: Asset = {
    asset_code_identification: terms.assetCode,
    asset_group_identification: terms.method,
    asset_issuer_identification: terms.issuer,
  };
  const instructed = elementAt(transaction, 'InstdAmt');
  const creditorFees = elementsAt(transaction, 'ChrgsInf').filter(
    (charge) => textAt(charge, 'Agt/FinInstnId/BICFI') === rfi.bicfi,
  );
  return {
    creditor_fee: creditorFees.map((charge) => {
      const currency = elementAt(charge, 'Amt')?.getAttribute('Ccy') ?? '';
      const feeAsset: SettlementInstrumentInfo =
        currency === terms.currency
          ? asset
          : { asset_code_identification: currency, asset_group_identification: 'DSA' };
      return { fee_amount: amountNumber(textAt(charge, 'Amt')), fee_asset: [feeAsset] };
    }),
    instructed_amount: amountNumber(instructed ? instructed.textContent : terms.amount),
    instructed_currency_code: instructed?.getAttribute('Ccy') ?? terms.currency,
    instructed_member_identification: rfi.identification,
    instructing_member_identification: ofi.identification,
    interbank_settlement_amount: amountNumber(terms.amount),
    interbank_settlement_asset: [asset],
    interbank_settlement_method: terms.method,
  };
}

/** ISO amounts have at most 5 decimals (their XSD facets), so the exact reading never fails on a valid Document. */
function amountNumber(text: string | null | undefined): number {
  return amountToNumber(parseAmount((text ?? '').trim(), 'amount'));
}
