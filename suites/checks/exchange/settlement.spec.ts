import { formatUnits, lastDigit } from '../../runtime/money.ts';
import { units } from '../../flows/balances.ts';
import {
  amountUnits,
  exchangeResultOf,
  exchangeTerms,
  expectNotCompleted,
  expectNotSettled,
  postExchange,
  quotedUnits,
  settle,
  signExchange,
  type ExchangeObject,
  type NotSettled,
} from '../../flows/exchange.ts';
import { hasPayload, mentioning } from '../../flows/mailbox.ts';
import { afterLegs, allowMutually, expectHoldings, holdingsOf, openMarket, type Market } from '../../flows/market.ts';
import type { Party } from '../../flows/party.ts';
import {
  answerQuotation,
  encodeJson,
  expectQuotationState,
  offer,
  OPEN_MS,
  quotationIdOf,
  quotationStates,
  quotationTerms,
  readQuotation,
  requestBody,
  requested as requestedQuotation,
  requestQuotations,
  signQuotation,
  type QuotationInfo,
  type RequestQuotation,
} from '../../flows/quotations.ts';
import { check, warnShould, expectStatus } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { EXCHANGE_REQUIREMENTS, REFUSAL_REQUIREMENTS, checkRequirements } from './prerequisites.ts';

/**
 * Delivery versus payment (spec: POST /exchange, "Quotation and exchange flow" 5-6, Limits; semantics
 * §8): a valid exchange moves both legs exactly; the amounts stay within both sets of limits; only the
 * buyer exchanges; and nothing settles once the two members no longer list each other.
 */

