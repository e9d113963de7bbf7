import { openPayments, PAYMENT_REQUIREMENTS, settledPayment } from '../../flows/payments.ts';
import type { Party } from '../../flows/party.ts';
import type { Transaction } from '../../../schemas/wire.ts';
import {
  paymentRecord,
  queryTransactions,
  transactionsFound,
  utcDay,
  type TransactionQuery,
} from '../../flows/transactions.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectRefusal, expectRefusalShould } from '../../runtime/refusal.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements } from '../ledger/prerequisites.ts';

/**
 * The payment history (spec: GET /transactions, Limits "Page size of transactions"; semantics §12): a
 * settled payment found by each kind of query, by its two members only; dates that include both ends;
 * pages that partition the result.
 */

const DAY_MS = 86_400_000;

/** A record's identity across queries: the hash of its first ledger transaction. */
function idOf(record: Transaction): string {
  return record.transaction_state[0]?.transaction_identification ?? '';
}

function dayQuery(day: string, page: { size?: number; number?: number } = {}): TransactionQuery {
  return {
    data_type: 'DATE_INTERVAL',
    start_date: day,
    finish_date: day,
    maximum_transaction_count: page.size,
    target_page_number: page.number,
  };
}

/** Every record of `member` on `day`, read in pages of 100. Requirement: TXN-PAGING. */
async function everyRecord(member: Party, day: string): Promise<Transaction[]> {
  const records: Transaction[] = [];
  for (let page = 1; ; page += 1) {
    const found = await transactionsFound(member, dayQuery(day, { size: 100, number: page }), 'TXN-PAGING');
    records.push(...found);
    if (found.length < 100) return records;
  }
}

/**
 * Nothing matches: the reference answers 404 (TXN-NOT-FOUND, SHOULD); an empty list only warns, a
 * record fails `requirement`.
 */
async function expectNothingFound(
  member: Party,
  query: TransactionQuery,
  requirement: string,
  what: string,
): Promise<void> {
  const response = await queryTransactions(member, query);
  if (response.status === 200) {
    const found = Array.isArray(response.body) ? response.body.length : -1;
    if (found !== 0)
      throw new CheckFailure(
        requirement,
        `GET /transactions for ${what} as ${member.identification} answered 200 with ${found < 0 ? 'a body that is no list' : `${found} record(s)`}, expected nothing`,
      );
    warnShould(false, `GET /transactions for ${what} answered 200 [] instead of 404`, 'TXN-NOT-FOUND');
    return;
  }
  expectRefusal(response, { status: 404, requirement: 'TXN-NOT-FOUND', level: 'SHOULD' });
}

