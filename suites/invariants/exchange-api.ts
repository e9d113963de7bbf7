/**
 * The quotation and exchange calls of the invariant property, as the makers of the universe, through
 * the plain requests of suites/flows/quotations.ts and exchange.ts: a request of the base asset
 * against the quoted asset, the seller's signed answer, a cancellation, the buyer's signed exchange,
 * and a quotation's state as its buyer reads it. Answers are Outcomes, judged by the model.
 */
import { schemaRef } from '../../schemas/resources.ts';
import { okBody } from '../flows/answers.ts';
import { instrumentOf } from '../flows/assets.ts';
import {
  exchangeResultOf,
  postExchange,
  signExchange,
  type ExchangeInfo,
  type ExchangeObject,
  type ExchangeResult,
} from '../flows/exchange.ts';
import type { Party } from '../flows/party.ts';
import {
  answerQuotation,
  OPEN_MS,
  quotationIdOf,
  readQuotation,
  requestQuotations,
  signQuotation,
  type QuotationInfo,
  type QuotationState,
  type RequestQuotation,
} from '../flows/quotations.ts';
import { expectErrorBody, expectSchema, recordAcross, describeCall } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { outcome, type Outcome } from './ledger-api.ts';
import { unitsToJsonNumber } from '../runtime/money.ts';
import { otherMaker, type MakerRole, type ParticipantRole, type Universe } from './universe.ts';

/** A request's quotation limits, in units of the quoted asset (a missing minimum is none). */
export interface AmountLimits {
  minimum?: bigint;
  maximum: bigint;
}

/** A request the target took: what the seller must echo, and the quotation it may have opened for the other maker. */
export interface TakenRequest {
  request: RequestQuotation;
  requestTimestamp: number;
  quotationUuid: string;
}

export class ExchangeApi {
  constructor(
    private readonly parties: Record<ParticipantRole, Party>,
    private readonly universe: Universe,
    /** The target's time in ms (see run.ts). */
    private readonly now: () => Promise<number>,
  ) {}

  /** `buyer` asks for quotations of the first DSA against the second, open for OPEN_MS. */
  async request(buyer: MakerRole, limits: AmountLimits): Promise<Outcome & { taken?: TakenRequest }> {
    const { dsa, quotedDsa } = this.universe;
    if (!quotedDsa) throw new Error('the exchange commands need the universe’s second DSA');
    const request: RequestQuotation = {
      base_asset_info: [instrumentOf(dsa)],
      buyer_member_identification: this.universe.makers[buyer].identification,
      maximum_amount_limit: unitsToJsonNumber(limits.maximum),
      ...(limits.minimum === undefined ? {} : { minimum_amount_limit: unitsToJsonNumber(limits.minimum) }),
      quoted_asset_info: [instrumentOf(quotedDsa)],
      time_end_request_quotation: (await this.now()) + OPEN_MS,
    };
    const result = outcome(await requestQuotations(this.parties[buyer], request));
    if (!result.accepted) return result;
    expectSchema(
      result.response.body,
      schemaRef('requestQuotationResult'),
      'RES-EXCHANGE-SCHEMAS',
      'the request’s result',
    );
    const { request_uuid: requestUuid, request_timestamp: requestTimestamp } = result.response.body as {
      request_uuid: string;
      request_timestamp: number;
    };
    return {
      ...result,
      taken: {
        request,
        requestTimestamp,
        quotationUuid: quotationIdOf(requestUuid, this.universe.makers[otherMaker(buyer)].identification),
      },
    };
  }

  /** The quotation's state code as `reader` reads it; undefined when the target answers 404 (there is none). */
  async quotationState(reader: MakerRole, quotationUuid: string): Promise<number | undefined> {
    const response = await readQuotation(this.parties[reader], quotationUuid);
    if (response.status === 404) {
      recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
      return undefined;
    }
    const state = okBody<QuotationState>(response, schemaRef('quotationState'), 'QUO-READ', 'RES-EXCHANGE-SCHEMAS');
    if (state.quotation_uuid !== quotationUuid)
      throw new CheckFailure('QUO-READ', `${describeCall(response)} answered the quotation ${state.quotation_uuid}`);
    return state.request_quotation_state;
  }

  /** The seller signs `info` with its debiting account and answers the quotation. */
  async answer(seller: MakerRole, info: QuotationInfo): Promise<Outcome> {
    const party = this.parties[seller];
    return outcome(await answerQuotation(party, info.quotation_uuid, await signQuotation(party, info)));
  }

  async cancel(role: MakerRole, quotationUuid: string): Promise<Outcome> {
    return outcome(
      await this.parties[role].client.call('member.cancelQuotation', { path: { quotation_uuid: quotationUuid } }),
    );
  }

  /** The buyer's signature with its debiting account. */
  sign(buyer: MakerRole, info: ExchangeInfo): Promise<ExchangeObject> {
    return signExchange(this.parties[buyer], info);
  }

  /** The exchange; a 200 answer is read as an exchangeResult (Success or Rejected). */
  async exchange(buyer: MakerRole, exchange: ExchangeObject): Promise<Outcome & { result?: ExchangeResult }> {
    const result = outcome(await postExchange(this.parties[buyer], exchange));
    return result.accepted ? { ...result, result: exchangeResultOf(result.response, 'EXC-SETTLEMENT') } : result;
  }
}
