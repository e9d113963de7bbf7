import { setTimeout as sleep } from 'node:timers/promises';
import type { TestDetails } from '@playwright/test';
import { units } from '../../flows/balances.ts';
import {
  amountUnits,
  exchangeResultOf,
  exchangeTerms,
  expectNotSettled,
  postExchange,
  signExchange,
} from '../../flows/exchange.ts';
import { afterLegs, expectHoldings, holdingsOf, openMarket, type Market } from '../../flows/market.ts';
import {
  answered,
  answerQuotation,
  OPEN_MS,
  quotationTerms,
  readQuotation,
  readQuotationsOfRequest,
  requested,
  signQuotation,
  type QuotationInfo,
  type Requested,
} from '../../flows/quotations.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectRefusal, expectRefusalShould } from '../../runtime/refusal.ts';
import { EXCHANGE_REQUIREMENTS, OFFER_REQUIREMENTS, REFUSAL_REQUIREMENTS, checkRequirements } from './prerequisites.ts';

/**
 * Validity in real time (spec: States and transitions, Limits; semantics §7, §8), for any target: the
 * windows are a few seconds long and the checks wait them out, so they need no control plane. Times are
 * the target's own, learned from a request's request_timestamp. The same rules with the simulator's
 * clock moved, at the edges of the windows, are in ../clock/exchange.clock.spec.ts.
 */

/** How long the short windows last: long enough for a slow target to take the answer in time. */
const SHORT_MS = 3_000;
/** How far past an edge the checks act, for the time a request takes to arrive. */
const MARGIN_MS = 300;

/** A request, and the target's clock as its request_timestamp shows it (offset from the local clock). */
async function requestWithClock(market: Market): Promise<{ request: Requested; targetNow: () => number }> {
  const sent = Date.now();
  const request = await requested(market);
  const offset = request.requestTimestamp - (sent + Date.now()) / 2;
  return { request, targetNow: () => Date.now() + offset };
}

/**
 * Both checks below sleep through their windows. Given to two workers at once, as adjacent tests are,
 * they left both idle for 3.3 s of a run (2026-12-02, bench/results/NOTES.md); a lock they share keeps
 * them apart, and the other worker goes on with the rest meanwhile. Only the schedule changes.
 */
function waitingCheck(...declared: Parameters<typeof check>): [string, TestDetails] {
  const [title, details] = check(...declared);
  return [title, { ...details, lock: 'real-time wait' }];
}

async function waitUntil(targetNow: () => number, instant: number): Promise<void> {
  const wait = instant - targetNow();
  if (wait > 0) await sleep(wait);
}

test(
  ...waitingCheck(
    'exchange.window-real-time',
    'settles no exchange before the quotation’s start_time or after its end_time (refused, or answered Rejected), moving nothing, and settles one inside the window',
    {
      verifies: checkRequirements('EXC-VALIDITY-WINDOW', 'QUO-EXPIRY', 'EXC-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const { request: first, targetNow } = await requestWithClock(market);
    const [second, third] = [await requested(market), await requested(market)];
    // Each window is set from the target's time just before its answer, so a slow target still takes it in time.
    const notYet = await answered(
      market,
      quotationTerms(market, first, { start_time: first.requestTimestamp + OPEN_MS / 2 }),
    );
    const startsSoon = await answered(
      market,
      quotationTerms(market, second, { start_time: Math.round(targetNow()) + SHORT_MS }),
    );
    const endsSoon = await answered(
      market,
      quotationTerms(market, third, { end_time: Math.round(targetNow()) + SHORT_MS }),
    );
    const amount = units('2');
    const exchangeOf = (info: QuotationInfo) => signExchange(market.buyer, exchangeTerms(market, info, amount));
    const [beforeStart, inside, afterEnd] = [
      await exchangeOf(notYet),
      await exchangeOf(startsSoon),
      await exchangeOf(endsSoon),
    ];
    const before = await holdingsOf(market);

    expectNotSettled(
      await postExchange(market.buyer, beforeStart),
      { status: 400, requirement: 'EXC-VALIDITY-WINDOW', level: 'SHOULD' },
      'an exchange before the quotation’s start_time',
    );
    await expectHoldings(market, before, 'EXC-VALIDITY-WINDOW', 'after an exchange before the quotation’s start_time');

    await waitUntil(targetNow, startsSoon.start_time + MARGIN_MS);
    const settled = exchangeResultOf(await postExchange(market.buyer, inside), 'EXC-VALIDITY-WINDOW');
    if (settled.exchange_state !== 'Success')
      throw new CheckFailure(
        'EXC-VALIDITY-WINDOW',
        `an exchange just after the quotation's start_time was answered ${settled.exchange_state}`,
      );
    const moved = afterLegs(
      before,
      amount,
      amountUnits(settled.amount_quoted_asset, 'EXC-SETTLEMENT', 'amount_quoted_asset'),
    );

    await waitUntil(targetNow, endsSoon.end_time + MARGIN_MS);
    // The reference has removed the quotation by then (404); a target may also refuse it as invalid (400),
    // or answer it Rejected (line 388).
    expectNotSettled(
      await postExchange(market.buyer, afterEnd),
      { status: 404, requirement: 'EXC-VALIDITY-WINDOW', level: 'SHOULD' },
      'an exchange past the quotation’s end_time',
    );
    await expectHoldings(market, moved, 'EXC-VALIDITY-WINDOW', 'after an exchange past the quotation’s end_time');
    expectRefusal(await readQuotation(market.buyer, third.quotationUuid), { status: 404, requirement: 'QUO-EXPIRY' });
  },
);

test(
  ...waitingCheck(
    'exchange.expiry-real-time',
    'removes a request at its end: its quotations cannot be listed or answered, a waiting one is gone, an answered one lives on until its own end_time',
    {
      verifies: checkRequirements('QUO-EXPIRY', 'QUO-EXPIRY-SCOPE', ...REFUSAL_REQUIREMENTS),
      uses: OFFER_REQUIREMENTS,
      endpoint: 'member.getQuotationsOfRequest',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: 0n, quoted: 0n });
    const { targetNow } = await requestWithClock(market);
    const endingSoon = () => ({ time_end_request_quotation: Math.round(targetNow()) + SHORT_MS });
    const answeredOne = await requested(market, endingSoon());
    await answered(market, quotationTerms(market, answeredOne, { end_time: answeredOne.requestTimestamp + OPEN_MS }));
    const waiting = await requested(market, endingSoon());

    await waitUntil(targetNow, waiting.request.time_end_request_quotation + MARGIN_MS);
    for (const request of [waiting, answeredOne])
      expectRefusal(await readQuotationsOfRequest(market.buyer, request.requestUuid), {
        status: 404,
        requirement: 'QUO-EXPIRY',
        bodyOptional: true,
      });
    expectRefusal(
      await answerQuotation(
        market.seller,
        waiting.quotationUuid,
        await signQuotation(market.seller, quotationTerms(market, waiting)),
      ),
      { status: 400, requirement: 'QUO-EXPIRY', bodyOptional: true },
    );
    expectRefusalShould(await readQuotation(market.seller, waiting.quotationUuid), {
      status: 404,
      requirement: 'QUO-EXPIRY-SCOPE',
    });
    const outlives = await readQuotation(market.buyer, answeredOne.quotationUuid);
    warnShould(
      outlives.status === 200,
      `the answered quotation ${answeredOne.quotationUuid} was answered ${outlives.status} after its request ended, before its own end_time`,
      'QUO-EXPIRY-SCOPE',
    );
  },
);
