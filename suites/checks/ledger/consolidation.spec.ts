import { schemaRef } from '../../../schemas/resources.ts';
import { atScale, formatUnits, jsonNumberUnits, lastDigit, unitsToJsonNumber } from '../../runtime/money.ts';
import { okBody } from '../../flows/answers.ts';
import { instrumentOf, issueDso, tokenizerDsa } from '../../flows/assets.ts';
import { balanceOf, expectBalance, units } from '../../flows/balances.ts';
import type { ConsolidateBalanceResult } from '../../../schemas/wire.ts';
import { consolidate } from '../../flows/consolidation.ts';
import { openDsaLine } from '../../flows/credit-lines.ts';
import { fund } from '../../flows/funding.ts';
import type { Party } from '../../flows/party.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { test, type Actors } from '../../runtime/fixtures.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import {
  LEDGER_DSO_CODE,
  REFUSAL_REQUIREMENTS,
  checkRequirements,
  SETUP_REQUIREMENTS,
  twoAccounts,
} from './prerequisites.ts';

/**
 * Consolidation (spec: POST /digital-accounts/{account_identification}/consolidate; semantics §4, §12):
 * DSA moves from source operating accounts into the target in one ledger transaction, all entries or
 * none, and never for a DSO (403).
 */

/** The member's two operating accounts with room under their lines, the source funded with `funding`. */
async function fundedPair(actors: Actors, member: Party, funding: bigint) {
  const [target, source] = twoAccounts(member);
  await openDsaLine(actors, member, source, funding);
  await fund(actors, member, source, funding);
  const asset = tokenizerDsa(actors);
  const sourceBalance = (await balanceOf(member, source, asset)) ?? 0n;
  // Room for everything the source holds, so that only the rule under test can refuse a move.
  const line = await openDsaLine(actors, member, target, sourceBalance + units('1'));
  return { target, source, asset, sourceBalance, targetBalance: line.balance };
}

test(
  ...check(
    'ledger.consolidation-moves',
    'moves the listed amounts into the target account and reports the sources’ balances after it',
    {
      verifies: checkRequirements('CONS-MOVE', 'CONS-BALANCES-REPORTED'),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.consolidate',
    },
  ),
  async ({ actors, target: profile }) => {
    const member = actors.mmA;
    const { target, source, asset, sourceBalance, targetBalance } = await fundedPair(actors, member, units('4'));
    // The second amount is one unit of the last digit the target keeps (0.0000001 at the reference's 7).
    const scale = profile.readings.amount_scale;
    const moved = [atScale(units('2.5'), scale), lastDigit(scale)];

    const response = await consolidate(
      member,
      target,
      moved.map((amount) => ({ asset, amount, source })),
    );
    const result = okBody<ConsolidateBalanceResult>(response, schemaRef('consolidateBalanceResult'), 'CONS-MOVE');
    const total = moved.reduce((sum, amount) => sum + amount, 0n);
    expectFor(
      'CONS-MOVE',
      result.transaction_identification.length,
      'the result’s transaction_identification',
    ).toBeGreaterThan(0);
    const reported = (result.account_balances ?? []).filter((entry) => entry.source_account_identification === source);
    // account_balances is optional (spec line 209): when it is there it reports the source; that it is always
    // there is the reference's (CONS-BALANCES-REPORTED).
    warnShould(
      reported.length > 0,
      `the consolidateBalanceResult ${result.account_balances === undefined ? 'has no account_balances' : `reports no balance of the source account ${source}`}`,
      'CONS-BALANCES-REPORTED',
    );
    if (result.account_balances !== undefined)
      expectFor(
        'CONS-MOVE',
        reported.length,
        `account_balances entries for the source account ${source}`,
      ).toBeGreaterThan(0);
    for (const entry of reported) {
      expectFor(
        'CONS-MOVE',
        jsonNumberUnits(entry.consolidated_amount),
        `the balance of ${source} that account_balances reports after moving ${formatUnits(total)}`,
      ).toBe(sourceBalance - total);
    }
    await expectBalance(
      member,
      target,
      asset,
      targetBalance + total,
      'CONS-MOVE',
      `after ${formatUnits(total)} was consolidated into it`,
    );
    await expectBalance(
      member,
      source,
      asset,
      sourceBalance - total,
      'CONS-MOVE',
      `after ${formatUnits(total)} was consolidated out of it`,
    );
  },
);

