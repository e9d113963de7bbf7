import { schemaRef } from '../../../schemas/resources.ts';
import { validate } from '../../../schemas/validators.ts';
import { okBody } from '../../flows/answers.ts';
import { awaitDelivery, awaitPayload, mentioning, naming } from '../../flows/mailbox.ts';
import { openMarket } from '../../flows/market.ts';
import {
  answered,
  foundQuotations,
  MINUTE_MS,
  OPEN_MS,
  quotationTerms,
  readQuotationsOfRequest,
  requestBody,
  requested,
  requestQuotations,
  sameJson,
  type QuotationState,
} from '../../flows/quotations.ts';
import { check, warnShould, expectStatus } from '../../runtime/check.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { test } from '../../runtime/fixtures.ts';
import { CALLER_MISMATCH_STATUSES, expectRefusal, expectRefusalShould } from '../../runtime/refusal.ts';
import { OFFER_REQUIREMENTS, REFUSAL_REQUIREMENTS, checkRequirements } from './prerequisites.ts';

/**
 * Quotation requests (spec: POST /exchange/quotations/request, Events; semantics §7): what a request
 * must be, the 404 of a buyer with nobody on its allowlist, and the gateway messages that take a
 * request to the seller and the answered quotation back to the buyer.
 */

const HOUR_MS = 60 * MINUTE_MS;

