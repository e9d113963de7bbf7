/**
 * The quotation and exchange operations of the invariant property (semantics §6-§8): requests by either
 * maker of the first DSA against the second, the other maker's signed answers and re-quotes,
 * cancellations by either side, exchanges of any quotation the run answered (valid ones, and some above
 * the buyer's balance or a ceiling, outside the limits, after a cancellation, a completion or an
 * allowlist removal), and a completed exchange sent again. Every balance is then judged: an exchange
 * moves both legs exactly or neither (EXC-ATOMIC), a quotation settles at most once (EXC-ONCE), and
 * nothing settles once the makers stopped listing each other (EXC-ALLOWLIST).
 */
import fc from 'fast-check';
import { amountUnits as answeredUnits, quotedUnits, type ExchangeInfo } from '../flows/exchange.ts';
import { OPEN_MS, quotationStates, type QuotationInfo } from '../flows/quotations.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';
import {
  accountAt,
  accountOrdinal,
  answer,
  judge,
  LedgerCommand,
  type Act,
  type Model,
  type System,
} from './command-base.ts';
import { pick, type WeightedCommand } from './commands.ts';
import type { AmountLimits } from './exchange-api.ts';
import { answerVerdict, cancelVerdict, exchangeAssets, exchangeVerdict, type ExchangeTerms } from './exchange-model.ts';
import type { QuotationRecord } from './records.ts';
import { forbidden, permitted } from './model.ts';
import { formatUnits, lastDigitUnits, referenceUnits, unitsToJsonNumber, wholeUnits } from '../runtime/money.ts';
import { dsaHolding, makerRoles, otherMaker, type MakerRole, type Universe } from './universe.ts';

/** A limit as the commands print it: the same in every run. */
function limitsText(limits: AmountLimits): string {
  return `[${limits.minimum === undefined ? 'none' : formatUnits(limits.minimum)}, ${formatUnits(limits.maximum)}]`;
}

class RequestQuotation extends LedgerCommand {
  readonly name = 'RequestQuotation';

  constructor(
    private readonly buyer: MakerRole,
    private readonly limits: AmountLimits,
  ) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const seller = otherMaker(this.buyer);
    const mutual = model.mutual(this.buyer, seller);
    const requested = await system.exchanges.request(this.buyer, this.limits);
    const what = `${this.buyer}'s quotation request with limits ${limitsText(this.limits)}`;
    // Listing each other, the makers are each other's counterpart: the request must be taken. Without,
    // other members may still be counterparts of the buyer, so a 200 and a 404 are both right.
    if (mutual) judge(system, 'a quotation request', what, permitted('QUO-REQUEST'), requested);
    const { taken } = requested;
    const state = taken && (await system.exchanges.quotationState(this.buyer, taken.quotationUuid));
    if (taken) {
      const quotation = `${taken.quotationUuid} for ${seller}`;
      const receives = model.universe.makers[seller].accounts.some(
        (account) => model.line(dsaHolding(model.universe, seller, account)!.key).state === 'allow',
      );
      if (state !== undefined && !mutual)
        throw new CheckFailure(
          'QUO-DISTRIBUTION',
          `${what} opened the quotation ${quotation} although the two makers do not list each other`,
        );
      if (state === undefined && mutual && receives) {
        throw new CheckFailure(
          'QUO-DISTRIBUTION',
          `${what} opened no quotation ${quotation}, although the makers list each other and ${seller} holds an allowed line for the base asset (its read answered 404)`,
        );
      }
      if (state !== undefined && state !== quotationStates.waiting)
        throw new CheckFailure(
          'QUO-STATES',
          `the new quotation ${quotation} reads state ${state}, expected ${quotationStates.waiting} (waiting)`,
        );
    }
    const opened =
      taken && state !== undefined
        ? `quotation ${taken.quotationUuid} opened for ${seller}`
        : 'no quotation for the other maker';
    return {
      step: {
        description: `${what}: ${answer(requested)}, ${opened}`,
        nature: 'no-value',
        accepted: requested.accepted,
      },
      afterwards: () => {
        if (!taken || state === undefined) return;
        model.quotations.push({
          uuid: taken.quotationUuid,
          buyer: this.buyer,
          seller,
          request: taken.request,
          requestTimestamp: taken.requestTimestamp,
          stage: 'waiting',
          exchanged: false,
        });
      },
    };
  }

  toString(): string {
    return `RequestQuotation(${this.buyer}, limits ${limitsText(this.limits)})`;
  }
}

