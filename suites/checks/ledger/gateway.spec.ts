import { randomBytes } from 'node:crypto';
import { schemaRef } from '../../../schemas/resources.ts';
import { formatUnits } from '../../runtime/money.ts';
import { okBody } from '../../flows/answers.ts';
import { units } from '../../flows/balances.ts';
import type { ConsolidateBalanceResult } from '../../../schemas/wire.ts';
import { consolidate } from '../../flows/consolidation.ts';
import { openDsaLine } from '../../flows/credit-lines.ts';
import { fund } from '../../flows/funding.ts';
import {
  drainMessages,
  noticeOf,
  noticesOf,
  payloadsOf,
  readMessages,
  type StreamMessage,
  type TransactionNotice,
} from '../../flows/gateway.ts';
import type { Party } from '../../flows/party.ts';
import { check, warnShould, expectStatus } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { test, type Actors } from '../../runtime/fixtures.ts';
import type { DssResponse } from '../../runtime/client.ts';
import { expectReferenceStatus, expectRefusal } from '../../runtime/refusal.ts';
import { expectInvalidInputRefused } from '../input-refusal.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements, SETUP_REQUIREMENTS, twoAccounts } from './prerequisites.ts';

/**
 * Transaction notifications and the listening service (spec: Events, GET /gateway/messages, POST
 * /digital-accounts/{account_identification}/{reference}; semantics §9). Each check first reads the
 * member's `transactions` queue until it is empty, so what it reads next is what its own operations
 * caused. Reads consume, and this worker's members are its own, so no other worker reads them away.
 */

const GATEWAY_REQUIREMENTS = ['GW-TRANSACTIONS-NOTIFY', 'GW-READ-CONSUMES'];

/** A funded account with an empty `transactions` queue: what the next read shows is new. */
async function quietFundedAccount(actors: Actors, member: Party, room: bigint): Promise<string> {
  const [main] = twoAccounts(member);
  await openDsaLine(actors, member, main, room);
  await drainMessages(member, 'transactions');
  return main;
}

function restart(member: Party, account: string, reference: string) {
  return member.client.call('member.restartListening', { path: { account_identification: account, reference } });
}