test(
  ...check(
    'exchange.settlement',
    'settles a signed exchange with Success, moving exactly both legs, and completes the quotation',
    {
      verifies: checkRequirements('EXC-SETTLEMENT', 'EXC-ATOMIC', 'QUO-STATES', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors, target }) => {
    const market = await openMarket(actors, { base: units('20'), quoted: units('20') });
    const { requested, info } = await offer(market);
    const before = await holdingsOf(market);
    const amount = units('12.5');
    const { result, quoted } = await settle(market, info, amount);

    expectFor(
      'EXC-SETTLEMENT',
      amountUnits(result.amount_base_asset, 'EXC-SETTLEMENT', 'amount_base_asset'),
      'the result’s amount_base_asset',
    ).toBe(amount);
    expectFor(
      'EXC-SETTLEMENT',
      formatUnits(quoted),
      `the result’s amount_quoted_asset for ${formatUnits(amount)} at rate ${info.foreign_exchange_rate}`,
    ).toBe(formatUnits(quotedUnits(amount, info.foreign_exchange_rate, target.readings.amount_scale)));
    expectFor(
      'EXC-SETTLEMENT',
      result.transaction_identification.length,
      'the result’s transaction_identification',
    ).toBeGreaterThan(0);
    await expectHoldings(market, afterLegs(before, amount, quoted), 'EXC-ATOMIC', 'after an exchange answered Success');
    for (const reader of [market.buyer, market.seller])
      await expectQuotationState(
        reader,
        requested.quotationUuid,
        quotationStates.completed,
        'QUO-STATES',
        'after its exchange answered Success',
      );
  },
);

test(
  ...check(
    'exchange.rounding',
    'computes the quoted amount as base amount times rate rounded to the last digit the target keeps, down, and moves the amount it reports',
    {
      verifies: checkRequirements('EXC-SETTLEMENT', 'EXC-ROUNDING', 'EXC-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors, target }) => {
    const market = await openMarket(actors, { base: units('20'), quoted: units('20') });
    const { info } = await offer(market, { quotation: { foreign_exchange_rate: 0.9 } });
    const before = await holdingsOf(market);
    // One unit of the target's last digit above 10 (10.0000001 at the reference's 7 digits), x 0.9 = 9.00000009:
    // rounding down gives 9.0000000, to the nearest (or up) 9.0000001; likewise at any scale.
    const scale = target.readings.amount_scale;
    const amount = units('10') + lastDigit(scale);
    const [down, up] = [
      quotedUnits(amount, info.foreign_exchange_rate, scale, 'down'),
      quotedUnits(amount, info.foreign_exchange_rate, scale, 'up'),
    ];
    const { quoted } = await settle(market, info, amount);
    if (quoted !== down && quoted !== up) {
      throw new CheckFailure(
        'EXC-SETTLEMENT',
        `the amount_quoted_asset of ${formatUnits(amount)} at rate ${info.foreign_exchange_rate} is ${formatUnits(quoted)}, expected ${formatUnits(down)} (or at worst ${formatUnits(up)})`,
      );
    }
    warnShould(
      quoted === down,
      `the amount_quoted_asset of ${formatUnits(amount)} at rate ${info.foreign_exchange_rate} is ${formatUnits(quoted)}: not rounded down to ${formatUnits(down)}`,
      'EXC-ROUNDING',
    );
    await expectHoldings(
      market,
      afterLegs(before, amount, quoted),
      'EXC-ATOMIC',
      'after an exchange with a rounded quoted amount',
    );
  },
);

// Only signatures that are not the buyer's at all: which of its own accounts' keys signs is the reference's
// decision (SIGN-DEBITING-ACCOUNT, exchange.debiting-account-signatures); the spec says only that the member
// signs its payload (lines 294, 398). Refused with 400, or answered Rejected (line 388), nothing moves.
test(
  ...check(
    'exchange.exchange-signatures',
    'settles no exchange whose signature is not the buyer’s over the payload sent (refused with 400, or answered Rejected), and moves nothing',
    {
      verifies: checkRequirements('EXC-SIGNATURE', 'EXC-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const { requested, info } = await offer(market);
    const before = await holdingsOf(market);
    const terms = exchangeTerms(market, info, units('2'));
    const forgeries: Array<[string, Promise<ExchangeObject>]> = [
      [
        'a payload changed after signing',
        signExchange(market.buyer, terms).then((signed) => ({
          ...signed,
          exchange_payload: encodeJson({ ...terms, amount_base_asset: 3 }),
        })),
      ],
      ['a signature by the seller', signExchange(market.seller, terms, market.sellerAccount)],
      [
        'bytes that are no signature',
        signExchange(market.buyer, terms).then((signed) => ({
          ...signed,
          member_signature: Buffer.alloc(64, 7).toString('base64'),
        })),
      ],
    ];
    const outcomes: NotSettled[] = [];
    for (const [what, forged] of forgeries) {
      outcomes.push(
        expectNotSettled(
          await postExchange(market.buyer, await forged),
          { status: 400, requirement: 'EXC-SIGNATURE' },
          `an exchange with ${what}`,
        ),
      );
    }
    await expectHoldings(market, before, 'EXC-SIGNATURE', 'after exchanges with forged signatures');
    await expectNotCompleted(
      market.buyer,
      requested.quotationUuid,
      outcomes,
      'EXC-SIGNATURE',
      'after exchanges with forged signatures',
    );
  },
);

// The reference profile's key: the debiting account's, not another of the member's own (the spec says only
// that the member signs). A check of its own, so that a target taking any of the member's keys leaves the
// specification's rules decided above and in answers.spec.ts.
test(
  ...check(
    'exchange.debiting-account-signatures',
    'refuses with 400 a quotation answer signed by the seller’s emission account and an exchange signed by the buyer’s, and moves nothing',
    {
      verifies: checkRequirements('SIGN-DEBITING-ACCOUNT', 'CL-REQUEST', 'SIGN-PAYLOAD', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const before = await holdingsOf(market);
    const request = await requestedQuotation(market);
    expectRefusal(
      await answerQuotation(
        market.seller,
        request.quotationUuid,
        await signQuotation(market.seller, quotationTerms(market, request), 'emission'),
      ),
      { status: 400, requirement: 'SIGN-DEBITING-ACCOUNT', bodyOptional: true },
    );
    const { info } = await offer(market);
    expectRefusal(
      await postExchange(
        market.buyer,
        await signExchange(market.buyer, exchangeTerms(market, info, units('2')), 'emission'),
      ),
      { status: 400, requirement: 'SIGN-DEBITING-ACCOUNT' },
    );
    await expectHoldings(
      market,
      before,
      'SIGN-DEBITING-ACCOUNT',
      'after an answer and an exchange signed by emission accounts',
    );
  },
);

interface Limits {
  request: Pick<RequestQuotation, 'minimum_amount_limit' | 'maximum_amount_limit'>;
  quotation: Pick<QuotationInfo, 'minimum_amount_limit' | 'maximum_amount_limit'>;
}

/** Limits in quoted units at rate 0.5: each attempt below breaks exactly one bound. */
const loose: Limits = {
  request: { minimum_amount_limit: 2, maximum_amount_limit: 50 },
  quotation: { minimum_amount_limit: 1, maximum_amount_limit: 40 },
};
const tight: Limits = {
  request: { minimum_amount_limit: 1, maximum_amount_limit: 30 },
  quotation: { minimum_amount_limit: 3, maximum_amount_limit: 100 },
};

async function limitedOffer(market: Market, limits: Limits): Promise<QuotationInfo> {
  return (
    await offer(market, { request: limits.request, quotation: { ...limits.quotation, foreign_exchange_rate: 0.5 } })
  ).info;
}

test(
  ...check(
    'exchange.amount-limits',
    'settles no exchange whose quoted amount lies outside the quotation’s or the request’s limits, or whose base amount is zero (refused with 400, or answered Rejected), and takes one at a limit',
    {
      verifies: checkRequirements('EXC-AMOUNTS', 'EXC-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('100'), quoted: units('100') });
    const before = await holdingsOf(market);
    const attempts: Array<[string, Limits, string]> = [
      ['below the request’s minimum (1.5 < 2)', loose, '3'],
      ['above the quotation’s maximum (41 > 40)', loose, '82'],
      ['of a zero base amount', loose, '0'],
      ['below the quotation’s minimum (2.5 < 3)', tight, '5'],
      ['above the request’s maximum (31 > 30)', tight, '62'],
    ];
    // Each attempt has its own quotation and must settle nothing: all at once, judged in order.
    const responses = await Promise.all(
      attempts.map(async ([, limits, amount]) =>
        postExchange(
          market.buyer,
          await signExchange(market.buyer, exchangeTerms(market, await limitedOffer(market, limits), units(amount))),
        ),
      ),
    );
    attempts.forEach(([what], index) =>
      expectNotSettled(responses[index]!, { status: 400, requirement: 'EXC-AMOUNTS' }, `an exchange ${what}`),
    );
    await expectHoldings(market, before, 'EXC-AMOUNTS', 'after exchanges outside the limits');

    // 60 x 0.5 = 30: the request's maximum itself.
    const { quoted } = await settle(market, await limitedOffer(market, tight), units('60'));
    await expectHoldings(
      market,
      afterLegs(before, units('60'), quoted),
      'EXC-AMOUNTS',
      'after an exchange at the request’s maximum',
    );
  },
);

test(
  ...check(
    'exchange.buyer-mismatch',
    'refuses with 403 an exchange of a quotation the caller did not request, and moves nothing',
    {
      verifies: checkRequirements('EXC-BUYER-403', 'EXC-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const { requested, info } = await offer(market);
    const before = await holdingsOf(market);
    const terms = exchangeTerms(market, info, units('2'));
    const attempts: Array<[Party, Promise<Awaited<ReturnType<typeof signExchange>>>]> = [
      // The buyer's own signed exchange, sent by others ...
      [market.seller, signExchange(market.buyer, terms)],
      [actors.tokenizer, signExchange(market.buyer, terms)],
      // ... and the seller's attempt with its own signature.
      [market.seller, signExchange(market.seller, terms, market.sellerAccount)],
    ];
    for (const [caller, exchange] of attempts)
      expectRefusal(await postExchange(caller, await exchange), { status: 403, requirement: 'EXC-BUYER-403' });
    await expectHoldings(
      market,
      before,
      'EXC-BUYER-403',
      'after exchanges by members who did not request the quotation',
    );
    await expectQuotationState(
      market.buyer,
      requested.quotationUuid,
      quotationStates.updated,
      'EXC-BUYER-403',
      'after exchanges by other members',
    );
  },
);

test(
  ...check('exchange.allowlist-removed', 'settles nothing once either side removed the other from its allowlist', {
    verifies: checkRequirements('EXC-ALLOWLIST', 'QUO-STATES', ...REFUSAL_REQUIREMENTS),
    uses: EXCHANGE_REQUIREMENTS,
    endpoint: 'member.exchange',
  }),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const { buyer, seller } = market;
    for (const [remover, removed] of [
      [seller, buyer],
      [buyer, seller],
    ] as const) {
      await allowMutually(buyer, seller);
      const { requested, info } = await offer(market);
      const exchange = await signExchange(buyer, exchangeTerms(market, info, units('2')));
      const before = await holdingsOf(market);
      const after = `after ${remover.identification} removed ${removed.identification} from its allowlist`;
      expectStatus(
        await remover.client.call('member.removeFromAllowlist', { body: removed.identification }),
        200,
        'ALLOWLIST-LIST',
      );
      try {
        const response = await postExchange(buyer, exchange);
        if (response.status === 200) {
          const result = exchangeResultOf(response, 'EXC-ALLOWLIST');
          if (result.exchange_state !== 'Rejected')
            throw new CheckFailure(
              'EXC-ALLOWLIST',
              `the exchange of ${requested.quotationUuid} ${after} was answered ${result.exchange_state}`,
            );
          await expectQuotationState(
            buyer,
            requested.quotationUuid,
            quotationStates.failed,
            'QUO-STATES',
            'after its exchange was answered Rejected',
          );
        } else {
          expectRefusal(response, { status: 400, requirement: 'EXC-ALLOWLIST', level: 'SHOULD' });
        }
        await expectHoldings(market, before, 'EXC-ALLOWLIST', after);
      } finally {
        await remover.client.call('member.addToAllowlist', { body: removed.identification });
      }
    }
  },
);

// The reference profile's reading of who is asked (both sides list each other): whichever side removed the
// other, the seller gets no quotation of a new request. A check of its own, so that a target reading it
// otherwise leaves the settlement rule decided above.
test(
  ...check(
    'exchange.allowlist-removed-distribution',
    'gives a member no quotation of a new request once either side removed the other from its allowlist',
    {
      verifies: checkRequirements('QUO-DISTRIBUTION', 'GW-READ-CONSUMES'),
      uses: ['CL-REQUEST', 'SIGN-PAYLOAD'],
      endpoint: 'member.requestQuotations',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const { buyer, seller } = market;
    for (const [remover, removed] of [
      [seller, buyer],
      [buyer, seller],
    ] as const) {
      await allowMutually(buyer, seller);
      expectStatus(
        await remover.client.call('member.removeFromAllowlist', { body: removed.identification }),
        200,
        'ALLOWLIST-LIST',
      );
      try {
        await expectNoQuotationFor(
          market,
          seller,
          `after ${remover.identification} removed ${removed.identification} from its allowlist`,
        );
      } finally {
        await remover.client.call('member.addToAllowlist', { body: removed.identification });
      }
    }
  },
);

/** A new request of the market's buyer gives `member` no quotation: none to read, no gateway message. */
async function expectNoQuotationFor(market: Market, member: Party, when: string): Promise<void> {
  const response = await requestQuotations(market.buyer, requestBody(market, (await market.now()) + OPEN_MS));
  // With nobody left to ask, the reference answers 404; a target may also take the request and ask nobody.
  if (response.status !== 200) {
    expectRefusal(response, { status: 404, requirement: 'QUO-DISTRIBUTION' });
    return;
  }
  const requestUuid = (response.body as { request_uuid?: unknown }).request_uuid;
  if (typeof requestUuid !== 'string')
    throw new CheckFailure('RES-EXCHANGE-SCHEMAS', `a quotation request ${when} was answered without a request_uuid`);
  expectRefusal(await readQuotation(market.buyer, quotationIdOf(requestUuid, member.identification)), {
    status: 404,
    requirement: 'QUO-DISTRIBUTION',
  });
  if (await hasPayload(member, 'quotations', mentioning(requestUuid))) {
    throw new CheckFailure(
      'QUO-DISTRIBUTION',
      `${member.identification} received the quotation request ${requestUuid} made ${when}`,
    );
  }
}