/** The seller's terms: rate, limits, and which of its accounts pays the quoted asset and receives the base asset. */
interface QuoteSpec {
  rate: number;
  limits: AmountLimits;
  debiting: number;
  crediting: number;
}

/** Quotations the seller may answer (`open`: waiting or answered), or those in a final state (`closed`). */
function answerable(model: Readonly<Model>, which: 'open' | 'closed'): QuotationRecord[] {
  return model.quotations.filter(
    (quotation) => (quotation.stage === 'waiting' || quotation.stage === 'answered') === (which === 'open'),
  );
}

class AnswerQuotation extends LedgerCommand {
  readonly name = 'AnswerQuotation';

  constructor(
    private readonly which: 'open' | 'closed',
    private readonly pick: number,
    private readonly quote: QuoteSpec,
  ) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return answerable(model, this.which).length > 0;
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const candidates = answerable(model, this.which);
    const quotation = candidates[this.pick % candidates.length]!;
    const { limits } = this.quote;
    const info: QuotationInfo = {
      end_time: quotation.requestTimestamp + OPEN_MS,
      foreign_exchange_rate: this.quote.rate,
      maximum_amount_limit: unitsToJsonNumber(limits.maximum),
      ...(limits.minimum === undefined ? {} : { minimum_amount_limit: unitsToJsonNumber(limits.minimum) }),
      quotation_uuid: quotation.uuid,
      request_quotation: [quotation.request],
      seller_crediting_account_identification: accountAt(model, quotation.seller, this.quote.crediting),
      seller_debiting_account_identification: accountAt(model, quotation.seller, this.quote.debiting),
      seller_member_identification: model.universe.makers[quotation.seller].identification,
      start_time: quotation.requestTimestamp,
    };
    const verdict = answerVerdict(quotation);
    const outcome = await system.exchanges.answer(quotation.seller, info);
    const what = `${quotation.seller}'s answer to the ${quotation.stage} quotation ${quotation.uuid} at rate ${this.quote.rate}, limits ${limitsText(limits)}, paying from ${info.seller_debiting_account_identification}, receiving on ${info.seller_crediting_account_identification}`;
    judge(system, `an answer to a ${quotation.stage} quotation`, what, verdict, outcome);
    return {
      step: { description: `${what}: ${answer(outcome)}`, nature: 'no-value', accepted: outcome.accepted },
      afterwards: () => {
        if (!outcome.accepted) return;
        quotation.stage = 'answered';
        quotation.info = info;
      },
    };
  }

  toString(): string {
    const { rate, limits, debiting, crediting } = this.quote;
    return `AnswerQuotation(${this.which} quotations[${this.pick} mod count], rate ${rate}, limits ${limitsText(limits)}, seller accounts ${accountOrdinal(debiting)} -> ${accountOrdinal(crediting)})`;
  }
}

class CancelQuotation extends LedgerCommand {
  readonly name = 'CancelQuotation';

  constructor(
    private readonly pick: number,
    private readonly byBuyer: boolean,
  ) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return model.quotations.length > 0;
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const quotation = model.quotations[this.pick % model.quotations.length]!;
    const role = this.byBuyer ? quotation.buyer : quotation.seller;
    const verdict = cancelVerdict(quotation);
    const outcome = await system.exchanges.cancel(role, quotation.uuid);
    const what = `${role}'s cancellation of the ${quotation.stage} quotation ${quotation.uuid}`;
    judge(system, `a cancellation of a ${quotation.stage} quotation`, what, verdict, outcome);
    return {
      step: { description: `${what}: ${answer(outcome)}`, nature: 'no-value', accepted: outcome.accepted },
      afterwards: () => {
        if (outcome.accepted) quotation.stage = 'cancelled';
      },
    };
  }

  toString(): string {
    return `CancelQuotation(quotations[${this.pick} mod count], by the ${this.byBuyer ? 'buyer' : 'seller'})`;
  }
}

/**
 * The quotations an exchange can name (answered ones): `open`, still answered (state 10); or `closed`,
 * completed, failed or cancelled since, which no exchange may settle.
 */
function exchangeable(model: Readonly<Model>, which: 'open' | 'closed'): QuotationRecord[] {
  return model.quotations.filter(
    (quotation) => quotation.info !== undefined && (quotation.stage === 'answered') === (which === 'open'),
  );
}

class Exchange extends LedgerCommand {
  readonly name = 'Exchange';

