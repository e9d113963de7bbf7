/**
 * What the invariant model knows of the run's quotations (semantics §7), and how it judges their
 * answers, cancellations and exchanges (§8): a quotation is exchanged at most once, only while it is
 * answered and its two members list each other, within its amount limits, and then moves both legs
 * in one ledger transaction or neither. Pure: no HTTP, no clock.
 */
import { amountUnits, quotedUnits, type ExchangeObject } from '../flows/exchange.ts';
import type { QuotationInfo, RequestQuotation } from '../flows/quotations.ts';
import { formatUnits } from '../runtime/money.ts';
import { forbidden, permitted, type LedgerModel, type Move, type Verdict } from './model.ts';
import type { QuotationRecord } from './records.ts';
import { dsaHolding, type AssetRef, type Holding, type MakerRole } from './universe.ts';

/** The buyer's side of an exchange: how much base asset, from and to which of its accounts. */
export interface ExchangeTerms {
  base: bigint;
  buyerDebiting: string;
  buyerCrediting: string;
}

export interface ExchangeVerdict {
  verdict: Verdict;
  /** The two legs, when permitted. */
  moves: Move[];
  /** The quoted amount as the reference computes it: base x rate, rounded down to the target's last digit (7 decimals for the reference). */
  quoted: bigint;
  /**
   * Where a forbidden exchange stops: `check`, before anything is tried (the reference refuses it with an
   * error status and the quotation stays as it was; a Rejected answer is the spec's too, and breaks only
   * the profile's EXC-REFUSAL-STATUS); `settlement`, its transaction fails (answered Rejected, the
   * quotation failed; a refusal is tolerated, as EXC-ALLOWLIST and EXC-ATOMIC allow).
   */
  stop?: 'check' | 'settlement';
}

/** The seller may answer (and re-quote) while the quotation is waiting or answered; 21, 80 and 90 are final. */
export function answerVerdict(quotation: QuotationRecord): Verdict {
  if (quotation.stage === 'waiting' || quotation.stage === 'answered') return permitted('QUO-ANSWER');
  return forbidden(`quotation ${quotation.uuid} is ${quotation.stage}, a final state`, 'QUO-STATE-MACHINE');
}

/** Either side may cancel a waiting or answered quotation; an exchanged one cannot be cancelled (QUO-CANCEL). */
export function cancelVerdict(quotation: QuotationRecord): Verdict {
  if (quotation.stage === 'waiting' || quotation.stage === 'answered') return permitted('QUO-CANCEL');
  return forbidden(
    `quotation ${quotation.uuid} is ${quotation.stage}, a final state`,
    quotation.stage === 'completed' ? 'QUO-CANCEL' : 'QUO-STATE-MACHINE',
  );
}

/**
 * The exchange of an answered quotation on its terms `info`, judged in the reference's order. `quoted`
 * is the quoted amount, by default the reference's (rounded down, to the target's last digit).
 */
export function exchangeVerdict(
  model: LedgerModel,
  quotation: QuotationRecord,
  info: QuotationInfo,
  terms: ExchangeTerms,
  quoted = quotedUnits(terms.base, info.foreign_exchange_rate, model.universe.amountScale),
): ExchangeVerdict {
  const stopped = (stop: 'check' | 'settlement', verdict: Verdict): ExchangeVerdict => ({
    verdict,
    moves: [],
    quoted,
    stop,
  });
  if (quotation.exchanged || quotation.stage === 'completed' || quotation.stage === 'failed') {
    return stopped(
      'check',
      forbidden(`quotation ${quotation.uuid} was exchanged already (${quotation.stage})`, 'EXC-ONCE'),
    );
  }
  if (quotation.stage !== 'answered')
    return stopped('check', forbidden(`quotation ${quotation.uuid} is ${quotation.stage}`, 'EXC-STATE'));
  const limits = amountLimits(info, quotation.request);
  if (quoted <= 0n || quoted < limits.minimum || quoted > limits.maximum) {
    return stopped(
      'check',
      forbidden(
        `the quoted amount ${formatUnits(quoted)} lies outside [${formatUnits(limits.minimum)}, ${formatUnits(limits.maximum)}]`,
        'EXC-AMOUNTS',
      ),
    );
  }
  const { buyer, seller } = quotation;
  if (!model.mutual(buyer, seller))
    return stopped('settlement', forbidden(`${buyer} and ${seller} no longer list each other`, 'EXC-ALLOWLIST'));
  const { base, quotedAsset } = exchangeAssets(model);
  const holding = (role: MakerRole, account: string, asset: AssetRef) =>
    accountHolding(model, role, account, asset).key;
  const legs = model.transfersVerdict(
    [
      {
        from: holding(buyer, terms.buyerDebiting, base),
        to: holding(seller, info.seller_crediting_account_identification, base),
        units: terms.base,
      },
      {
        from: holding(seller, info.seller_debiting_account_identification, quotedAsset),
        to: holding(buyer, terms.buyerCrediting, quotedAsset),
        units: quoted,
      },
    ],
    { part: 'leg', shortfall: 'EXC-ATOMIC', permittedAs: 'EXC-SETTLEMENT' },
  );
  return legs.verdict.permitted ? { ...legs, quoted } : stopped('settlement', legs.verdict);
}

/** The base and quoted assets of the run's exchanges: the tokenizer's two DSAs. */
export function exchangeAssets(model: LedgerModel): { base: AssetRef; quotedAsset: AssetRef } {
  const { dsa, quotedDsa } = model.universe;
  if (!quotedDsa) throw new Error('the universe has no quoted DSA: the exchange commands need two DSAs');
  return { base: dsa, quotedAsset: quotedDsa };
}

/** The holding of `asset` on one of the maker's accounts of the universe (the commands pick only those). */
export function accountHolding(model: LedgerModel, role: MakerRole, account: string, asset: AssetRef): Holding {
  const found = dsaHolding(model.universe, role, account, asset);
  if (!found) throw new Error(`${role}/${account} ${asset.code} is not a holding of the universe`);
  return found;
}

/** Both sets of bounds at once, in units of the quoted asset (a missing minimum is zero). */
function amountLimits(info: QuotationInfo, request: RequestQuotation): { minimum: bigint; maximum: bigint } {
  const units = (value: number | undefined, field: string) => amountUnits(value ?? 0, 'EXC-AMOUNTS', field);
  const [quotationMinimum, requestMinimum] = [
    units(info.minimum_amount_limit, 'minimum_amount_limit'),
    units(request.minimum_amount_limit, 'minimum_amount_limit'),
  ];
  const [quotationMaximum, requestMaximum] = [
    units(info.maximum_amount_limit, 'maximum_amount_limit'),
    units(request.maximum_amount_limit, 'maximum_amount_limit'),
  ];
  return {
    minimum: quotationMinimum > requestMinimum ? quotationMinimum : requestMinimum,
    maximum: quotationMaximum < requestMaximum ? quotationMaximum : requestMaximum,
  };
}
