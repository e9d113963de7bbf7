import { randomBytes } from 'node:crypto';
import { formatUnits, lastDigit, readBalanceText } from '../../runtime/money.ts';
import { tokenizerDsa } from '../../flows/assets.ts';
import { balanceInfoOf, readBalance, units } from '../../flows/balances.ts';
import { openDsaLine } from '../../flows/credit-lines.ts';
import { fund } from '../../flows/funding.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import {
  LEDGER_DSO_CODE,
  REFUSAL_REQUIREMENTS,
  checkRequirements,
  SETUP_REQUIREMENTS,
  twoAccounts,
} from './prerequisites.ts';

/**
 * Balances (spec: GET /balances/digital-accounts/{account_identification}, balanceInfo; semantics §4):
 * the balance of one asset and issuer in one account, exact to the unit, and 404 where the account has
 * no credit line for it.
 */

/** Semantics' rendering: a decimal string with exactly 7 fraction digits. */
const SEVEN_DECIMALS = /^\d+\.\d{7}$/;

test(
  ...check('ledger.balances-read', 'answers the balanceInfo of an account’s asset, exact to the unit after a funding', {
    verifies: checkRequirements('BAL-READ', 'BAL-DECIMAL-FORMAT'),
    uses: SETUP_REQUIREMENTS,
    endpoint: 'member.getBalance',
  }),
  async ({ actors, target }) => {
    const member = actors.mmA;
    const [main] = twoAccounts(member);
    const line = await openDsaLine(actors, member, main, units('5'));
    // One unit of the last digit the target keeps above 1 (1.0000001 at the reference's 7): the balance is a
    // decimal string of any precision (spec line 79), read exactly.
    const amount = units('1') + lastDigit(target.readings.amount_scale);
    await fund(actors, member, main, amount);

    const info = balanceInfoOf(await readBalance(member, main, line.asset), main, line.asset);
    const held = readBalanceText(info.balance);
    expectFor(
      'BAL-READ',
      held,
      `the balance ${JSON.stringify(info.balance)} of ${member.identification}/${main} after a funding of ${formatUnits(amount)} on ${formatUnits(line.balance)}`,
    ).toBe(line.balance + amount);
    warnShould(
      SEVEN_DECIMALS.test(info.balance),
      `the balance ${JSON.stringify(info.balance)} does not have exactly 7 fraction digits`,
      'BAL-DECIMAL-FORMAT',
    );
  },
);

test(
  ...check(
    'ledger.balances-no-line',
    'answers 404, not a zero balance, for an asset the account holds no credit line for',
    { verifies: checkRequirements('BAL-NO-LINE', ...REFUSAL_REQUIREMENTS), endpoint: 'member.getBalance' },
  ),
  async ({ actors }) => {
    const member = actors.mmA;
    const [main] = twoAccounts(member);
    const dsa = tokenizerDsa(actors);
    const nobodyHolds = [
      { code: dsa.code, issuer: actors.mmB.identification }, // a market maker issues no DSA
      { code: LEDGER_DSO_CODE, issuer: actors.tokenizer.identification }, // a tokenizer issues no DSO
      { code: dsa.code, issuer: `nobody-${randomBytes(6).toString('hex')}` },
    ];
    for (const asset of nobodyHolds)
      expectRefusal(await readBalance(member, main, asset), { status: 404, requirement: 'BAL-NO-LINE' });
    expectRefusal(await readBalance(member, `nosuch-${randomBytes(4).toString('hex')}`, dsa), {
      status: 404,
      requirement: 'BAL-NO-LINE',
    });
  },
);
