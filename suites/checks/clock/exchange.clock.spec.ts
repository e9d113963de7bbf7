import { units } from '../../flows/balances.ts';
import {
  amountUnits,
  exchangeResultOf,
  exchangeTerms,
  expectNotSettled,
  postExchange,
  settle,
  signExchange,
  type ExchangeObject,
} from '../../flows/exchange.ts';
import { afterLegs, expectHoldings, holdingsOf, openMarket, type Holdings, type Market } from '../../flows/market.ts';
import type { Party } from '../../flows/party.ts';
import {
  answered,
  answerQuotation,
  MINUTE_MS,
  offer,
  quotationStates,
  quotationTerms,
  readQuotation,
  readQuotationsOfRequest,
  requested,
  signQuotation,
} from '../../flows/quotations.ts';
import { check, clockStageSkip, requireMovableClock, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test } from '../../runtime/fixtures.ts';
import { runSettingsOfProcess } from '../../runtime/run-settings.ts';
import { expectRefusal, expectRefusalShould } from '../../runtime/refusal.ts';
import { EXCHANGE_REQUIREMENTS, REFUSAL_REQUIREMENTS, checkRequirements } from '../exchange/prerequisites.ts';

/**
 * Quotation validity at the edges, with the simulator's clock moved instead of waiting (spec: States
 * and transitions, Limits; semantics §7, §8): a request and its waiting quotations end at
 * time_end_request_quotation, an answered quotation at its own end_time, and an exchange settles only
 * from start_time up to end_time. The real-time versions for any target are in
 * ../exchange/validity.spec.ts.
 */

/** The run's settings as the checks are collected: without the control plane, Playwright starts no worker for checks all skipped. */
const collected = runSettingsOfProcess();

/** The exchange answered Success; the holdings after it. */
async function expectSettled(
  market: Market,
  exchange: ExchangeObject,
  before: Holdings,
  amount: bigint,
  when: string,
): Promise<Holdings> {
  const result = exchangeResultOf(await postExchange(market.buyer, exchange), 'EXC-VALIDITY-WINDOW');
  if (result.exchange_state !== 'Success')
    throw new CheckFailure('EXC-VALIDITY-WINDOW', `an exchange ${when} was answered ${result.exchange_state}`);
  const after = afterLegs(
    before,
    amount,
    amountUnits(result.amount_quoted_asset, 'EXC-SETTLEMENT', 'amount_quoted_asset'),
  );
  await expectHoldings(market, after, 'EXC-ATOMIC', `after an exchange ${when}`);
  return after;
}