test(
  ...check(
    'ledger.gateway-transactions-notify',
    'delivers on the transactions queue a notice of a funding and of a consolidation, naming the transaction and its reference number',
    {
      verifies: checkRequirements('GW-TRANSACTIONS-PAYLOAD', 'CONS-MOVE', ...GATEWAY_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.readGatewayMessages',
    },
  ),
  async ({ actors }) => {
    const member = actors.mmA;
    const account = await quietFundedAccount(actors, member, units('5'));
    const [, other] = twoAccounts(member);
    const line = await openDsaLine(actors, member, other, units('1'));
    const amount = units('2.25');
    const { result } = await fund(actors, member, account, amount);
    const funding = result.funding_state[0]!.transaction_identification;
    // A funding is one operation: one credit notice to the member.
    const funded = await drainMessages(member, 'transactions');
    noticeOf(funded, funding, member.identification, 1);
    expectPayload(funded, funding, {
      account_identification: account,
      asset_code_identification: line.asset.code,
      asset_issuer_identification: line.asset.issuer,
      amount: formatUnits(amount),
      direction: 'credit',
    });

    const moved = units('0.5');
    const consolidated = okBody<ConsolidateBalanceResult>(
      await consolidate(member, other, [{ asset: line.asset, amount: moved, source: account }]),
      schemaRef('consolidateBalanceResult'),
      'CONS-MOVE',
    );
    const transaction = consolidated.transaction_identification;
    const messages = await drainMessages(member, 'transactions');
    // One leg between two accounts of the member: a debit notice and a credit notice.
    noticeOf(messages, transaction, member.identification, 2);
    // Both accounts are the member's: it is told of the debit of one and the credit of the other.
    for (const [accountIdentification, direction] of [
      [account, 'debit'],
      [other, 'credit'],
    ] as const) {
      const leg = noticesOf(messages, transaction).find(
        (candidate) => candidate.account_identification === accountIdentification,
      );
      warnShould(
        leg !== undefined,
        `no notice of consolidation ${transaction} for ${member.identification}/${accountIdentification}`,
        'GW-TRANSACTIONS-PAYLOAD',
      );
      if (leg)
        expectPayload(messages, transaction, {
          account_identification: accountIdentification,
          asset_code_identification: line.asset.code,
          asset_issuer_identification: line.asset.issuer,
          amount: formatUnits(moved),
          direction,
        });
    }
  },
);

/**
 * The reference's payload (semantics §9): the response_data object itself is the notice of the
 * transaction for the account, with these fields. SHOULD, since the spec does not show the objects'
 * shape (line 531); GW-TRANSACTIONS-NOTIFY finds the notice one level down too.
 */
function expectPayload(
  messages: readonly StreamMessage[],
  transaction: string,
  expected: Record<string, string>,
): void {
  const notice = (payloadsOf(messages) as TransactionNotice[]).find(
    (data) =>
      data.transaction_identification === transaction &&
      data.account_identification === expected.account_identification,
  );
  if (!notice) {
    warnShould(
      false,
      `no response_data object is itself the notice of transaction ${transaction} for account ${expected.account_identification} (it may sit inside one): ${JSON.stringify(payloadsOf(messages)).slice(0, 300)}`,
      'GW-TRANSACTIONS-PAYLOAD',
    );
    return;
  }
  const shown = Object.fromEntries(
    Object.keys(expected).map((field) => [field, notice[field as keyof TransactionNotice]]),
  );
  warnShould(
    JSON.stringify(shown) === JSON.stringify(expected),
    `the notice of transaction ${transaction} shows ${JSON.stringify(shown)}, expected ${JSON.stringify(expected)}`,
    'GW-TRANSACTIONS-PAYLOAD',
  );
}

test(
  ...check(
    'ledger.gateway-read-consumes',
    'delivers each gateway message once: a second read does not return what the first returned',
    {
      verifies: checkRequirements(...GATEWAY_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.readGatewayMessages',
    },
  ),
  async ({ actors }) => {
    const member = actors.mmA;
    const account = await quietFundedAccount(actors, member, units('5'));
    const { result } = await fund(actors, member, account, units('1'));
    const first = await readMessages(member, 'transactions');
    noticeOf(first, result.funding_state[0]!.transaction_identification, member.identification, 1);
    const second = await readMessages(member, 'transactions');
    const repeated = second.filter((message) =>
      first.some((earlier) => JSON.stringify(earlier) === JSON.stringify(message)),
    );
    if (repeated.length > 0)
      throw new CheckFailure(
        'GW-READ-CONSUMES',
        `a second read of the transactions queue returned again ${repeated.length} message(s) the first read returned: ${JSON.stringify(repeated[0]).slice(0, 300)}`,
      );
  },
);

test(
  ...check(
    'ledger.gateway-listening-replay',
    'delivers again the notices after a reference number on a listening restart, and none of the past with now',
    {
      verifies: checkRequirements('GW-LISTENING-REPLAY', ...GATEWAY_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.restartListening',
    },
  ),
  async ({ actors }) => {
    const member = actors.mmA;
    const account = await quietFundedAccount(actors, member, units('5'));
    const earlier = await fund(actors, member, account, units('1'));
    const later = await fund(actors, member, account, units('2'));
    const [earlierId, laterId] = [
      earlier.result.funding_state[0]!.transaction_identification,
      later.result.funding_state[0]!.transaction_identification,
    ];
    const delivered = await drainMessages(member, 'transactions');
    const reference = noticeOf(delivered, earlierId, member.identification, 1).transaction_reference_number;
    noticeOf(delivered, laterId, member.identification, 1);

    expectStatus(await restart(member, account, 'now'), 200, 'GW-LISTENING-REPLAY');
    const afterNow = await drainMessages(member, 'transactions');
    expectFor(
      'GW-LISTENING-REPLAY',
      [...noticesOf(afterNow, earlierId), ...noticesOf(afterNow, laterId)],
      'notices of past transactions delivered again after a restart with now',
    ).toEqual([]);

    expectStatus(await restart(member, account, String(reference)), 200, 'GW-LISTENING-REPLAY');
    const replayed = await drainMessages(member, 'transactions');
    expectFor(
      'GW-LISTENING-REPLAY',
      noticesOf(replayed, laterId).length,
      `notices of transaction ${laterId} delivered again after a restart from reference ${reference}, which it followed`,
    ).toBeGreaterThan(0);
  },
);

test(
  ...check(
    'ledger.gateway-refusals',
    'refuses a listening restart of an unknown account and one with a malformed reference with 400 or 409 (the reference: 409, 400), and a malformed message type with 400',
    {
      verifies: checkRequirements(
        'GW-LISTENING-REFUSALS',
        'GW-LISTENING-REFUSALS-STATUS',
        'ERR-INVALID-INPUT',
        'ERR-LISTED-STATUS',
        ...REFUSAL_REQUIREMENTS,
      ),
      endpoint: 'member.restartListening',
    },
  ),
  async ({ actors }) => {
    const member = actors.mmA;
    const [main] = twoAccounts(member);
    // Line 433 lists 400 and 409 for the restart, and either fits both mistakes: the reference's split is a profile SHOULD.
    const refused = (response: DssResponse, reference: number) => {
      expectRefusal(response, { status: [400, 409], requirement: 'GW-LISTENING-REFUSALS' });
      expectReferenceStatus(response, reference, 'GW-LISTENING-REFUSALS-STATUS');
    };
    refused(await restart(member, `nosuch-${randomBytes(4).toString('hex')}`, 'now'), 409);
    for (const reference of ['yesterday', '-5', '1.5']) refused(await restart(member, main, reference), 400);
    expectInvalidInputRefused(await member.client.call('member.readGatewayMessages', { query: { type: 'ledger' } }));
    expectInvalidInputRefused(await member.client.call('member.readGatewayMessages'));
  },
);