  constructor(
    private readonly which: 'open' | 'closed',
    private readonly pick: number,
    private readonly base: bigint,
    private readonly debiting: number,
    private readonly crediting: number,
  ) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return exchangeable(model, this.which).length > 0;
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const candidates = exchangeable(model, this.which);
    const quotation = candidates[this.pick % candidates.length]!;
    const info = quotation.info!; // exchangeable() keeps only those
    const terms: ExchangeTerms = {
      base: this.base,
      buyerDebiting: accountAt(model, quotation.buyer, this.debiting),
      buyerCrediting: accountAt(model, quotation.buyer, this.crediting),
    };
    const exchangeInfo: ExchangeInfo = {
      amount_base_asset: unitsToJsonNumber(terms.base),
      buyer_crediting_account_identification: terms.buyerCrediting,
      buyer_debiting_account_identification: terms.buyerDebiting,
      quotation_info: [info],
    };
    const signed = await system.exchanges.sign(quotation.buyer, exchangeInfo);
    const stage = quotation.stage;
    let judged = exchangeVerdict(model, quotation, info, terms);
    const sent = await system.exchanges.exchange(quotation.buyer, signed);
    const { base, quotedAsset } = exchangeAssets(model);
    const what = `${quotation.buyer}'s exchange of ${formatUnits(terms.base)} ${base.code} (${terms.buyerDebiting} -> ${terms.buyerCrediting}) against the ${stage} quotation ${quotation.uuid} at rate ${info.foreign_exchange_rate}`;
    const result = sent.result;
    if (result?.exchange_state === 'Success') {
      const quoted = answeredUnits(result.amount_quoted_asset, 'EXC-SETTLEMENT', 'amount_quoted_asset');
      // A target may round the quoted amount up (EXC-ROUNDING is a SHOULD): the model then follows it.
      if (
        quoted !== judged.quoted &&
        quoted === quotedUnits(terms.base, info.foreign_exchange_rate, model.universe.amountScale, 'up')
      ) {
        system.warn(
          'EXC-ROUNDING',
          'a quoted amount rounded up',
          `${what} moved ${formatUnits(quoted)} ${quotedAsset.code}, not ${formatUnits(judged.quoted)} (rounded down)`,
        );
        judged = exchangeVerdict(model, quotation, info, terms, quoted);
      } else if (quoted !== judged.quoted) {
        throw new CheckFailure(
          'EXC-SETTLEMENT',
          `${what} answered Success with amount_quoted_asset ${formatUnits(quoted)}, expected ${formatUnits(judged.quoted)}`,
        );
      }
    }
    // Where the rules stop an exchange before settling, the spec allows a refusal or a Rejected outcome
    // (line 388: "exchange proceeds, result Success or Rejected"); the reference's error status is a decision
    // of its profile (EXC-REFUSAL-STATUS), recorded, and the model follows the quotation's state as read.
    const rejectedAtCheck = result?.exchange_state === 'Rejected' && judged.stop === 'check';
    if (rejectedAtCheck)
      system.warn(
        'EXC-REFUSAL-STATUS',
        'an exchange answered Rejected instead of refused',
        `${what} was answered Rejected instead of being refused, as ${judged.verdict.reason}`,
        true,
      );
    const readAfter =
      rejectedAtCheck && stage === 'answered'
        ? await system.exchanges.quotationState(quotation.buyer, quotation.uuid)
        : undefined;
    const settled = result?.exchange_state === 'Success';
    const told = result ? `200 ${result.exchange_state}` : answer(sent);
    return {
      step: {
        description: `${what} (${formatUnits(judged.quoted)} ${quotedAsset.code} quoted): ${told}`,
        nature: 'value',
        accepted: settled,
        verdict: judged.verdict,
        moves: judged.moves,
        refusalRequirement: 'EXC-ATOMIC',
        effectRequirement: 'EXC-ATOMIC',
      },
      afterwards: () => {
        if (!result) return;
        // A Rejected status refusal leaves a final quotation as it was, and an answered one as the target reads it.
        if (rejectedAtCheck && (stage !== 'answered' || readAfter === quotationStates.updated)) return;
        quotation.exchanged = true;
        quotation.stage = settled ? 'completed' : 'failed';
        if (settled) quotation.settledWith = signed;
      },
    };
  }

  toString(): string {
    return `Exchange(${this.which} quotations[${this.pick} mod count], ${formatUnits(this.base)}, buyer accounts ${accountOrdinal(this.debiting)} -> ${accountOrdinal(this.crediting)})`;
  }
}

