import { tokenizerDsa } from '../../flows/assets.ts';
import { units } from '../../flows/balances.ts';
import { answerCharge, chargeAnswer, newChargeRequest, requestCharge } from '../../flows/charges.ts';
import { decideAsTokenizer, openDsaLine, requestCreditLine } from '../../flows/credit-lines.ts';
import { openMarket } from '../../flows/market.ts';
import { answerQuotation, quotationTerms, requested, signQuotation } from '../../flows/quotations.ts';
import { check, describeCall, expectStatus } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { isJsonMediaType, type DssResponse } from '../../runtime/client.ts';
import { test } from '../../runtime/fixtures.ts';
import { OFFER_REQUIREMENTS, REFUSAL_REQUIREMENTS } from '../exchange/prerequisites.ts';
import { checkRequirements, twoAccounts } from '../ledger/prerequisites.ts';

/**
 * "Every response is JSON" (spec, What the service does): the successes whose body the spec does not
 * list ("none listed") as much as the reads and the refusals. A response counts as JSON when its
 * Content-Type is a JSON media type and its body parses (the client's `body` is then defined).
 */

function expectJson(response: DssResponse): void {
  const type = response.headers['content-type'] ?? '';
  if (!isJsonMediaType(type) || response.body === undefined) {
    throw new CheckFailure(
      'RES-JSON-RESPONSES',
      `${describeCall(response)}: status ${response.status} came with Content-Type ${JSON.stringify(type)} and the body ${JSON.stringify(response.text.slice(0, 200))}, which is not JSON`,
    );
  }
}

test(
  ...check(
    'errors.json-responses',
    'answers JSON, with a JSON Content-Type, on successes with no listed body, on reads and on refusals',
    { verifies: ['RES-JSON-RESPONSES', 'GW-LISTENING-REPLAY', 'ALLOWLIST-LIST', 'CHG-REQUEST'] },
  ),
  async ({ actors }) => {
    const { mmA: member, mmB: other } = actors;
    const [main] = member.accounts;
    if (main === undefined)
      throw new CheckFailure('RES-JSON-RESPONSES', `${member.identification} lists no operating account`);
    // "none listed" successes: a listening restart from now, an allowlist change and its undoing, a fee request.
    // The change is never a repeat (that a repeat succeeds is the reference's, ALLOWLIST-IDEMPOTENT): whatever
    // the other member's place on the list, it ends where it was.
    const listed = await member.client.call('member.getAllowlist');
    expectStatus(listed, 200, 'ALLOWLIST-LIST');
    const onList = Array.isArray(listed.body) && listed.body.includes(other.identification);
    const change = (add: boolean) =>
      member.client.call(add ? 'member.addToAllowlist' : 'member.removeFromAllowlist', { body: other.identification });
    const successes: Array<[DssResponse, string]> = [
      [
        await member.client.call('member.restartListening', {
          path: { account_identification: main, reference: 'now' },
        }),
        'GW-LISTENING-REPLAY',
      ],
      [await change(!onList), 'ALLOWLIST-LIST'],
      [await change(onList), 'ALLOWLIST-LIST'],
      [
        await member.client.call('member.requestCharge', {
          path: { member_identification: other.identification },
          body: newChargeRequest(member, tokenizerDsa(actors), 10),
        }),
        'CHG-REQUEST',
      ],
    ];
    for (const [response, requirement] of successes) expectStatus(response, 200, requirement);
    const answers = [
      ...successes.map(([response]) => response),
      // A read, a refusal for a missing token, one for an unknown member, one for invalid input.
      await member.client.call('member.getAllowlist'),
      await member.client.call('member.getAllowlist', { token: null }),
      await member.client.call('member.getMember', { path: { member_identification: 'nobody-at-all-here' } }),
      await member.client.call('member.readGatewayMessages', { query: { type: 'everything' } }),
    ];
    for (const response of answers) expectJson(response);
  },
);

/**
 * The other "none listed" successes, each the answer of a step of a flow: a credit-line request on the member
 * interface (line 481) and the tokenizer's allow (418), a fee answer (442), a seller's answer to a quotation
 * request (460), the cancellation of that quotation (461) and a cancellation by conditions (456).
 */
test(
  ...check(
    'errors.json-responses-flows',
    'answers JSON on the successes with no listed body of credit lines, fee answers, quotation answers and cancellations',
    {
      verifies: checkRequirements(
        'RES-JSON-RESPONSES',
        'CL-REQUEST',
        'CHG-REQUEST',
        'CHG-DELIVERY',
        'QUO-CANCEL',
        ...REFUSAL_REQUIREMENTS,
      ),
      uses: OFFER_REQUIREMENTS,
    },
  ),
  async ({ actors }) => {
    const { mmA: member, mmB: other, tokenizer } = actors;
    const [main] = twoAccounts(member);
    const line = await openDsaLine(actors, member, main, units('1'));
    // A request of the same ceiling and an allow of an allowed line: neither changes the line.
    const request = await requestCreditLine(member, main, line.asset, line.ceiling);
    expectStatus(request, 200, 'CL-REQUEST');
    const allow = await decideAsTokenizer(tokenizer, line, 'allow');
    expectStatus(allow, 200, 'CL-REQUEST');

    const charge = newChargeRequest(member, tokenizerDsa(actors), 10);
    expectStatus(await requestCharge(member, other.identification, charge), 200, 'CHG-REQUEST');
    const feeAnswer = await answerCharge(other, member.identification, chargeAnswer(charge, 0.5));
    expectStatus(feeAnswer, 200, 'CHG-DELIVERY');

    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const offered = await requested(market);
    const quotation = await answerQuotation(
      market.seller,
      offered.quotationUuid,
      await signQuotation(market.seller, quotationTerms(market, offered)),
    );
    expectStatus(quotation, 200, 'QUO-ANSWER');
    const cancelled = await market.buyer.client.call('member.cancelQuotation', {
      path: { quotation_uuid: offered.quotationUuid },
    });
    expectStatus(cancelled, 200, 'QUO-CANCEL');
    // Conditions that select only a request of this check: its own end time.
    const waiting = await requested(market);
    const byConditions = await market.buyer.client.call('member.cancelQuotations', {
      body: {
        time_end_request_quotation: [
          { relational_operator: 'eq', comparison_value: waiting.request.time_end_request_quotation },
        ],
      },
    });
    expectStatus(byConditions, 200, 'QUO-CANCEL');

    for (const response of [request, allow, feeAnswer, quotation, cancelled, byConditions]) expectJson(response);
  },
);