test(
  ...check(
    'ledger.consolidation-atomic',
    'refuses a consolidation whose second entry cannot move, and moves none of its entries',
    {
      verifies: checkRequirements('CONS-ATOMIC', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.consolidate',
    },
  ),
  async ({ actors }) => {
    const member = actors.mmA;
    const { target, source, asset, sourceBalance, targetBalance } = await fundedPair(actors, member, units('3'));
    // Each entry fits what the source holds; after the first, the second no longer does.
    const response = await consolidate(member, target, [
      { asset, amount: units('1'), source },
      { asset, amount: sourceBalance, source },
    ]);
    expectRefusal(response, { status: 400, requirement: 'CONS-ATOMIC' });
    await expectBalance(
      member,
      target,
      asset,
      targetBalance,
      'CONS-ATOMIC',
      'after a consolidation whose second entry failed',
    );
    await expectBalance(
      member,
      source,
      asset,
      sourceBalance,
      'CONS-ATOMIC',
      'after a consolidation whose second entry failed',
    );
  },
);

test(
  ...check(
    'ledger.consolidation-dso',
    'refuses with 403 a consolidation with a DSO entry, moving none of its entries',
    {
      verifies: checkRequirements('CONS-DSO-FORBIDDEN', 'INS-DSO-ISSUE', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.consolidate',
    },
  ),
  async ({ actors }) => {
    const member = actors.mmA;
    const dso = await issueDso(member, LEDGER_DSO_CODE);
    const { target, source, asset, sourceBalance, targetBalance } = await fundedPair(actors, member, units('1'));
    expectRefusal(await consolidate(member, target, [{ asset: dso, amount: units('1'), source }]), {
      status: 403,
      requirement: 'CONS-DSO-FORBIDDEN',
    });
    const mixed = [
      { asset, amount: units('0.5'), source },
      { asset: dso, amount: units('1'), source },
    ];
    expectRefusal(await consolidate(member, target, mixed), { status: 403, requirement: 'CONS-DSO-FORBIDDEN' });
    await expectBalance(
      member,
      target,
      asset,
      targetBalance,
      'CONS-DSO-FORBIDDEN',
      'after consolidations with a DSO entry were refused',
    );
    await expectBalance(
      member,
      source,
      asset,
      sourceBalance,
      'CONS-DSO-FORBIDDEN',
      'after consolidations with a DSO entry were refused',
    );
  },
);

test(
  ...check(
    'ledger.consolidation-default-source',
    'takes main as the source of an entry that names none, or refuses the entry, never another account',
    {
      verifies: checkRequirements('CONS-DEFAULT-SOURCE', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.consolidate',
    },
  ),
  async ({ actors }) => {
    const member = actors.mmA;
    const [main, target] = twoAccounts(member);
    test.skip(
      main !== 'main',
      'needs profile members.mmA.accounts to start with an operating account named main (the default source)',
    );
    const asset = tokenizerDsa(actors);
    await openDsaLine(actors, member, main, units('3'));
    await fund(actors, member, main, units('3'));
    const mainBalance = (await balanceOf(member, main, asset)) ?? 0n;
    const targetBalance = (await openDsaLine(actors, member, target, mainBalance + units('1'))).balance;
    const amount = units('1.25');
    // The field is marked required and defaults to main: either reading is the spec's, taking from elsewhere is not.
    const entry = { asset_info: [instrumentOf(asset)], consolidated_amount: unitsToJsonNumber(amount) };
    const response = await member.client.call('member.consolidate', {
      path: { account_identification: target },
      body: { instruction: [entry] },
    });
    const moved = response.status >= 200 && response.status < 300;
    if (!moved) expectRefusal(response, { status: response.status, requirement: 'CONS-DEFAULT-SOURCE' });
    await expectBalance(
      member,
      main,
      asset,
      moved ? mainBalance - amount : mainBalance,
      'CONS-DEFAULT-SOURCE',
      moved ? 'after a consolidation whose entry named no source' : 'after a refused consolidation',
    );
    await expectBalance(
      member,
      target,
      asset,
      moved ? targetBalance + amount : targetBalance,
      'CONS-DEFAULT-SOURCE',
      'the target of that consolidation',
    );
  },
);
