import { formatUnits } from '../../runtime/money.ts';
import { units } from '../../flows/balances.ts';
import {
  amountUnits,
  exchangeResultOf,
  exchangeTerms,
  expectNotSettled,
  postExchange,
  signExchange,
  type ExchangeObject,
} from '../../flows/exchange.ts';
import { afterLegs, expectHoldings, holdingsOf, openMarket } from '../../flows/market.ts';
import {
  answerQuotation,
  answered,
  expectQuotationState,
  offer,
  OPEN_MS,
  quotationStateOf,
  quotationStates,
  quotationTerms,
  requested,
  signQuotation,
  type QuotationInfo,
} from '../../flows/quotations.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectRefusal, expectRefusalOf, expectRefusalShould } from '../../runtime/refusal.ts';
import {
  EXCHANGE_REQUIREMENTS,
  LISTED_CANCEL_REFUSALS,
  REFUSAL_REQUIREMENTS,
  checkRequirements,
} from './prerequisites.ts';

/**
 * The quotation's life (spec: States and transitions; semantics §7, §8): the states a quotation reads
 * with as it is answered, re-quoted, exchanged and cancelled; what final states refuse; and the replay
 * guard that lets a quotation settle once, also under simultaneous exchanges.
 */

/** Simultaneous exchanges of one quotation in `exchange.concurrent-once`. */
const CONCURRENT_EXCHANGES = 24;