test(
  ...check(
    'exchange.window-clock',
    'settles an exchange from the quotation’s start_time up to shortly before its end_time, and none before the start or at the end (refused, or answered Rejected), moving nothing',
    {
      verifies: checkRequirements('EXC-VALIDITY-WINDOW', 'EXC-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
      skipped: clockStageSkip(collected),
    },
  ),
  async ({ actors, runSettings }) => {
    const control = requireMovableClock(actors, runSettings);
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const now = await control.clock();
    const [start, end] = [now + 5 * MINUTE_MS, now + 6 * MINUTE_MS];
    const amount = units('2');
    const exchangeOf = async (window: { start_time?: number; end_time: number }) => {
      const { info } = await offer(market, { quotation: window });
      return signExchange(market.buyer, exchangeTerms(market, info, amount));
    };
    const [startsLater, startsLaterToo] = [
      await exchangeOf({ start_time: start, end_time: now + 10 * MINUTE_MS }),
      await exchangeOf({ start_time: start, end_time: now + 10 * MINUTE_MS }),
    ];
    const [endsSoon, endsSoonToo] = [await exchangeOf({ end_time: end }), await exchangeOf({ end_time: end })];
    let holdings = await holdingsOf(market);

    const early = expectNotSettled(
      await postExchange(market.buyer, startsLater),
      { status: 400, requirement: 'EXC-VALIDITY-WINDOW', level: 'SHOULD' },
      'an exchange before the quotation’s start_time',
    );
    await expectHoldings(
      market,
      holdings,
      'EXC-VALIDITY-WINDOW',
      'after an exchange before the quotation’s start_time',
    );

    await control.advanceTo(start);
    // A refused exchange left its quotation as it was; one answered Rejected may have failed it (state 80).
    holdings = await expectSettled(
      market,
      early === 'refused' ? startsLater : startsLaterToo,
      holdings,
      amount,
      'at the quotation’s start_time',
    );
    // Ten seconds of margin: the simulator's clock runs on with the wall clock while the exchange travels.
    await control.advanceTo(end - 10_000);
    holdings = await expectSettled(market, endsSoon, holdings, amount, 'ten seconds before the quotation’s end_time');

    await control.advanceTo(end);
    expectNotSettled(
      await postExchange(market.buyer, endsSoonToo),
      { status: 404, requirement: 'EXC-VALIDITY-WINDOW', level: 'SHOULD' },
      'an exchange at the quotation’s end_time',
    );
    await expectHoldings(market, holdings, 'EXC-VALIDITY-WINDOW', 'after an exchange at the quotation’s end_time');
  },
);

test(
  ...check(
    'exchange.expiry-clock',
    'removes a request and its waiting quotations at its end, an answered quotation at its own end_time, and keeps completed and cancelled quotations readable',
    {
      verifies: checkRequirements(
        'QUO-EXPIRY',
        'QUO-EXPIRY-SCOPE',
        'EXC-VALIDITY-WINDOW',
        'QUO-CANCEL',
        ...REFUSAL_REQUIREMENTS,
      ),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.getQuotation',
      skipped: clockStageSkip(collected),
    },
  ),
  async ({ actors, runSettings }) => {
    const control = requireMovableClock(actors, runSettings);
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const { buyer, seller } = market;
    const now = await control.clock();
    const [requestEnd, quotationEnd] = [now + 10 * MINUTE_MS, now + 20 * MINUTE_MS];
    const waiting = await requested(market, { time_end_request_quotation: requestEnd });
    const outliving = await requested(market, { time_end_request_quotation: requestEnd });
    const outlivingInfo = await answered(market, quotationTerms(market, outliving, { end_time: quotationEnd }));
    const lateExchange = await signExchange(buyer, exchangeTerms(market, outlivingInfo, units('2')));
    const completed = await offer(market);
    await settle(market, completed.info, units('2'));
    const cancelled = await offer(market);
    if (
      (
        await buyer.client.call('member.cancelQuotation', {
          path: { quotation_uuid: cancelled.requested.quotationUuid },
        })
      ).status !== 200
    ) {
      throw new CheckFailure(
        'QUO-CANCEL',
        `the buyer could not cancel the updated quotation ${cancelled.requested.quotationUuid}`,
      );
    }

    await control.advanceTo(requestEnd);
    for (const request of [waiting, outliving])
      expectRefusal(await readQuotationsOfRequest(buyer, request.requestUuid), {
        status: 404,
        requirement: 'QUO-EXPIRY',
        bodyOptional: true,
      });
    expectRefusal(
      await answerQuotation(
        seller,
        waiting.quotationUuid,
        await signQuotation(seller, quotationTerms(market, waiting, { end_time: quotationEnd })),
      ),
      { status: 400, requirement: 'QUO-EXPIRY', bodyOptional: true },
    );
    for (const reader of [buyer, seller])
      expectRefusalShould(await readQuotation(reader, waiting.quotationUuid), {
        status: 404,
        requirement: 'QUO-EXPIRY-SCOPE',
      });
    await warnUnlessReadable(
      buyer,
      outliving.quotationUuid,
      quotationStates.updated,
      'after its request ended, before its own end_time',
    );

    const before = await holdingsOf(market);
    await control.advanceTo(quotationEnd);
    expectRefusal(await readQuotation(buyer, outliving.quotationUuid), { status: 404, requirement: 'QUO-EXPIRY' });
    expectNotSettled(
      await postExchange(buyer, lateExchange),
      { status: 404, requirement: 'EXC-VALIDITY-WINDOW', level: 'SHOULD' },
      'an exchange past the quotation’s end_time',
    );
    await expectHoldings(market, before, 'EXC-VALIDITY-WINDOW', 'after an exchange of a quotation past its end_time');

    // Past the end_time of every quotation above: what is final stays readable.
    await control.advanceTo(Math.max(completed.info.end_time, cancelled.info.end_time) + 1_000);
    await warnUnlessReadable(buyer, completed.requested.quotationUuid, quotationStates.completed, 'past its end_time');
    await warnUnlessReadable(seller, cancelled.requested.quotationUuid, quotationStates.cancelled, 'past its end_time');
  },
);

/** The reference keeps these quotations readable (QUO-EXPIRY-SCOPE, a SHOULD); a target that removed them only warns. */
async function warnUnlessReadable(reader: Party, quotationUuid: string, state: number, when: string): Promise<void> {
  const response = await readQuotation(reader, quotationUuid);
  const shown =
    response.status === 200
      ? (response.body as { request_quotation_state?: unknown } | undefined)?.request_quotation_state
      : undefined;
  warnShould(
    shown === state,
    `${reader.identification} reads quotation ${quotationUuid} ${when} with status ${response.status}${shown === undefined ? '' : ` in state ${String(shown)}`}, expected it readable in state ${state}`,
    'QUO-EXPIRY-SCOPE',
  );
}