/** The signed exchange that completed a quotation, sent again: it must not settle (refused, or Rejected) and move nothing. */
class ReplayExchange extends LedgerCommand {
  readonly name = 'ReplayExchange';

  constructor(private readonly pick: number) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return model.quotations.some((quotation) => quotation.settledWith !== undefined);
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const completed = model.quotations.filter((quotation) => quotation.settledWith !== undefined);
    const quotation = completed[this.pick % completed.length]!;
    const sent = await system.exchanges.exchange(quotation.buyer, quotation.settledWith!);
    const what = `${quotation.buyer} sending again the exchange that completed quotation ${quotation.uuid}`;
    // Rejected is a non-settlement the spec allows (line 388); the reference's error status is its profile's.
    if (sent.result?.exchange_state === 'Rejected')
      system.warn(
        'EXC-REFUSAL-STATUS',
        'a replayed exchange answered Rejected',
        `${what} was answered Rejected instead of being refused`,
        true,
      );
    const verdict = forbidden(`quotation ${quotation.uuid} was exchanged already`, 'EXC-ONCE');
    const told = sent.result ? `200 ${sent.result.exchange_state}` : answer(sent);
    return {
      step: {
        description: `${what}: ${told}`,
        nature: 'value',
        accepted: sent.result?.exchange_state === 'Success',
        verdict,
        moves: [],
        refusalRequirement: 'EXC-ONCE',
      },
    };
  }

  toString(): string {
    return `ReplayExchange(completed quotations[${this.pick} mod count])`;
  }
}

// ---- generation -------------------------------------------------------------------------------------

const account = fc.nat({ max: 1 });

/** Base amounts: mostly whole or ordinary ones that fit the limits, some tiny ones whose quoted amount falls below them. */
function baseUnits(scale: number): fc.Arbitrary<bigint> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 25 }).map(wholeUnits) },
    { weight: 3, arbitrary: fc.bigInt({ min: 1n, max: 400_000_000n }).map((count) => referenceUnits(count, scale)) },
    { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10_000n }).map((count) => lastDigitUnits(count, scale)) },
  );
}

/** The exchange commands, about as likely as the ledger's: they need the tokenizer's second DSA as the quoted asset. */
export function exchangeCommands(universe: Universe): WeightedCommand[] {
  if (!universe.quotedDsa)
    throw new HarnessFault(
      `the profile lists one DSA for the tokenizer ${universe.tokenizer}: the exchange invariants need two (base and quoted asset)`,
    );
  const maker = fc.constantFrom(...makerRoles);
  const requestLimits = fc.record({
    minimum: fc.constantFrom(undefined, referenceUnits(5_000_000n, universe.amountScale), wholeUnits(2)),
    maximum: fc.constantFrom(wholeUnits(50), wholeUnits(1000)),
  });
  const quote = fc.record({
    rate: fc.constantFrom(0.5, 0.9, 1.25, 2, 0.1234567),
    limits: fc.record({
      minimum: fc.constantFrom(undefined, wholeUnits(1), wholeUnits(5)),
      maximum: fc.constantFrom(wholeUnits(20), wholeUnits(1000), wholeUnits(1000)),
    }),
    debiting: account,
    crediting: account,
  });
  return [
    {
      weight: 14,
      arbitrary: fc.tuple(maker, requestLimits).map(([buyer, limits]) => new RequestQuotation(buyer, limits)),
    },
    { weight: 18, arbitrary: fc.tuple(pick, quote).map(([index, terms]) => new AnswerQuotation('open', index, terms)) },
    {
      weight: 3,
      arbitrary: fc.tuple(pick, quote).map(([index, terms]) => new AnswerQuotation('closed', index, terms)),
    },
    {
      weight: 6,
      arbitrary: fc.tuple(pick, fc.boolean()).map(([index, byBuyer]) => new CancelQuotation(index, byBuyer)),
    },
    {
      weight: 36,
      arbitrary: fc
        .tuple(pick, baseUnits(universe.amountScale), account, account)
        .map(([index, base, debiting, crediting]) => new Exchange('open', index, base, debiting, crediting)),
    },
    {
      weight: 7,
      arbitrary: fc
        .tuple(pick, baseUnits(universe.amountScale), account, account)
        .map(([index, base, debiting, crediting]) => new Exchange('closed', index, base, debiting, crediting)),
    },
    { weight: 6, arbitrary: pick.map((index) => new ReplayExchange(index)) },
  ];
}
