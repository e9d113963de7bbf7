import { randomUUID } from 'node:crypto';
import { listOfRef } from '../../../schemas/resources.ts';
import { instrumentOf } from '../../flows/assets.ts';
import { openMarket } from '../../flows/market.ts';
import { okBody } from '../../flows/answers.ts';
import {
  findQuotations,
  foundQuotations,
  quotationIdOf,
  quotationsOfRequest,
  quotationStateOf,
  quotationStates,
  readQuotation,
  readQuotationsOfRequest,
  requested,
  type Compare,
  type QuotationParameters,
  type QuotationState,
} from '../../flows/quotations.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test, type Actors } from '../../runtime/fixtures.ts';
import { expectRefusal, expectRefusalShould } from '../../runtime/refusal.ts';
import { OFFER_REQUIREMENTS, REFUSAL_REQUIREMENTS, checkRequirements, threeQuotations } from './prerequisites.ts';

/**
 * Reading quotations (spec: GET /exchange/quotations/{quotation_uuid}, GET .../request/{request_uuid},
 * GET and POST /exchange/quotations; semantics §7): by id, by request, and through the filters with
 * every condition and operator; and who may see a quotation.
 */

test(
  ...check(
    'exchange.read',
    'lets the buyer and the seller read a quotation and the buyer its request’s quotations, and answers 404 for unknown ones and 400 for malformed ids',
    {
      verifies: checkRequirements('QUO-READ', 'QUO-READ-MALFORMED', 'QUO-STATES', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.getQuotation',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const request = await requested(market);
    for (const reader of [market.buyer, market.seller]) {
      const state = await quotationStateOf(reader, request.quotationUuid);
      const about = {
        request_uuid: state.request_uuid ?? request.requestUuid,
        seller_member_identification: state.seller_member_identification,
        request_quotation_state: state.request_quotation_state,
      };
      const expected = {
        request_uuid: request.requestUuid,
        seller_member_identification: market.seller.identification,
        request_quotation_state: quotationStates.waiting,
      };
      if (JSON.stringify(about) !== JSON.stringify(expected)) {
        throw new CheckFailure(
          'QUO-READ',
          `${reader.identification} reads quotation ${request.quotationUuid} as ${JSON.stringify(about)}, expected ${JSON.stringify(expected)}`,
        );
      }
    }
    const listed = await quotationsOfRequest(market.buyer, request.requestUuid);
    if (!listed.some((state) => state.quotation_uuid === request.quotationUuid)) {
      throw new CheckFailure(
        'QUO-READ',
        `the quotations of request ${request.requestUuid} do not list ${request.quotationUuid}: ${listed.map((state) => state.quotation_uuid).join(', ') || 'none'}`,
      );
    }

    expectRefusal(await readQuotation(market.buyer, quotationIdOf(randomUUID(), market.seller.identification)), {
      status: 404,
      requirement: 'QUO-READ',
    });
    expectRefusal(await readQuotationsOfRequest(market.buyer, randomUUID()), {
      status: 404,
      requirement: 'QUO-READ',
      bodyOptional: true,
    });
    expectRefusalShould(await readQuotation(market.buyer, 'not-a-quotation-id'), {
      status: 400,
      requirement: 'QUO-READ-MALFORMED',
    });
    expectRefusalShould(await readQuotationsOfRequest(market.buyer, 'not-a-request-id'), {
      status: 400,
      requirement: 'QUO-READ-MALFORMED',
      bodyOptional: true,
    });
  },
);

test(
  ...check(
    'exchange.visibility',
    'shows a quotation to its buyer and seller only, and a request’s quotations to its buyer only',
    {
      verifies: checkRequirements('QUO-VISIBILITY', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.getQuotation',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const request = await requested(market);
    // The tokenizer uses the member interface too, and has nothing to do with this quotation.
    const outsider = actors.tokenizer;
    expectRefusalShould(await readQuotation(outsider, request.quotationUuid), {
      status: 404,
      requirement: 'QUO-VISIBILITY',
    });
    for (const reader of [market.seller, outsider]) {
      expectRefusalShould(await readQuotationsOfRequest(reader, request.requestUuid), {
        status: 404,
        requirement: 'QUO-VISIBILITY',
        bodyOptional: true,
      });
    }
    const seen = await foundQuotations(
      outsider,
      {
        seller_member_identification: market.seller.identification,
        buyer_member_identification: market.buyer.identification,
      },
      'POST',
    );
    warnShould(
      !seen.some((state) => state.quotation_uuid === request.quotationUuid),
      `the filter lists quotation ${request.quotationUuid} to ${outsider.identification}, who neither buys nor sells it`,
      'QUO-VISIBILITY',
    );
  },
);

const compare = (relational_operator: Compare['relational_operator'], comparison_value: number): Compare[] => [
  { relational_operator, comparison_value },
];

/**
 * Three quotations of the seller (0.8, 1.25 and one still waiting for its answer) and the filters that find
 * them: each case with the quotations it must find. Every case names the seller besides its own condition
 * (the seller cases name another): the buyer's requests reach every counterpart it deals with, and on a
 * staging those include members no check knows, whose quotations of the same requests meet the same end-time
 * conditions and whose answers no check controls.
 */
async function filterCases(actors: Actors) {
  const market = await openMarket(actors, { base: 0n, quoted: 0n });
  const { anchor, window, cheap, dear, waiting } = await threeQuotations(market);
  const within = (extra: Compare[] = []) => ({
    time_end_request_quotation: [...window, ...extra],
    seller_member_identification: market.seller.identification,
  });
  const cases: Array<[string, QuotationParameters, string[]]> = [
    ['the end-time window and the seller', within(), [cheap, dear, waiting]],
    ['rate eq 0.8', { ...within(), foreign_exchange_rate: compare('eq', 0.8) }, [cheap]],
    ['rate gt 1', { ...within(), foreign_exchange_rate: compare('gt', 1) }, [dear]],
    ['rate lt 1', { ...within(), foreign_exchange_rate: compare('lt', 1) }, [cheap]],
    ['rate ge 1.25', { ...within(), foreign_exchange_rate: compare('ge', 1.25) }, [dear]],
    ['rate le 0.8', { ...within(), foreign_exchange_rate: compare('le', 0.8) }, [cheap]],
    [
      'rate ge 0.8 and le 1.25',
      { ...within(), foreign_exchange_rate: [...compare('ge', 0.8), ...compare('le', 1.25)] },
      [cheap, dear],
    ],
    ['state eq 1', { ...within(), request_quotation_state: compare('eq', quotationStates.waiting) }, [waiting]],
    ['state eq 10', { ...within(), request_quotation_state: compare('eq', quotationStates.updated) }, [cheap, dear]],
    ['state gt 1', { ...within(), request_quotation_state: compare('gt', quotationStates.waiting) }, [cheap, dear]],
    ['state lt 10', { ...within(), request_quotation_state: compare('lt', quotationStates.updated) }, [waiting]],
    ['end time eq the second', within(compare('eq', anchor + 1)), [dear]],
    ['end time gt the first', within(compare('gt', anchor)), [dear, waiting]],
    ['end time lt the third', within(compare('lt', anchor + 2)), [cheap, dear]],
    ['another seller', { ...within(), seller_member_identification: actors.tokenizer.identification }, []],
    ['the buyer', { ...within(), buyer_member_identification: market.buyer.identification }, [cheap, dear, waiting]],
    ['another buyer', { ...within(), buyer_member_identification: market.seller.identification }, []],
    ['the base asset', { ...within(), base_asset_info: [instrumentOf(market.base)] }, [cheap, dear, waiting]],
    ['the quoted asset as base asset', { ...within(), base_asset_info: [instrumentOf(market.quoted)] }, []],
    ['the quoted asset', { ...within(), quoted_asset_info: [instrumentOf(market.quoted)] }, [cheap, dear, waiting]],
  ];
  const named = new Map([
    [cheap, 'the 0.8 quotation'],
    [dear, 'the 1.25 quotation'],
    [waiting, 'the waiting quotation'],
  ]);
  const describe = (list: readonly string[]) =>
    list.length === 0 ? 'none' : list.map((id) => named.get(id) ?? id).join(', ');
  return { market, within, cheap, waiting, cases, describe };
}

/**
 * Each case read with GET and with POST, all at once (reads change nothing), answered in the cases' order:
 * what each found, by quotation id.
 */
async function everyFilter(
  reader: Parameters<typeof foundQuotations>[0],
  cases: ReadonlyArray<[string, QuotationParameters, string[]]>,
) {
  const reads = cases.flatMap(([what, parameters, expected]) =>
    (['GET', 'POST'] as const).map((method) => ({ what, parameters, expected, method })),
  );
  const found = await Promise.all(reads.map(({ parameters, method }) => foundQuotations(reader, parameters, method)));
  return reads.map((read, index) => ({ ...read, found: found[index]!.map((state) => state.quotation_uuid) }));
}

const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

test(
  ...check(
    'exchange.filters',
    'finds quotations by every condition and operator, alike with GET and a JSON body and with POST',
    {
      verifies: checkRequirements('QUO-FILTERS-MATCH', 'QUO-COMPARE-DEFAULT', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.findQuotations',
    },
  ),
  async ({ actors }) => {
    const { market, within, cheap, waiting, cases, describe } = await filterCases(actors);
    for (const { what, parameters, expected, method, found } of await everyFilter(market.buyer, cases)) {
      // Whether a quotation without a rate (the waiting one) meets a rate condition is the reference's
      // reading (QUO-FILTERS, exchange.filters-unrated): the specification judges the answered quotations only.
      const judged = parameters.foreign_exchange_rate ? found.filter((id) => id !== waiting) : found;
      if (!same(judged, expected)) {
        throw new CheckFailure(
          'QUO-FILTERS-MATCH',
          `${method} /exchange/quotations with ${what} found ${describe(found)}, expected ${describe(expected)}`,
        );
      }
    }

    // relational_operator is marked required and "default eq": a compare without it is refused, or means eq.
    const withoutOperator = { ...within(), foreign_exchange_rate: [{ comparison_value: 0.8 }] as unknown as Compare[] };
    const methods = ['GET', 'POST'] as const;
    const answers = await Promise.all(methods.map((method) => findQuotations(market.buyer, withoutOperator, method)));
    for (const [index, method] of methods.entries()) {
      const response = answers[index]!;
      if (response.status >= 400) {
        expectRefusal(response, { status: 400, requirement: 'QUO-COMPARE-DEFAULT' });
        continue;
      }
      const found = okBody<QuotationState[]>(response, listOfRef('quotationState'), 'QUO-COMPARE-DEFAULT')
        .map((state) => state.quotation_uuid)
        .filter((id) => id !== waiting);
      if (!same(found, [cheap]))
        throw new CheckFailure(
          'QUO-COMPARE-DEFAULT',
          `${method} /exchange/quotations with a rate compare without relational_operator found ${describe(found)}, expected what eq 0.8 finds: ${describe([cheap])}`,
        );
    }
  },
);

// The reference profile's reading: a quotation without a rate meets no rate condition. A check of its own, so
// that a target reading it otherwise leaves the specification's filters decided above.
test(
  ...check('exchange.filters-unrated', 'finds no quotation still waiting for its rate under a rate condition', {
    verifies: checkRequirements('QUO-FILTERS'),
    uses: ['CL-REQUEST', 'SIGN-PAYLOAD'],
    endpoint: 'member.findQuotations',
  }),
  async ({ actors }) => {
    const { market, cases, describe } = await filterCases(actors);
    for (const { what, expected, method, found } of await everyFilter(
      market.buyer,
      cases.filter(([, parameters]) => parameters.foreign_exchange_rate !== undefined),
    )) {
      if (!same(found, expected)) {
        throw new CheckFailure(
          'QUO-FILTERS',
          `${method} /exchange/quotations with ${what} found ${describe(found)}, expected ${describe(expected)}: a quotation without a rate meets no rate condition`,
        );
      }
    }
  },
);