test(
  ...check(
    'exchange.state-machine',
    'moves a quotation 1 -> 10 -> 10 (re-quote) -> 21 and 1 -> 90, and keeps 21 and 90 final against answers, cancellations and exchanges',
    {
      verifies: checkRequirements(
        'QUO-STATES',
        'QUO-STATE-MACHINE',
        'QUO-CANCEL',
        'EXC-ONCE',
        'EXC-ATOMIC',
        ...REFUSAL_REQUIREMENTS,
      ),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.answerQuotation',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const { buyer, seller } = market;
    const request = await requested(market);
    const id = request.quotationUuid;
    await expectQuotationState(buyer, id, quotationStates.waiting, 'QUO-STATES', 'before its seller answered');
    let info = await answered(market, quotationTerms(market, request));
    await expectQuotationState(buyer, id, quotationStates.updated, 'QUO-STATES', 'once answered');

    // Re-quoting while updated is the reference's 10 -> 10: the new terms replace the old ones.
    const requote = quotationTerms(market, request, { foreign_exchange_rate: 0.95 });
    const requoted = await answerQuotation(seller, id, await signQuotation(seller, requote));
    if (requoted.status === 200) {
      const shown = (await quotationStateOf(buyer, id)).response_data?.[0]?.foreign_exchange_rate;
      warnShould(
        shown === requote.foreign_exchange_rate,
        `after a re-quote at ${requote.foreign_exchange_rate} the quotation shows the rate ${shown}`,
        'QUO-STATE-MACHINE',
      );
      if (shown === requote.foreign_exchange_rate) info = requote;
    } else {
      expectRefusal(requoted, { status: 400, requirement: 'QUO-STATE-MACHINE', level: 'SHOULD', bodyOptional: true });
      warnShould(
        false,
        `a re-quote of the updated quotation ${id} was refused with ${requoted.status}; the reference takes it`,
        'QUO-STATE-MACHINE',
      );
    }

    const before = await holdingsOf(market);
    const amount = units('2');
    const exchange = await signExchange(buyer, exchangeTerms(market, info, amount));
    const first = exchangeResultOf(await postExchange(buyer, exchange), 'EXC-SETTLEMENT');
    if (first.exchange_state !== 'Success')
      throw new CheckFailure(
        'EXC-SETTLEMENT',
        `the exchange of the updated quotation ${id} was answered ${first.exchange_state}`,
      );
    const moved = afterLegs(
      before,
      amount,
      amountUnits(first.amount_quoted_asset, 'EXC-SETTLEMENT', 'amount_quoted_asset'),
    );
    await expectQuotationState(
      buyer,
      id,
      quotationStates.completed,
      'QUO-STATES',
      'after its exchange answered Success',
    );

    // Final: the same exchange again, a re-quote, a cancellation, then the exchange once more. A replay is
    // refused or answered Rejected (line 388), and moves nothing.
    expectNotSettled(
      await postExchange(buyer, exchange),
      { status: 400, requirement: 'EXC-ONCE', level: 'SHOULD' },
      'a replayed exchange',
    );
    expectRefusalShould(
      await answerQuotation(
        seller,
        id,
        await signQuotation(seller, quotationTerms(market, request, { foreign_exchange_rate: 0.5 })),
      ),
      { status: 400, requirement: 'QUO-STATE-MACHINE', bodyOptional: true },
    );
    expectRefusal(await buyer.client.call('member.cancelQuotation', { path: { quotation_uuid: id } }), {
      status: LISTED_CANCEL_REFUSALS,
      requirement: 'QUO-CANCEL',
      bodyOptional: true,
    });
    expectNotSettled(
      await postExchange(buyer, exchange),
      { status: 400, requirement: 'EXC-ONCE', level: 'SHOULD' },
      'an exchange after a re-quote and a cancellation',
    );
    await expectQuotationState(
      buyer,
      id,
      quotationStates.completed,
      'QUO-STATES',
      'after a replayed exchange, a re-quote and a cancellation',
    );
    await expectHoldings(market, moved, 'EXC-ONCE', `after one exchange of ${formatUnits(amount)} and refused repeats`);

    // 1 -> 90, and 90 is final for the seller's answer.
    const cancelled = await requested(market);
    const cancel = await buyer.client.call('member.cancelQuotation', {
      path: { quotation_uuid: cancelled.quotationUuid },
    });
    if (cancel.status !== 200)
      throw new CheckFailure(
        'QUO-CANCEL',
        `the buyer's cancellation of the waiting quotation ${cancelled.quotationUuid} got ${cancel.status}`,
      );
    await expectQuotationState(
      seller,
      cancelled.quotationUuid,
      quotationStates.cancelled,
      'QUO-STATES',
      'after its buyer cancelled it',
    );
    expectRefusalShould(
      await answerQuotation(
        seller,
        cancelled.quotationUuid,
        await signQuotation(seller, quotationTerms(market, cancelled)),
      ),
      { status: 400, requirement: 'QUO-STATE-MACHINE', bodyOptional: true },
    );
    const afterAnswer = (await quotationStateOf(seller, cancelled.quotationUuid)).request_quotation_state;
    warnShould(
      afterAnswer === quotationStates.cancelled,
      `the cancelled quotation ${cancelled.quotationUuid} reads in state ${afterAnswer} after an answer to it`,
      'QUO-STATE-MACHINE',
    );
  },
);

test(
  ...check(
    'exchange.unanswered-or-cancelled',
    'settles no exchange of a waiting or a cancelled quotation (refused, or answered Rejected), and moves nothing',
    {
      verifies: checkRequirements('EXC-STATE', 'EXC-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const before = await holdingsOf(market);

    // Terms the seller never gave: the buyer writes them itself for a waiting quotation.
    const waiting = await requested(market);
    const unanswered = await postExchange(
      market.buyer,
      await signExchange(market.buyer, exchangeTerms(market, quotationTerms(market, waiting), units('2'))),
    );
    expectNotSettled(
      unanswered,
      { status: 400, requirement: 'EXC-STATE', level: 'SHOULD' },
      'an exchange of a waiting quotation',
    );

    const { requested: cancelled, info } = await offer(market);
    const cancel = await market.seller.client.call('member.cancelQuotation', {
      path: { quotation_uuid: cancelled.quotationUuid },
    });
    if (cancel.status !== 200)
      throw new CheckFailure(
        'QUO-CANCEL',
        `the seller's cancellation of the updated quotation ${cancelled.quotationUuid} got ${cancel.status}`,
      );
    expectNotSettled(
      await postExchange(market.buyer, await signExchange(market.buyer, exchangeTerms(market, info, units('2')))),
      { status: 400, requirement: 'EXC-STATE', level: 'SHOULD' },
      'an exchange of a cancelled quotation',
    );

    await expectHoldings(market, before, 'EXC-STATE', 'after exchanges of a waiting and a cancelled quotation');
  },
);

test(
  ...check(
    'exchange.concurrent-once',
    `settles exactly one of ${CONCURRENT_EXCHANGES} simultaneous exchanges of one quotation, moving its legs once`,
    {
      verifies: checkRequirements('EXC-ONCE', 'EXC-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors }) => {
    const amount = units('2');
    // Enough for every exchange to settle, so that only the replay guard can stop the others.
    const market = await openMarket(actors, {
      base: amount * BigInt(CONCURRENT_EXCHANGES),
      quoted: amount * BigInt(CONCURRENT_EXCHANGES),
    });
    const { requested: offered, info } = await offer(market, { quotation: { foreign_exchange_rate: 0.5 } });
    const before = await holdingsOf(market);
    const exchange = await signExchange(market.buyer, exchangeTerms(market, info, amount));

    const responses = await Promise.all(
      Array.from({ length: CONCURRENT_EXCHANGES }, () => postExchange(market.buyer, exchange)),
    );
    const succeeded = responses.filter(
      (response) => response.status === 200 && exchangeResultOf(response, 'EXC-ONCE').exchange_state === 'Success',
    );
    if (succeeded.length !== 1)
      throw new CheckFailure(
        'EXC-ONCE',
        `${succeeded.length} of ${CONCURRENT_EXCHANGES} simultaneous exchanges of quotation ${offered.quotationUuid} answered Success, expected exactly one`,
      );
    for (const response of responses.filter((candidate) => !succeeded.includes(candidate)))
      expectNotSettled(response, { status: 400, requirement: 'EXC-ONCE', level: 'SHOULD' });

    const quoted = amountUnits(
      exchangeResultOf(succeeded[0]!, 'EXC-ONCE').amount_quoted_asset,
      'EXC-SETTLEMENT',
      'amount_quoted_asset',
    );
    await expectHoldings(
      market,
      afterLegs(before, amount, quoted),
      'EXC-ONCE',
      `after ${CONCURRENT_EXCHANGES} simultaneous exchanges of ${formatUnits(amount)}`,
    );
    await expectQuotationState(
      market.buyer,
      offered.quotationUuid,
      quotationStates.completed,
      'QUO-STATES',
      'after the simultaneous exchanges',
    );
  },
);

// The reference profile's answer to an exchange that the checks before settlement forbid: an error status,
// never 200 Rejected, which line 388 also allows. A check of its own, so that a target answering Rejected
// leaves the specification's rules decided above.
test(
  ...check(
    'exchange.refusal-status',
    'refuses with 400 an exchange of a completed, waiting, cancelled or not yet valid quotation, of a zero amount, or signed over other bytes, rather than answering Rejected',
    {
      verifies: checkRequirements('EXC-REFUSAL-STATUS', 'CL-REQUEST', 'SIGN-PAYLOAD', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors }) => {
    const market = await openMarket(actors, { base: units('10'), quoted: units('10') });
    const { buyer } = market;
    const amount = units('2');
    const exchangeOf = (info: QuotationInfo, base = amount) => signExchange(buyer, exchangeTerms(market, info, base));

    // Each attempt's quotation is its own: they are made at once, each exchange signed as soon as its
    // quotation is ready, and the attempts are posted at once and judged in order.
    const settledOnce = async () => {
      const completed = await exchangeOf((await offer(market)).info);
      const settled = exchangeResultOf(await postExchange(buyer, completed), 'EXC-SETTLEMENT');
      if (settled.exchange_state !== 'Success')
        throw new CheckFailure('EXC-SETTLEMENT', `a valid exchange was answered ${settled.exchange_state}`);
      return completed;
    };
    const ofCancelled = async () => {
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
      return exchangeOf(cancelled.info);
    };
    const beforeStart = async () => {
      const notYet = await requested(market);
      return exchangeOf(
        await answered(market, quotationTerms(market, notYet, { start_time: notYet.requestTimestamp + OPEN_MS / 2 })),
      );
    };
    const overOtherBytes = async () => {
      const [otherBytes, signer] = await Promise.all([
        offer(market).then(({ info }) => exchangeOf(info)),
        offer(market).then(({ info }) => exchangeOf(info)),
      ]);
      return { ...otherBytes, member_signature: signer.member_signature };
    };
    const prepared: Array<[string, Promise<ExchangeObject>]> = [
      ['a replay of a completed quotation', settledOnce()],
      [
        'an exchange of a waiting quotation',
        requested(market).then((waiting) => exchangeOf(quotationTerms(market, waiting))),
      ],
      ['an exchange of a cancelled quotation', ofCancelled()],
      ['an exchange before the quotation’s start_time', beforeStart()],
      ['an exchange of a zero amount', offer(market).then(({ info }) => exchangeOf(info, 0n))],
      ['an exchange signed over other bytes', overOtherBytes()],
    ];
    const exchanges = await Promise.all(prepared.map(([, exchange]) => exchange));
    const answers = await Promise.all(exchanges.map((exchange) => postExchange(buyer, exchange)));
    prepared.forEach(([what], index) =>
      expectRefusalOf(what, answers[index]!, { status: 400, requirement: 'EXC-REFUSAL-STATUS' }),
    );
  },
);
