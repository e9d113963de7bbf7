import { randomUUID } from 'node:crypto';
import { units } from '../../flows/balances.ts';
import { settle } from '../../flows/exchange.ts';
import { openMarket } from '../../flows/market.ts';
import type { Party } from '../../flows/party.ts';
import {
  expectQuotationState,
  offer,
  quotationIdOf,
  quotationStateOf,
  quotationStates,
  requested,
  type QuotationParameters,
} from '../../flows/quotations.ts';
import { check, expectStatus, warnShould } from '../../runtime/check.ts';
import type { DssResponse } from '../../runtime/client.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectReferenceStatus, expectRefusal, expectRefusalShould } from '../../runtime/refusal.ts';
import {
  EXCHANGE_REQUIREMENTS,
  LISTED_CANCEL_REFUSALS,
  OFFER_REQUIREMENTS,
  REFUSAL_REQUIREMENTS,
  checkRequirements,
  threeQuotations,
} from './prerequisites.ts';

/**
 * Cancellation (spec: States and transitions, DELETE /exchange/quotations/{quotation_uuid} and DELETE
 * /exchange/quotations; semantics §7): either side cancels a quotation that was not accepted; an
 * accepted one cannot be cancelled; a cancellation of the collection touches only what its conditions
 * select, and needs a condition or `cancel_quotations: true`.
 */

function cancelOne(caller: Party, quotationUuid: string): Promise<DssResponse> {
  return caller.client.call('member.cancelQuotation', { path: { quotation_uuid: quotationUuid } });
}

function cancelMany(caller: Party, parameters: QuotationParameters): Promise<DssResponse> {
  return caller.client.call('member.cancelQuotations', { body: parameters });
}

test(
  ...check(
    'exchange.cancel',
    'lets the buyer cancel an answered quotation and the seller a waiting one, then reads state 90; refuses an unknown and an exchanged quotation with 400 or 404 (the reference: 404, 400)',
    {
      verifies: checkRequirements('QUO-CANCEL', 'QUO-CANCEL-STATUS', 'QUO-STATES', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.cancelQuotation',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('5'), quoted: units('5') });
    const { buyer, seller } = market;
    const { requested: answeredOne } = await offer(market);
    const waiting = await requested(market);
    for (const [caller, id] of [
      [buyer, answeredOne.quotationUuid],
      [seller, waiting.quotationUuid],
    ] as const) {
      expectStatus(await cancelOne(caller, id), 200, 'QUO-CANCEL');
      for (const reader of [buyer, seller])
        await expectQuotationState(
          reader,
          id,
          quotationStates.cancelled,
          'QUO-STATES',
          `after ${caller.identification} cancelled it`,
        );
    }

    // Line 461 lists 400 and 404 (no body listed) and gives neither a condition: both pass for both refusals.
    const refused = (response: DssResponse, reference: number) => {
      expectRefusal(response, { status: LISTED_CANCEL_REFUSALS, requirement: 'QUO-CANCEL', bodyOptional: true });
      expectReferenceStatus(response, reference, 'QUO-CANCEL-STATUS');
    };
    refused(await cancelOne(buyer, quotationIdOf(randomUUID(), seller.identification)), 404);

    const { requested: exchanged, info } = await offer(market);
    await settle(market, info, units('2'));
    for (const caller of [buyer, seller]) refused(await cancelOne(caller, exchanged.quotationUuid), 400);
    await expectQuotationState(
      buyer,
      exchanged.quotationUuid,
      quotationStates.completed,
      'QUO-CANCEL',
      'after attempts to cancel it',
    );
  },
);

test(
  ...check(
    'exchange.cancel-many',
    'cancels the caller’s open quotations that meet the conditions, and no others; refuses a cancellation with no condition',
    {
      verifies: checkRequirements('QUO-CANCEL', 'QUO-CANCEL-UNSPECIFIED', 'QUO-STATES', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.cancelQuotations',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const { buyer, seller } = market;
    const { window, cheap, dear, waiting } = await threeQuotations(market);
    const expectStates = async (states: Array<[string, number]>, when: string) => {
      for (const [id, state] of states) await expectQuotationState(buyer, id, state, 'QUO-CANCEL', when);
    };

    expectStatus(
      await cancelMany(buyer, {
        time_end_request_quotation: window,
        foreign_exchange_rate: [{ relational_operator: 'lt', comparison_value: 1 }],
      }),
      200,
      'QUO-CANCEL',
    );
    await expectStates(
      [
        [cheap, quotationStates.cancelled],
        [dear, quotationStates.updated],
        [waiting, quotationStates.waiting],
      ],
      'after the buyer cancelled its quotations with a rate below 1',
    );

    expectStatus(
      await cancelMany(seller, {
        time_end_request_quotation: window,
        request_quotation_state: [{ relational_operator: 'eq', comparison_value: quotationStates.waiting }],
      }),
      200,
      'QUO-CANCEL',
    );
    await expectStates(
      [
        [dear, quotationStates.updated],
        [waiting, quotationStates.cancelled],
      ],
      'after the seller cancelled its waiting quotations',
    );

    // Last, as a target may cancel everything here: nothing said, nothing cancelled (the reference's rule).
    expectRefusalShould(await cancelMany(buyer, {}), {
      status: 400,
      requirement: 'QUO-CANCEL-UNSPECIFIED',
      bodyOptional: true,
    });
    const left = (await quotationStateOf(buyer, dear)).request_quotation_state;
    warnShould(
      left === quotationStates.updated,
      `the open quotation ${dear} reads in state ${left} after a cancellation with no condition`,
      'QUO-CANCEL-UNSPECIFIED',
    );
  },
);

test(
  ...check(
    'exchange.cancel-all',
    'cancels every open quotation of the caller on cancel_quotations: true, and leaves an exchanged one completed',
    {
      verifies: checkRequirements('QUO-CANCEL-ALL', 'QUO-STATES', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.cancelQuotations',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('5'), quoted: units('5') });
    const { buyer, seller } = market;
    const { requested: exchanged, info } = await offer(market);
    await settle(market, info, units('2'));
    const { requested: answered } = await offer(market);
    const waiting = await requested(market);
    expectStatus(await cancelMany(buyer, { cancel_quotations: true }), 200, 'QUO-CANCEL-ALL');
    for (const reader of [buyer, seller]) {
      for (const id of [answered.quotationUuid, waiting.quotationUuid])
        await expectQuotationState(
          reader,
          id,
          quotationStates.cancelled,
          'QUO-CANCEL-ALL',
          'after the buyer cancelled all its quotations',
        );
      await expectQuotationState(
        reader,
        exchanged.quotationUuid,
        quotationStates.completed,
        'QUO-CANCEL-ALL',
        'after the buyer cancelled all its quotations, this one exchanged before',
      );
    }
  },
);