test(
  ...check(
    'payments.transactions-query',
    'finds a settled payment by instruction, by ledger transaction and by its day, for its two members only',
    {
      verifies: checkRequirements('TXN-QUERY', 'TXN-NOT-FOUND', 'TXN-PAGING', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.listTransactions',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '20');
    const story = await settledPayment(network, '6.01', 'TXN-QUERY');
    const record = await paymentRecord(network.ofi, story.instruction, 'TXN-QUERY');
    const settlement = record.transaction_state[0];
    if (!settlement)
      throw new CheckFailure('TXN-QUERY', `the record of payment ${story.instruction} has no transaction_state`);

    const byHash = await transactionsFound(
      network.rfi,
      { data_type: 'TRANSACTION_IDENTIFICATION', data_id: settlement.transaction_identification },
      'TXN-QUERY',
    );
    if (byHash.length !== 1 || idOf(byHash[0]!) !== idOf(record)) {
      throw new CheckFailure(
        'TXN-QUERY',
        `GET /transactions by TRANSACTION_IDENTIFICATION ${settlement.transaction_identification} as the RFI found ${JSON.stringify(byHash).slice(0, 300)}, expected the payment’s record`,
      );
    }
    const day = utcDay(settlement.timestamp);
    for (const member of [network.ofi, network.rfi]) {
      if (!(await everyRecord(member, day)).some((found) => idOf(found) === idOf(record))) {
        throw new CheckFailure(
          'TXN-QUERY',
          `GET /transactions from ${day} to ${day} as ${member.identification} does not list the payment it settled that day (${idOf(record)})`,
        );
      }
    }
    const dayBefore = utcDay(settlement.timestamp - DAY_MS);
    if ((await everyRecord(network.ofi, dayBefore)).some((found) => idOf(found) === idOf(record))) {
      throw new CheckFailure(
        'TXN-QUERY',
        `GET /transactions from ${dayBefore} to ${dayBefore} lists the payment settled on ${day}`,
      );
    }

    await expectNothingFound(
      actors.tokenizer,
      { data_type: 'INSTRUCTION_IDENTIFICATION', data_id: story.instruction },
      'TXN-QUERY',
      `the instruction ${story.instruction} of a payment between two other members`,
    );
    await expectNothingFound(
      network.ofi,
      { data_type: 'INSTRUCTION_IDENTIFICATION', data_id: `${story.instruction}-none` },
      'TXN-QUERY',
      'an instruction no payment has',
    );
  },
);

/** Enough payments that a page of the default size cannot hold them all. */
const PAGED_PAYMENTS = 21;

/**
 * Every record of `member` on `day`, read in pages of `size` up to the first page that holds none (an empty
 * list, or the 404 "nothing found"): the spec states no maximum page size (line 569), so the sizes used are
 * small, and no short page is taken for the last. Requirement: TXN-PAGING.
 */
async function pagedRecords(member: Party, day: string, size: number): Promise<Transaction[]> {
  const records: Transaction[] = [];
  for (let page = 1; ; page += 1) {
    const found = await transactionsFound(member, dayQuery(day, { size, number: page }), 'TXN-PAGING');
    if (found.length > size)
      throw new CheckFailure(
        'TXN-PAGING',
        `page ${page} of GET /transactions with maximum_transaction_count ${size} holds ${found.length} records`,
      );
    if (found.length === 0) return records;
    records.push(...found);
  }
}

test(
  ...check(
    'payments.transactions-paging',
    'pages the payment history: pages of the size asked that together list each record once, in one order whatever the size (the reference: 20 by default, at most 100)',
    {
      verifies: checkRequirements(
        'TXN-PAGING',
        'TXN-PAGING-LIMITS',
        'TXN-NOT-FOUND',
        'TXN-QUERY',
        ...REFUSAL_REQUIREMENTS,
      ),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.listTransactions',
    },
  ),
  async ({ actors }) => {
    const network = await openPayments(actors, '1');
    // The records are found by the reference's readings of data_id and of the dates (PRE-TRANSACTION-QUERY).
    const first = await paymentRecord(
      network.ofi,
      (await settledPayment(network, '0.01', 'TXN-PAGING')).instruction,
      'TXN-QUERY',
    );
    const day = utcDay(first.transaction_state[0]?.timestamp ?? 0);
    const [size, other] = [7, 4];
    const already = (await pagedRecords(network.ofi, day, size)).length;
    // The payments still missing, all at once: each is a record of its own, whatever the order they settle in.
    await Promise.all(
      Array.from({ length: Math.max(0, PAGED_PAYMENTS - already) }, () =>
        settledPayment(network, '0.01', 'TXN-PAGING'),
      ),
    );
    const paged = await pagedRecords(network.ofi, day, size);
    if (paged.length < PAGED_PAYMENTS)
      throw new CheckFailure(
        'TXN-PAGING',
        `pages of ${size} of GET /transactions list ${paged.length} records of ${network.ofi.identification} on ${day}, after at least ${PAGED_PAYMENTS} settled payments that day`,
      );
    const ids = paged.map(idOf);
    if (new Set(ids).size !== ids.length)
      throw new CheckFailure('TXN-PAGING', `pages of ${size} list a record more than once: ${JSON.stringify(ids)}`);
    // Records settled meanwhile by other checks of the worker come after these: compare the common start.
    const again = (await pagedRecords(network.ofi, day, other)).map(idOf).slice(0, ids.length);
    if (JSON.stringify(again) !== JSON.stringify(ids)) {
      throw new CheckFailure(
        'TXN-PAGING',
        `pages of ${other} list the records ${JSON.stringify(again)}, pages of ${size} list ${JSON.stringify(ids)}: not each record once, in one order`,
      );
    }
    await expectNothingFound(
      network.ofi,
      dayQuery(day, { size, number: Math.ceil(paged.length / size) + 1 }),
      'TXN-PAGING',
      'the page after the last',
    );

    const defaultPage = await transactionsFound(network.ofi, dayQuery(day), 'TXN-PAGING');
    warnShould(
      defaultPage.length === Math.min(20, paged.length),
      `GET /transactions without maximum_transaction_count answered ${defaultPage.length} of ${paged.length} records, expected a page of 20`,
      'TXN-PAGING-LIMITS',
    );
    expectRefusalShould(await queryTransactions(network.ofi, dayQuery(day, { size: 101 })), {
      status: 400,
      requirement: 'TXN-PAGING-LIMITS',
    });
  },
);
