import { schemaRef } from '../../../schemas/resources.ts';
import { validate } from '../../../schemas/validators.ts';
import { okBody } from '../../flows/answers.ts';
import { awaitPayload, mentioning } from '../../flows/mailbox.ts';
import { openMarket } from '../../flows/market.ts';
import { answered, foundQuotations, MINUTE_MS, OPEN_MS, quotationTerms, requestBody, requested, requestQuotations, sameJson, type QuotationState } from '../../flows/quotations.ts';
import { check, expectStatus, warnShould } from '../../runtime/check.ts';
import { expect, test } from '../../runtime/fixtures.ts';
import { CALLER_MISMATCH_STATUSES, expectRefusal, expectRefusalShould } from '../../runtime/refusal.ts';
import { OFFER_REQUIREMENTS, checkRequirements } from './prerequisites.ts';

/**
 * Quotation requests (spec: POST /exchange/quotations/request, Events; semantics §7): what a request
 * must be, the 404 of a buyer with nobody on its allowlist, and the gateway messages that take a
 * request to the seller and the answered quotation back to the buyer.
 */

const HOUR_MS = 60 * MINUTE_MS;

test(...check('exchange.request', 'takes a quotation request with a new request_uuid, and refuses one for another buyer, one that ends in the past or in seconds, and one with impossible limits', { requirements: checkRequirements('QUO-REQUEST', ...OFFER_REQUIREMENTS), endpoint: 'member.requestQuotations' }), async ({ actors }) => {
  const market = await openMarket(actors, { base: 0n, quoted: 0n });
  const [first, second] = [await requested(market), await requested(market)];
  expect(second.requestUuid, '[QUO-REQUEST] the request_uuid of a second request').not.toBe(first.requestUuid);

  // End times no other request of this worker has, so that the filter below sees only these.
  const now = await market.now();
  const end = now + OPEN_MS + 17;
  const buyer = market.buyer;
  // Acting for another buyer is refused: 400, 401 or 403 (CALLER_MISMATCH_STATUSES); the reference's 400 is
  // exchange.caller-mismatch-400's, and another 4xx only warns.
  expectRefusal(await requestQuotations(buyer, requestBody(market, end, { buyer_member_identification: market.seller.identification })), { status: CALLER_MISMATCH_STATUSES, requirement: 'QUO-REQUEST', level: 'SHOULD' });
  const invalid = [
    requestBody(market, now - MINUTE_MS),
    // Seconds since the epoch: as milliseconds, long past.
    requestBody(market, Math.floor((end + 1) / 1000)),
    requestBody(market, end + 2, { maximum_amount_limit: 0, minimum_amount_limit: 0 }),
    requestBody(market, end + 3, { maximum_amount_limit: 5, minimum_amount_limit: 10 }),
  ];
  for (const body of invalid) expectRefusal(await requestQuotations(buyer, body), { status: 400, requirement: 'QUO-REQUEST' });

  const created = await foundQuotations(market.seller, { time_end_request_quotation: [{ relational_operator: 'ge', comparison_value: end }, { relational_operator: 'le', comparison_value: end + 3 }] }, 'POST');
  expect(created.map((quotation) => quotation.quotation_uuid), '[QUO-REQUEST] quotations that refused requests opened').toEqual([]);
});

test(...check('exchange.request-horizon', 'takes a request that ends within 24 hours and refuses one that ends later', { requirements: checkRequirements('QUO-REQUEST', 'QUO-REQUEST-HORIZON', ...OFFER_REQUIREMENTS), endpoint: 'member.requestQuotations' }), async ({ actors }) => {
  const market = await openMarket(actors, { base: 0n, quoted: 0n });
  const now = await market.now();
  okBody(await requestQuotations(market.buyer, requestBody(market, now + 23 * HOUR_MS)), schemaRef('requestQuotationResult'), 'QUO-REQUEST', 'RES-EXCHANGE-SCHEMAS');
  expectRefusalShould(await requestQuotations(market.buyer, requestBody(market, now + 25 * HOUR_MS)), { status: 400, requirement: 'QUO-REQUEST-HORIZON' });
});

test(...check('exchange.request-no-counterpart', 'answers 404 to a quotation request of a member whose allowlist lists nobody', { requirements: checkRequirements('QUO-REQUEST-NO-COUNTERPART', 'RES-ALLOWLIST-SCHEMAS', ...OFFER_REQUIREMENTS), endpoint: 'member.requestQuotations' }), async ({ actors }) => {
  const market = await openMarket(actors, { base: 0n, quoted: 0n });
  const buyer = market.buyer;
  const listed = okBody<string[]>(await buyer.client.call('member.getAllowlist'), { type: 'array', items: { type: 'string' } }, 'ALLOWLIST-LIST', 'RES-ALLOWLIST-SCHEMAS');
  // Other checks of this worker rely on the allowlist: it is emptied for this request only.
  try {
    for (const member of listed) expectStatus(await buyer.client.call('member.removeFromAllowlist', { body: member }), 200, 'ALLOWLIST-LIST');
    expectRefusal(await requestQuotations(buyer, requestBody(market, (await market.now()) + OPEN_MS)), { status: 404, requirement: 'QUO-REQUEST-NO-COUNTERPART' });
  } finally {
    for (const member of listed) await buyer.client.call('member.addToAllowlist', { body: member });
  }
});

test(...check('exchange.distribution', 'delivers a quotation request to the seller’s quotations queue, and the answered quotation to the buyer’s', { requirements: checkRequirements('QUO-DISTRIBUTION', 'QUO-GATEWAY-PAYLOAD', 'GW-READ-CONSUMES', ...OFFER_REQUIREMENTS), endpoint: 'member.readGatewayMessages' }), async ({ actors }) => {
  const market = await openMarket(actors, { base: 0n, quoted: 0n });
  const request = await requested(market);
  const toSeller = await awaitPayload(market.seller, 'quotations', mentioning(request.requestUuid), 'QUO-DISTRIBUTION', `naming the request ${request.requestUuid}`);
  const expectedToSeller = { quotation_uuid: request.quotationUuid, request_quotation: [request.request] };
  warnShould(sameJson(toSeller, expectedToSeller), `the seller's message about request ${request.requestUuid} is ${JSON.stringify(toSeller)}, expected ${JSON.stringify(expectedToSeller)}`, 'QUO-GATEWAY-PAYLOAD');

  const info = await answered(market, quotationTerms(market, request));
  const toBuyer = await awaitPayload(market.buyer, 'quotations', mentioning(request.quotationUuid), 'QUO-DISTRIBUTION', `naming the quotation ${request.quotationUuid}`);
  const state = toBuyer as QuotationState;
  const shaped = validate(schemaRef('quotationState'), toBuyer).valid && state.request_quotation_state === 10 && sameJson(state.response_data, [info]);
  warnShould(shaped, `the buyer's message about quotation ${request.quotationUuid} is ${JSON.stringify(toBuyer)}, expected its quotationState in state 10 with the quotationInfo sent`, 'QUO-GATEWAY-PAYLOAD');
});