test(
  ...check(
    'exchange.request',
    'takes a quotation request with a new request_uuid, refuses one for another buyer and one whose maximum is below its minimum, and never keeps one that ends in the past or in seconds',
    {
      verifies: checkRequirements('QUO-REQUEST', 'QUO-REQUEST-REFUSALS', 'QUO-EXPIRY', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.requestQuotations',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const [first, second] = [await requested(market), await requested(market)];
    expectFor('QUO-REQUEST', second.requestUuid, 'the request_uuid of a second request').not.toBe(first.requestUuid);

    // End times no other request of this worker has, so that the filter below sees only these.
    const now = await market.now();
    const end = now + OPEN_MS + 17;
    const buyer = market.buyer;
    // Acting for another buyer is refused: 400, 401 or 403 (CALLER_MISMATCH_STATUSES); the reference's 400 is
    // exchange.caller-mismatch-400's, and another 4xx only warns.
    expectRefusal(
      await requestQuotations(
        buyer,
        requestBody(market, end, { buyer_member_identification: market.seller.identification }),
      ),
      { status: CALLER_MISMATCH_STATUSES, requirement: 'QUO-REQUEST', level: 'SHOULD' },
    );
    // A maximum below the minimum bounds no amount (line 561): refused, with the one listed status that fits.
    expectRefusal(
      await requestQuotations(
        buyer,
        requestBody(market, end + 3, { maximum_amount_limit: 5, minimum_amount_limit: 10 }),
      ),
      { status: 400, requirement: 'QUO-REQUEST' },
    );
    // A request whose end is already reached is removed (lines 384, 562): a service may refuse it, as the
    // reference does (QUO-REQUEST-REFUSALS), or take it and remove it at once, its quotations then reading 404.
    const ended = [
      requestBody(market, now - MINUTE_MS),
      // Seconds since the epoch: as milliseconds, long past.
      requestBody(market, Math.floor((end + 1) / 1000)),
    ];
    for (const body of ended) {
      const response = await requestQuotations(buyer, body);
      if (response.status < 200 || response.status >= 300) {
        expectRefusal(response, { status: 400, requirement: 'QUO-REQUEST-REFUSALS', level: 'SHOULD' });
        continue;
      }
      warnShould(
        false,
        `a quotation request ending at ${body.time_end_request_quotation}, already past, was accepted (${response.status})`,
        'QUO-REQUEST-REFUSALS',
      );
      const { request_uuid: uuid } = okBody<{ request_uuid: string }>(
        response,
        schemaRef('requestQuotationResult'),
        'QUO-REQUEST',
        'RES-EXCHANGE-SCHEMAS',
      );
      expectRefusal(await readQuotationsOfRequest(buyer, uuid), {
        status: 404,
        requirement: 'QUO-EXPIRY',
        bodyOptional: true,
      });
    }
    // A maximum of zero: the spec does not say that buying at most nothing is refused; the reference does.
    expectRefusalShould(
      await requestQuotations(
        buyer,
        requestBody(market, end + 2, { maximum_amount_limit: 0, minimum_amount_limit: 0 }),
      ),
      { status: 400, requirement: 'QUO-REQUEST-REFUSALS' },
    );

    // The refusals of the specification (another buyer at `end`, a maximum below its minimum at `end + 3`) opened nothing.
    for (const refusedEnd of [end, end + 3]) {
      const created = await foundQuotations(
        market.seller,
        { time_end_request_quotation: [{ relational_operator: 'eq', comparison_value: refusedEnd }] },
        'POST',
      );
      expectFor(
        'QUO-REQUEST',
        created.map((quotation) => quotation.quotation_uuid),
        `quotations that the refused request ending at ${refusedEnd} opened`,
      ).toEqual([]);
    }
  },
);

// The reference profile: both assets required, though the spec marks them optional (lines 271, 275).
test(
  ...check(
    'exchange.request-assets',
    'refuses a quotation request without its base or its quoted asset with 400, opening nothing',
    {
      verifies: checkRequirements('QUO-REQUEST-ASSETS', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.requestQuotations',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    // End times no other request of this worker has, so that the filter below sees only these.
    const end = (await market.now()) + OPEN_MS + 29;
    const { base_asset_info: _base, ...withoutBase } = requestBody(market, end);
    const { quoted_asset_info: _quoted, ...withoutQuoted } = requestBody(market, end + 1);
    for (const body of [withoutBase, withoutQuoted])
      expectRefusal(await requestQuotations(market.buyer, body), { status: 400, requirement: 'QUO-REQUEST-ASSETS' });
    const created = await foundQuotations(
      market.seller,
      {
        time_end_request_quotation: [
          { relational_operator: 'ge', comparison_value: end },
          { relational_operator: 'le', comparison_value: end + 1 },
        ],
      },
      'POST',
    );
    expectFor(
      'QUO-REQUEST-ASSETS',
      created.map((quotation) => quotation.quotation_uuid),
      'quotations that refused requests opened',
    ).toEqual([]);
  },
);

test(
  ...check('exchange.request-horizon', 'takes a request that ends within 24 hours and refuses one that ends later', {
    verifies: checkRequirements('QUO-REQUEST', 'QUO-REQUEST-HORIZON', ...REFUSAL_REQUIREMENTS),
    uses: OFFER_REQUIREMENTS,
    endpoint: 'member.requestQuotations',
  }),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const now = await market.now();
    okBody(
      await requestQuotations(market.buyer, requestBody(market, now + 23 * HOUR_MS)),
      schemaRef('requestQuotationResult'),
      'QUO-REQUEST',
      'RES-EXCHANGE-SCHEMAS',
    );
    expectRefusalShould(await requestQuotations(market.buyer, requestBody(market, now + 25 * HOUR_MS)), {
      status: 400,
      requirement: 'QUO-REQUEST-HORIZON',
    });
  },
);

test(
  ...check(
    'exchange.request-no-counterpart',
    'answers 404 to a quotation request of a member whose allowlist lists nobody',
    {
      verifies: checkRequirements('QUO-REQUEST-NO-COUNTERPART', 'RES-ALLOWLIST-SCHEMAS', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.requestQuotations',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const buyer = market.buyer;
    const listed = okBody<string[]>(
      await buyer.client.call('member.getAllowlist'),
      { type: 'array', items: { type: 'string' } },
      'ALLOWLIST-LIST',
      'RES-ALLOWLIST-SCHEMAS',
    );
    // Other checks of this worker rely on the allowlist: it is emptied for this request only.
    try {
      for (const member of listed)
        expectStatus(await buyer.client.call('member.removeFromAllowlist', { body: member }), 200, 'ALLOWLIST-LIST');
      expectRefusal(await requestQuotations(buyer, requestBody(market, (await market.now()) + OPEN_MS)), {
        status: 404,
        requirement: 'QUO-REQUEST-NO-COUNTERPART',
      });
    } finally {
      for (const member of listed) await buyer.client.call('member.addToAllowlist', { body: member });
    }
  },
);

test(
  ...check(
    'exchange.distribution',
    'delivers a quotation request to the seller’s quotations queue, and the answered quotation to the buyer’s',
    {
      verifies: checkRequirements(
        'QUO-DISTRIBUTION',
        'QUO-GATEWAY-PAYLOAD',
        'GW-READ-CONSUMES',
        ...REFUSAL_REQUIREMENTS,
      ),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.readGatewayMessages',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const request = await requested(market);
    // QUO-GATEWAY-PAYLOAD judges the response_data object itself: the reference's payload is that object, not inside it.
    const { data: toSeller } = await awaitDelivery(
      market.seller,
      'quotations',
      mentioning(request.requestUuid),
      'QUO-DISTRIBUTION',
      `naming the request ${request.requestUuid}`,
    );
    const expectedToSeller = { quotation_uuid: request.quotationUuid, request_quotation: [request.request] };
    warnShould(
      sameJson(toSeller, expectedToSeller),
      `the seller's message about request ${request.requestUuid} is ${JSON.stringify(toSeller)}, expected ${JSON.stringify(expectedToSeller)}`,
      'QUO-GATEWAY-PAYLOAD',
    );

    const info = await answered(market, quotationTerms(market, request));
    const { data: toBuyer } = await awaitDelivery(
      market.buyer,
      'quotations',
      mentioning(request.quotationUuid),
      'QUO-DISTRIBUTION',
      `naming the quotation ${request.quotationUuid}`,
    );
    const state = toBuyer as QuotationState;
    const shaped =
      validate(schemaRef('quotationState'), toBuyer).valid &&
      state.request_quotation_state === 10 &&
      sameJson(state.response_data, [info]);
    warnShould(
      shaped,
      `the buyer's message about quotation ${request.quotationUuid} is ${JSON.stringify(toBuyer)}, expected its quotationState in state 10 with the quotationInfo sent`,
      'QUO-GATEWAY-PAYLOAD',
    );
  },
);

// The specification's half of the delivery: that the two messages arrive, each naming what it is about, whatever
// their payloads look like (line 531: not shown). The reference's payloads are judged by exchange.distribution.
test(
  ...check(
    'exchange.gateway-delivery',
    'delivers a quotation request to the seller through the gateway, and the answered quotation to the buyer, whatever the payloads look like',
    {
      verifies: checkRequirements('QUO-GATEWAY-DELIVERY', 'RES-LEDGER-SCHEMAS', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.readGatewayMessages',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const request = await requested(market);
    await awaitPayload(
      market.seller,
      'quotations',
      naming(request.requestUuid, request.quotationUuid),
      'QUO-GATEWAY-DELIVERY',
      `naming the request ${request.requestUuid}`,
    );

    await answered(market, quotationTerms(market, request));
    // The quotation by its quotation_uuid, or by its two parts (line 228: <request_uuid>-<seller>).
    const seller = market.seller.identification;
    const aboutQuotation = (payload: object) =>
      naming(request.quotationUuid)(payload) || (naming(request.requestUuid)(payload) && naming(seller)(payload));
    await awaitPayload(
      market.buyer,
      'quotations',
      aboutQuotation,
      'QUO-GATEWAY-DELIVERY',
      `naming the quotation ${request.quotationUuid} (or its request ${request.requestUuid} and its seller ${seller})`,
    );
  },
);
