import { units } from '../../flows/balances.ts';
import { exchangeResultOf, exchangeTerms, postExchange, signExchange } from '../../flows/exchange.ts';
import { expectHoldings, holdingsOf, openMarket } from '../../flows/market.ts';
import {
  answerQuotation,
  encodeJson,
  expectQuotationState,
  quotationStateOf,
  quotationStates,
  quotationTerms,
  OPEN_MS,
  requestBody,
  requested,
  requestQuotations,
  sameJson,
  signQuotation,
  type QuotationInfo,
  type QuotationObject,
} from '../../flows/quotations.ts';
import type { Party } from '../../flows/party.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test } from '../../runtime/fixtures.ts';
import { CALLER_MISMATCH_STATUSES, expectRefusal } from '../../runtime/refusal.ts';
import { EXCHANGE_REQUIREMENTS, OFFER_REQUIREMENTS, REFUSAL_REQUIREMENTS, checkRequirements } from './prerequisites.ts';

/**
 * The seller's answer (spec: POST /exchange/quotations/{quotation_uuid}, "Quotation and exchange flow"
 * 3; semantics §7): only the quotation's seller answers it, with the quotationInfo of that quotation,
 * signed by its debiting account. The endpoint lists 400 only, and no body for it.
 */

test(
  ...check(
    'exchange.answer',
    'takes the seller’s signed answer, which both sides then read in state 10, and refuses an answer by another member (400, 401 or 403) or with another quotation’s payload (400)',
    {
      verifies: checkRequirements('QUO-ANSWER', 'QUO-STATES', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.answerQuotation',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const [request, other] = [await requested(market), await requested(market)];
    await expectQuotationState(
      market.buyer,
      request.quotationUuid,
      quotationStates.waiting,
      'QUO-STATES',
      'before its seller answered',
    );
    const info = quotationTerms(market, request);
    const valid = await signQuotation(market.seller, info);

    // The seller's own valid answer, sent by members who are not its seller: the endpoint lists 400, and an
    // identifier that does not match the token's member may be 401 or 403 (CALLER_MISMATCH_STATUSES).
    for (const intruder of [market.buyer, actors.tokenizer]) {
      expectRefusal(await answerQuotation(intruder, request.quotationUuid, valid), {
        status: CALLER_MISMATCH_STATUSES,
        requirement: 'QUO-ANSWER',
        bodyOptional: true,
      });
    }
    // A valid answer of the seller's other quotation, sent for this one.
    const otherAnswer = await signQuotation(market.seller, quotationTerms(market, other));
    expectRefusal(await answerQuotation(market.seller, request.quotationUuid, otherAnswer), {
      status: 400,
      requirement: 'QUO-ANSWER',
      bodyOptional: true,
    });
    await expectQuotationState(
      market.buyer,
      request.quotationUuid,
      quotationStates.waiting,
      'QUO-ANSWER',
      'after refused answers',
    );

    const answer = await answerQuotation(market.seller, request.quotationUuid, valid);
    if (answer.status !== 200)
      throw new CheckFailure(
        'QUO-ANSWER',
        `the seller's valid answer to ${request.quotationUuid} got ${answer.status}: ${answer.text.slice(0, 300)}`,
      );
    for (const reader of [market.buyer, market.seller]) {
      const state = await expectQuotationState(
        reader,
        request.quotationUuid,
        quotationStates.updated,
        'QUO-STATES',
        'after its seller answered',
      );
      if (!sameJson(state.response_data, [info])) {
        throw new CheckFailure(
          'QUO-ANSWER',
          `${reader.identification} reads quotation ${request.quotationUuid} with response_data ${JSON.stringify(state.response_data)}, expected the quotationInfo the seller sent`,
        );
      }
    }
  },
);

/** The quotationInfo the target keeps for an answered quotation, as its buyer reads it. */
async function storedAnswer(buyer: Party, quotationUuid: string) {
  return (await quotationStateOf(buyer, quotationUuid)).response_data?.[0];
}

// Only signatures that are not the seller's at all: which of its own accounts' keys signs is the reference's
// decision (SIGN-DEBITING-ACCOUNT, exchange.debiting-account-signatures); the spec says only that the
// member signs its payload (lines 239, 396).
test(
  ...check(
    'exchange.quotation-signatures',
    'lets no quotation settle whose signature is not its seller’s over the payload sent',
    {
      verifies: checkRequirements('QUO-SIGNATURE', 'QUO-SIGNATURE-ON-ANSWER', 'EXC-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.answerQuotation',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const before = await holdingsOf(market);
    const forgeries: Array<[string, (info: QuotationInfo) => Promise<QuotationObject>]> = [
      [
        'a payload changed after signing',
        async (info) => ({
          ...(await signQuotation(market.seller, info)),
          quotation_payload: encodeJson({ ...info, foreign_exchange_rate: 1.9 }),
        }),
      ],
      ['a signature by the buyer', (info) => signQuotation(market.buyer, info, market.buyerAccount)],
      [
        'bytes that are no signature',
        async (info) => ({
          ...(await signQuotation(market.seller, info)),
          member_signature: Buffer.alloc(64, 7).toString('base64'),
        }),
      ],
    ];
    for (const [what, forge] of forgeries) {
      const request = await requested(market);
      const response = await answerQuotation(
        market.seller,
        request.quotationUuid,
        await forge(quotationTerms(market, request)),
      );
      if (response.status < 200 || response.status >= 300) {
        expectRefusal(response, {
          status: 400,
          requirement: 'QUO-SIGNATURE-ON-ANSWER',
          level: 'SHOULD',
          bodyOptional: true,
        });
        continue;
      }
      warnShould(
        false,
        `an answer with ${what} was accepted (${response.status}); the reference refuses it with 400`,
        'QUO-SIGNATURE-ON-ANSWER',
      );
      // Accepted: then the exchange of it must not settle.
      const stored = await storedAnswer(market.buyer, request.quotationUuid);
      if (!stored) continue;
      const exchange = await postExchange(
        market.buyer,
        await signExchange(market.buyer, exchangeTerms(market, stored, units('2'))),
      );
      if (exchange.status === 200 && exchangeResultOf(exchange, 'QUO-SIGNATURE').exchange_state === 'Success') {
        throw new CheckFailure('QUO-SIGNATURE', `a quotation answered with ${what} was exchanged with Success`);
      }
      if (exchange.status !== 200)
        expectRefusal(exchange, { status: 404, requirement: 'QUO-SIGNATURE', level: 'SHOULD' });
    }
    await expectHoldings(market, before, 'QUO-SIGNATURE', 'after quotations with forged signatures');
  },
);

// The reference profile's status for the two identifier mismatches of the quotation endpoints: 400, the only
// status they list. A check of its own, so that a target answering 401 or 403 (spec lines 512, 543, 544)
// leaves the specification's rules decided in exchange.answer and exchange.request.
test(
  ...check(
    'exchange.caller-mismatch-400',
    'refuses with 400 a quotation request for another buyer and an answer by a member that is not the seller',
    {
      verifies: checkRequirements('CALLER-MISMATCH-400', 'CL-REQUEST', 'SIGN-PAYLOAD', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.answerQuotation',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const forAnother = requestBody(market, (await market.now()) + OPEN_MS, {
      buyer_member_identification: market.seller.identification,
    });
    expectRefusal(await requestQuotations(market.buyer, forAnother), {
      status: 400,
      requirement: 'CALLER-MISMATCH-400',
    });
    const request = await requested(market);
    const valid = await signQuotation(market.seller, quotationTerms(market, request));
    expectRefusal(await answerQuotation(market.buyer, request.quotationUuid, valid), {
      status: 400,
      requirement: 'CALLER-MISMATCH-400',
      bodyOptional: true,
    });
  },
);
