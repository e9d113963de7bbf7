import { listOfRef } from '../../../schemas/resources.ts';
import { formatUnits, readBalanceText } from '../../runtime/money.ts';
import { listOrNone } from '../../flows/answers.ts';
import { instrumentList, issueDso, type Instrument } from '../../flows/assets.ts';
import type { BalanceInfo } from '../../../schemas/wire.ts';
import { balanceOf, units } from '../../flows/balances.ts';
import { openDsoLine } from '../../flows/credit-lines.ts';
import { optionalMember, type Party } from '../../flows/party.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { LEDGER_DSO_CODE, REFUSAL_REQUIREMENTS, checkRequirements } from './prerequisites.ts';

/**
 * Settlement obligations (spec: GET /settlement-obligations and /settlement-obligations/{code};
 * semantics §12): what the holders of a DSO hold is what its issuer owes off the service. No endpoint
 * of the value layer pays a DSO out, so the totals are judged against the holders' own balance reads,
 * whatever they are on the target.
 */

interface BalanceSheetLiabilities {
  member_identification?: string;
  outstanding_balance?: BalanceInfo[];
}

/** A balance the target rendered, as units; a CheckFailure when it is no decimal. */
function amountOf(info: BalanceInfo, requirement: string, what: string): bigint {
  const value = readBalanceText(info.balance);
  if (value === undefined)
    throw new CheckFailure(requirement, `${what}: the balance ${JSON.stringify(info.balance)} is not a decimal amount`);
  return value;
}

test(
  ...check(
    'ledger.obligations-totals',
    'answers per issued DSO at most one total, the sum of the holdings it lists per holder, filtered or not (the reference lists a DSO with nothing outstanding as 0)',
    {
      verifies: checkRequirements(
        'OBL-TOTALS',
        'OBL-TOTALS-ZERO',
        'OBL-HOLDERS',
        'INS-DSO-ISSUE',
        'CL-REQUEST',
        'CL-DSO-ALLOWLIST',
        'BAL-READ',
        'RES-LEDGER-SCHEMAS',
        'ERR-BODY-SHAPE',
      ),
      endpoint: 'member.listObligations',
    },
  ),
  async ({ actors, target }) => {
    const { mmA: issuer, mmB: holder } = actors;
    const dso = await issueDso(issuer, LEDGER_DSO_CODE);
    const line = await openDsoLine(issuer, holder, dso, units('100'), target.readings);
    const ofCode = (entries: readonly BalanceInfo[]) =>
      entries.filter((entry) => entry.asset_code_identification === dso.code);

    // A DSO with nothing outstanding may be listed with 0 or left out ("404 no obligations", line 485): the
    // listings read as [] on that 404, and must agree with each other and with the holdings.
    const all = listOrNone<BalanceInfo>(
      await issuer.client.call('member.listObligations'),
      listOfRef('balanceInfo'),
      'OBL-TOTALS',
    );
    const filtered = listOrNone<BalanceInfo>(
      await issuer.client.call('member.listObligations', { query: { asset_code_identification: dso.code } }),
      listOfRef('balanceInfo'),
      'OBL-TOTALS',
    );
    expectFor(
      'OBL-TOTALS',
      ofCode(all).length,
      `GET /settlement-obligations of ${issuer.identification} lists its DSO ${dso.code} at most once`,
    ).toBeLessThanOrEqual(1);
    expectFor(
      'OBL-TOTALS',
      filtered.length === ofCode(filtered).length && filtered.length === ofCode(all).length,
      `GET /settlement-obligations?asset_code_identification=${dso.code} lists that DSO only, as often as the unfiltered listing does (${ofCode(all).length}): ${JSON.stringify(filtered)}`,
    ).toBe(true);
    const listed = ofCode(all)[0];
    const total = listed === undefined ? 0n : amountOf(listed, 'OBL-TOTALS', `the obligation total of ${dso.code}`);
    if (listed !== undefined)
      expectFor(
        'OBL-TOTALS',
        amountOf(filtered[0]!, 'OBL-TOTALS', `the filtered obligation total of ${dso.code}`),
        'the filtered total equals the unfiltered one',
      ).toBe(total);

    const holders = listOrNone<BalanceSheetLiabilities>(
      await issuer.client.call('member.getObligation', { path: { asset_code_identification: dso.code } }),
      listOfRef('balanceSheetLiabilities'),
      'OBL-TOTALS',
    );
    const held = holders.flatMap((entry) =>
      ofCode(entry.outstanding_balance ?? []).map((info) =>
        amountOf(info, 'OBL-TOTALS', `the holding of ${entry.member_identification ?? 'a holder'}`),
      ),
    );
    const sum = held.reduce((acc, value) => acc + value, 0n);
    const what =
      listed === undefined
        ? `${dso.code}, which GET /settlement-obligations leaves out as having nothing outstanding,`
        : `the total of ${dso.code}`;
    expectFor(
      'OBL-TOTALS',
      formatUnits(total),
      `${what} equals the sum of the holdings GET /settlement-obligations/${dso.code} lists`,
    ).toBe(formatUnits(sum));
    warnShould(
      listed !== undefined,
      `GET /settlement-obligations leaves out the DSO ${dso.code}, whose holders hold ${formatUnits(sum)}: the reference lists every DSO the caller issued, zero included`,
      'OBL-TOTALS-ZERO',
    );

    const entry = holders.find((candidate) => candidate.member_identification === holder.identification);
    warnShould(
      entry !== undefined,
      `GET /settlement-obligations/${dso.code} does not list ${holder.identification}, which holds an allowed credit line for it`,
      'OBL-HOLDERS',
    );
    if (entry) {
      const listedHolding = ofCode(entry.outstanding_balance ?? []).reduce(
        (acc, info) => acc + amountOf(info, 'OBL-TOTALS', `the holding of ${holder.identification}`),
        0n,
      );
      const own = (await balanceOf(holder, line.account, dso)) ?? 0n;
      warnShould(
        listedHolding === own,
        `GET /settlement-obligations/${dso.code} lists ${formatUnits(listedHolding)} for ${holder.identification}, whose own balance read shows ${formatUnits(own)}`,
        'OBL-HOLDERS',
      );
    }
  },
);

/** DSO codes to pick one the issuer never issued from. */
const unissuedCandidates = ['JPYDSO', 'AUDDSO', 'NOKDSO', 'DKKDSO', 'NZDDSO', 'CADDSO'];

/** A DSO code `issuer` never issued. */
async function unissuedCode(issuer: Party): Promise<string> {
  const emitted = listOrNone<Instrument>(
    await issuer.client.call('member.listEmittedInstruments'),
    instrumentList,
    'INS-LIST',
  );
  const code = unissuedCandidates.find(
    (candidate) => !emitted.some((asset) => asset.asset_code_identification === candidate),
  );
  if (!code)
    throw new HarnessFault(
      `${issuer.identification} issued every one of ${unissuedCandidates.join(', ')}: no DSO is known not to be its own`,
    );
  return code;
}

test(
  ...check('ledger.obligations-not-issued', 'answers 404 for the obligations of a DSO the caller did not issue', {
    verifies: checkRequirements('OBL-NONE-ISSUED', 'INS-LIST', 'RES-LEDGER-SCHEMAS', ...REFUSAL_REQUIREMENTS),
    endpoint: 'member.listObligations',
  }),
  async ({ actors }) => {
    const issuer = actors.mmA;
    const code = await unissuedCode(issuer);
    expectRefusal(await issuer.client.call('member.listObligations', { query: { asset_code_identification: code } }), {
      status: 404,
      requirement: 'OBL-NONE-ISSUED',
    });
  },
);

test(
  ...check('ledger.obligations-none-issued', 'answers 404 for the obligations of a member that issued no DSO', {
    verifies: checkRequirements('OBL-NONE-ISSUED', ...REFUSAL_REQUIREMENTS),
    endpoint: 'member.listObligations',
  }),
  async ({ actors }) => {
    const maker = await optionalMember(actors, 'blank_maker', { business_role: 'MMM' });
    expectRefusal(await maker.client.call('member.listObligations'), { status: 404, requirement: 'OBL-NONE-ISSUED' });
  },
);

// The reference profile's reading of the path's 404 (the spec gives it no condition): a DSO the caller did not
// issue. A check of its own, so that a target reading it otherwise leaves the listings decided above.
test(
  ...check(
    'ledger.obligation-not-issued-read',
    'answers 404 to GET /settlement-obligations/{code} for a DSO the caller did not issue, and for a member that issued none',
    { verifies: checkRequirements('OBL-NONE'), endpoint: 'member.getObligation' },
  ),
  async ({ actors }) => {
    const issuer = actors.mmA;
    expectRefusal(
      await issuer.client.call('member.getObligation', {
        path: { asset_code_identification: await unissuedCode(issuer) },
      }),
      { status: 404, requirement: 'OBL-NONE' },
    );
    const maker = await optionalMember(actors, 'blank_maker', { business_role: 'MMM' });
    expectRefusal(
      await maker.client.call('member.getObligation', { path: { asset_code_identification: LEDGER_DSO_CODE } }),
      { status: 404, requirement: 'OBL-NONE' },
    );
  },
);
