import { dsoHoldingAccount } from '../../../protocol/readings.ts';
import { lastDigit, wholeUnits } from '../../runtime/money.ts';
import { ensureListed } from '../../flows/allowlist.ts';
import { authorizedAssets, issueDso, lists, tokenizerDsa, type AssetId } from '../../flows/assets.ts';
import { balanceOf, expectBalance, units } from '../../flows/balances.ts';
import { consolidate } from '../../flows/consolidation.ts';
import {
  ceilingWithRoom,
  decideAsMember,
  decideAsTokenizer,
  openDsaLine,
  requestCreditLine,
  type CreditLineRef,
} from '../../flows/credit-lines.ts';
import { fund, instructAndSign, instructFunding, newFundingInfo, sendFunding } from '../../flows/funding.ts';
import { optionalMember, type Party } from '../../flows/party.ts';
import {
  check,
  describeCall,
  describeStatus,
  recordAcross,
  warnShould,
  expectErrorBody,
  expectStatus,
} from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { skipFor } from '../../runtime/credentials.ts';
import type { DssClient } from '../../runtime/client.ts';
import { expect, test, type Actors } from '../../runtime/fixtures.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { expectInvalidInputRefused } from '../input-refusal.ts';
import {
  LEDGER_DSO_CODE,
  REFUSAL_REQUIREMENTS,
  checkRequirements,
  SETUP_REQUIREMENTS,
  twoAccounts,
} from './prerequisites.ts';

/**
 * Credit lines (spec: creditLine, both credit-line endpoints, Limits; semantics §3, §4): request, then
 * the issuer's allow makes a line usable; only the issuer decides, and only on a request; a revoked
 * line receives nothing; no holding goes above its ceiling; DSO lines need the allowlist. Refusal
 * statuses that only semantics.md fixes (404 for an instruction, 400 for a send the ledger refuses)
 * are SHOULD; the refusal itself is not.
 */

async function expectAuthorized(
  holder: Party,
  account: string,
  asset: AssetId,
  expected: boolean,
  requirement: string,
  when: string,
): Promise<void> {
  const listed = lists(await authorizedAssets(holder, account), asset);
  expectFor(
    requirement,
    listed,
    `GET /settlement-instruments/digital-accounts/${account} of ${holder.identification} lists ${asset.code} of ${asset.issuer} ${when}`,
  ).toBe(expected);
}

test(
  ...check('ledger.credit-line-request-allow', 'makes a requested credit line usable only once the issuer allows it', {
    verifies: checkRequirements('CL-REQUEST', 'INS-LIST', ...REFUSAL_REQUIREMENTS),
    uses: SETUP_REQUIREMENTS,
    endpoint: 'member.changeCreditLine',
  }),
  async ({ actors }) => {
    // Elsewhere the profile's line holder serves one run: once its line is allowed, it is no longer new.
    const holder = await optionalMember(actors, 'line_holder', { business_role: 'MMM' });
    const asset = tokenizerDsa(actors);
    const line = { holder: holder.identification, account: holder.accounts[0] ?? 'main', asset };
    if (!actors.control && lists(await authorizedAssets(holder, line.account), asset)) {
      skipFor(
        `needs a profile member line_holder with no credit line of ${asset.code} on ${line.account}: ${holder.identification} already has one allowed (by an earlier run?)`,
      );
    }

    expectStatus(await requestCreditLine(holder, line.account, asset, 100), 200, 'CL-REQUEST');
    await expectAuthorized(holder, line.account, asset, false, 'CL-REQUEST', 'while the line is only requested');
    const early = newFundingInfo(
      actors.tokenizer.identification,
      asset,
      holder.identification,
      line.account,
      units('10'),
    );
    expectRefusal(await instructFunding(actors.tokenizer, early), {
      status: 404,
      requirement: 'CL-REQUEST',
      level: 'SHOULD',
    });

    expectStatus(await decideAsTokenizer(actors.tokenizer, line, 'allow'), 200, 'CL-REQUEST');
    await expectAuthorized(holder, line.account, asset, true, 'CL-REQUEST', 'once the tokenizer allowed the line');
    await fund(actors, holder, line.account, units('10'));
    await expectBalance(
      holder,
      line.account,
      asset,
      units('10'),
      'CL-REQUEST',
      'after a funding of 10 on the allowed line',
    );
  },
);

test(
  ...check(
    'ledger.credit-line-allow-unrequested',
    'refuses to allow or revoke a credit line its holder never requested',
    {
      verifies: checkRequirements('CL-ALLOW-REQUESTED', 'INS-LIST', ...REFUSAL_REQUIREMENTS),
      endpoint: 'tokenizer.changeCreditLine',
    },
  ),
  async ({ actors }) => {
    // Read-only on a correct target: the profile's blank market maker stays blank.
    const holder = await optionalMember(actors, 'blank_maker', { business_role: 'MMM' });
    const asset = tokenizerDsa(actors);
    const line = { holder: holder.identification, account: holder.accounts[0] ?? 'main', asset };
    for (const decision of ['allow', 'revoke'] as const) {
      expectRefusal(await decideAsTokenizer(actors.tokenizer, line, decision), {
        status: 404,
        requirement: 'CL-ALLOW-REQUESTED',
      });
    }
    await expectAuthorized(holder, line.account, asset, false, 'CL-ALLOW-REQUESTED', 'after the refused allow');
    const info = newFundingInfo(
      actors.tokenizer.identification,
      asset,
      holder.identification,
      line.account,
      units('1'),
    );
    expectRefusal(await instructFunding(actors.tokenizer, info), {
      status: 404,
      requirement: 'CL-ALLOW-REQUESTED',
      level: 'SHOULD',
    });
  },
);

test(
  ...check(
    'ledger.credit-line-issuer-only',
    'refuses an allow or revoke from anyone but the issuer, the holder naming the issuer included, and leaves the line usable',
    {
      verifies: checkRequirements('CL-ALLOW-ISSUER-ONLY', 'INS-LIST', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.changeCreditLine',
    },
  ),
  async ({ actors }) => {
    const [main] = twoAccounts(actors.mmA);
    const line = await openDsaLine(actors, actors.mmA, main, units('1'));
    // Another market maker, and the holder itself: neither issues the tokenizer's DSA.
    const attempts: Array<[Party, 'allow' | 'revoke']> = [
      [actors.mmB, 'revoke'],
      [actors.mmA, 'revoke'],
      [actors.mmB, 'allow'],
      [actors.mmA, 'allow'],
    ];
    for (const [caller, decision] of attempts) {
      // Line 481 lists 401 and 404 (credit line could not be changed); another 4xx only warns (ERR-LISTED-STATUS).
      expectRefusal(await decideAsMember(caller, line, decision), {
        status: [404, 401],
        requirement: 'CL-ALLOW-ISSUER-ONLY',
        level: 'SHOULD',
      });
    }
    // The holder naming the issuer, as a request would (line 110): a revoke or allow names the member that
    // asked for the line, so this body is the holder deciding on its own line under another name.
    for (const decision of ['revoke', 'allow'] as const) {
      const asIssuer = await actors.mmA.client.call('member.changeCreditLine', {
        body: {
          account_identification: main,
          asset_code_identification: line.asset.code,
          credit_line_state: decision,
          member_identification: line.asset.issuer,
        },
      });
      expectRefusal(asIssuer, { status: 404, requirement: 'CL-ALLOW-ISSUER-ONLY', level: 'SHOULD' });
    }
    await expectAuthorized(
      actors.mmA,
      main,
      line.asset,
      true,
      'CL-ALLOW-ISSUER-ONLY',
      'after revocations by members that do not issue it were refused',
    );
  },
);

/** A revocation of mmA's open DSA line by the tokenizer under a path naming mmA instead of itself. */
async function foreignRevocation(actors: Actors) {
  const [main] = twoAccounts(actors.mmA);
  const line = await openDsaLine(actors, actors.mmA, main, units('1'));
  const other = actors.mmA.identification;
  return { main, line, other, foreign: await decideAsTokenizer(actors.tokenizer, line, 'revoke', other) };
}

test(
  ...check(
    'ledger.tokenizer-path-caller',
    'refuses a tokenizer path that names another member with a status the endpoint lists, changing nothing',
    {
      verifies: checkRequirements('CL-TOKENIZER-PATH-FOREIGN', 'INS-LIST', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.changeCreditLine',
    },
  ),
  async ({ actors }) => {
    const { main, line, other, foreign } = await foreignRevocation(actors);
    if (foreign.status >= 500)
      throw new CheckFailure(
        'ERR-NO-5XX',
        `${describeCall(foreign)}: a client mistake must not get a 5xx, got ${foreign.status}`,
      );
    if (![400, 401, 404].includes(foreign.status)) {
      throw new CheckFailure(
        'CL-TOKENIZER-PATH-FOREIGN',
        `${describeCall(foreign)}: a change under another member's path must be refused with 400, 401 or 404, got ${describeStatus(foreign)}`,
      );
    }
    recordAcross(() => expectErrorBody(foreign, 'ERR-BODY-SHAPE'));
    await expectAuthorized(
      actors.mmA,
      main,
      line.asset,
      true,
      'CL-TOKENIZER-PATH-FOREIGN',
      `after a revocation under /credit-line/${other} was refused`,
    );
  },
);

// The reference profile's status: 401, on the credit-line path and on the listing of another member's assets.
// A check of its own, so that a target answering 400 or 404 leaves the specification's rule decided above.
test(
  ...check('ledger.tokenizer-path-caller-401', 'refuses a tokenizer path that names another member with 401', {
    verifies: checkRequirements('TOKENIZER-PATH-CALLER', 'CL-REQUEST', 'SIGN-PAYLOAD'),
    endpoint: 'tokenizer.changeCreditLine',
  }),
  async ({ actors }) => {
    const { other, foreign } = await foreignRevocation(actors);
    expectRefusal(foreign, { status: 401, requirement: 'TOKENIZER-PATH-CALLER' });
    const available = await actors.tokenizer.client.call('tokenizer.listAvailableInstruments', {
      path: { tokenizer_identification: other },
    });
    expectRefusal(available, { status: 401, requirement: 'TOKENIZER-PATH-CALLER' });
  },
);

test(
  ...check(
    'ledger.credit-line-invalid-input',
    'refuses invalid credit-line input: 400 on the tokenizer interface, the listed 404 on the member interface',
    {
      verifies: checkRequirements('ERR-INVALID-INPUT', 'ERR-LISTED-STATUS', ...REFUSAL_REQUIREMENTS),
      endpoint: 'tokenizer.changeCreditLine',
    },
  ),
  async ({ actors }) => {
    const asset = tokenizerDsa(actors);
    const [main] = twoAccounts(actors.mmA);
    const decision = {
      account_identification: main,
      asset_code_identification: asset.code,
      credit_line_state: 'allow',
      member_identification: actors.mmA.identification,
    };
    const tokenizerBodies: object[] = [
      { ...decision, credit_line_state: 'request' }, // the tokenizer variant knows allow and revoke only
      { ...decision, credit_line_state: 'maybe' },
      { account_identification: main, asset_code_identification: asset.code, credit_line_state: 'allow' },
      { ...decision, asset_code_identification: 'us dollar' },
    ];
    for (const body of tokenizerBodies) {
      const response = await actors.tokenizer.client.call('tokenizer.changeCreditLine', {
        path: { tokenizer_identification: actors.tokenizer.identification },
        body,
      });
      expectInvalidInputRefused(response);
    }
    const request = {
      account_identification: main,
      asset_code_identification: asset.code,
      credit_line_state: 'request',
      member_identification: asset.issuer,
      maximum_credit_limit: 10,
    };
    const memberBodies: object[] = [
      { ...request, maximum_credit_limit: undefined }, // required for a request
      { ...request, maximum_credit_limit: 'ten' },
      { ...request, credit_line_state: 'maybe' },
      { ...request, account_identification: undefined },
    ];
    // The member endpoint lists only 401 and 404: 404 (credit line could not be changed) is the listed status.
    for (const body of memberBodies) {
      expectInvalidInputRefused(await actors.mmA.client.call('member.changeCreditLine', { body }), { listed: 404 });
    }
  },
);

test(
  ...check(
    'ledger.credit-line-ceiling',
    'never lets a holding go above its ceiling: by instruction, by a late send, or by consolidation',
    {
      verifies: checkRequirements('CL-CEILING', 'CL-TOKENIZER-NO-LIMIT', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.createFundingInstruction',
    },
  ),
  async ({ actors, target }) => {
    // The tokenizer allows the lines below without maximum_credit_limit ("not filled by the tokenizer"):
    // the ceilings that hold are the ones the holder requested (CL-TOKENIZER-NO-LIMIT).
    const holder = actors.mmA;
    const [main, second] = twoAccounts(holder);
    await openDsaLine(actors, holder, second, units('1'));
    await fund(actors, holder, second, units('1'));
    const secondBalance = await balanceOf(holder, second, tokenizerDsa(actors));
    const line = await openDsaLine(actors, holder, main, units('5'));
    const room = wholeUnits(line.ceiling) - line.balance;
    const full = wholeUnits(line.ceiling);
    const instruct = (amount: bigint) =>
      newFundingInfo(actors.tokenizer.identification, line.asset, holder.identification, main, amount);
    // One unit of the last digit the target keeps (0.0000001 at the reference's 7).
    const unit = lastDigit(target.readings.amount_scale);

    // Line 419 lists 400 and 404 (instruction not created) for an instruction the service cannot carry out.
    expectRefusal(await instructFunding(actors.tokenizer, instruct(room + unit)), {
      status: [400, 404],
      requirement: 'CL-CEILING',
      level: 'SHOULD',
    });
    await expectBalance(
      holder,
      main,
      line.asset,
      line.balance,
      'CL-CEILING',
      'after an instruction one unit above its room was refused',
    );

    // Two instructions made while each fitted: the first fills the line, the second must not settle.
    const [first, late] = [instruct(room), instruct(room)];
    const [firstSignatures, lateSignatures] = [
      await instructAndSign(actors.tokenizer, first),
      await instructAndSign(actors.tokenizer, late),
    ];
    expectStatus(await sendFunding(actors.tokenizer, first, firstSignatures), 200, 'CL-CEILING');
    await expectBalance(
      holder,
      main,
      line.asset,
      full,
      'CL-CEILING',
      `after a funding of exactly its room (ceiling ${line.ceiling})`,
    );
    expectRefusal(await sendFunding(actors.tokenizer, late, lateSignatures), {
      status: 400,
      requirement: 'CL-CEILING',
      level: 'SHOULD',
    });
    await expectBalance(
      holder,
      main,
      line.asset,
      full,
      'CL-CEILING',
      'after a second funding that no longer fitted was sent',
    );

    const over = await consolidate(holder, main, [{ asset: line.asset, amount: unit, source: second }]);
    expectRefusal(over, { status: 400, requirement: 'CL-CEILING' });
    await expectBalance(
      holder,
      main,
      line.asset,
      full,
      'CL-CEILING',
      'after a consolidation above its ceiling was refused',
    );
    await expectBalance(
      holder,
      second,
      line.asset,
      secondBalance,
      'CL-CEILING',
      'after its consolidation above the target’s ceiling was refused',
    );
  },
);

test(
  ...check('ledger.credit-line-revoke-blocks', 'lets a revoked credit line receive nothing, and keeps its balance', {
    verifies: checkRequirements('CL-REVOKED-BLOCKS', 'CL-REVOKED-KEEPS-BALANCE', 'INS-LIST', ...REFUSAL_REQUIREMENTS),
    uses: SETUP_REQUIREMENTS,
    endpoint: 'tokenizer.changeCreditLine',
  }),
  async ({ actors }) => {
    const holder = actors.mmA;
    const [main, second] = twoAccounts(holder);
    const asset = tokenizerDsa(actors);
    await openDsaLine(actors, holder, second, units('1'));
    await fund(actors, holder, second, units('1'));
    const line = await openDsaLine(actors, holder, main, units('10'));
    await fund(actors, holder, main, units('1'));
    const [mainBalance, secondBalance] = [await balanceOf(holder, main, asset), await balanceOf(holder, second, asset)];
    // Instructed and signed while the line was allowed, sent after the revocation.
    const pending = newFundingInfo(actors.tokenizer.identification, asset, holder.identification, main, units('1'));
    const pendingSignatures = await instructAndSign(actors.tokenizer, pending);

    expectStatus(await decideAsTokenizer(actors.tokenizer, line, 'revoke'), 200, 'CL-REVOKED-BLOCKS');
    try {
      await expectAuthorized(holder, main, asset, false, 'CL-REVOKED-BLOCKS', 'after the tokenizer revoked the line');
      const fresh = newFundingInfo(actors.tokenizer.identification, asset, holder.identification, main, units('1'));
      expectRefusal(await instructFunding(actors.tokenizer, fresh), {
        status: [400, 404],
        requirement: 'CL-REVOKED-BLOCKS',
        level: 'SHOULD',
      });
      expectRefusal(await sendFunding(actors.tokenizer, pending, pendingSignatures), {
        status: 400,
        requirement: 'CL-REVOKED-BLOCKS',
        level: 'SHOULD',
      });
      expectRefusal(await consolidate(holder, main, [{ asset, amount: units('0.5'), source: second }]), {
        status: 400,
        requirement: 'CL-REVOKED-BLOCKS',
      });
      const kept = await balanceOf(holder, main, asset);
      warnShould(
        kept !== undefined,
        `the balance of the revoked line on ${holder.identification}/${main} answers 404 instead of the balance it keeps`,
        'CL-REVOKED-KEEPS-BALANCE',
      );
      if (kept !== undefined)
        await expectBalance(holder, main, asset, mainBalance, 'CL-REVOKED-BLOCKS', 'while its line is revoked');
      await expectBalance(
        holder,
        second,
        asset,
        secondBalance,
        'CL-REVOKED-BLOCKS',
        'after its consolidation into a revoked line was refused',
      );
    } finally {
      // Other checks of this worker use the line: allow it again whatever happened (what that allow does is
      // not judged here: spec line 378 shows no transitions; it is CL-REVOKED-REALLOW's, ledger.credit-line-reallow).
      await decideAsTokenizer(actors.tokenizer, line, 'allow');
    }
  },
);

test(
  ...check('ledger.credit-line-reallow', 'makes a revoked credit line usable again when its issuer allows it', {
    verifies: checkRequirements('CL-REVOKED-REALLOW'),
    uses: SETUP_REQUIREMENTS,
    endpoint: 'tokenizer.changeCreditLine',
  }),
  async ({ actors }) => {
    const holder = actors.mmA;
    const asset = tokenizerDsa(actors);
    const account = holder.accounts[0] ?? 'main';
    const line = await openDsaLine(actors, holder, account, units('1'));
    const balance = (await balanceOf(holder, account, asset)) ?? 0n;
    expectStatus(await decideAsTokenizer(actors.tokenizer, line, 'revoke'), 200, 'CL-REVOKED-REALLOW');
    expectStatus(await decideAsTokenizer(actors.tokenizer, line, 'allow'), 200, 'CL-REVOKED-REALLOW');
    await expectAuthorized(
      holder,
      account,
      asset,
      true,
      'CL-REVOKED-REALLOW',
      'after the tokenizer allowed the revoked line again',
    );
    await fund(actors, holder, account, units('0.5'));
    await expectBalance(
      holder,
      account,
      asset,
      balance + units('0.5'),
      'CL-REVOKED-REALLOW',
      'after a funding once the line was allowed again',
    );
  },
);

async function allowlistHas(client: DssClient, member: string): Promise<boolean> {
  const response = await client.call('member.getAllowlist');
  expectStatus(response, 200, 'CL-DSO-ALLOWLIST');
  return Array.isArray(response.body) && response.body.includes(member);
}

/** The room a DSO line check asks above what the holder holds: far above anything a check moves. */
const DSO_LINE_ROOM = units('1000000');

async function setAllowlist(owner: Actors['mmA'], member: string, present: boolean): Promise<void> {
  expectStatus(
    await owner.client.call(present ? 'member.addToAllowlist' : 'member.removeFromAllowlist', { body: member }),
    200,
    'CL-DSO-ALLOWLIST',
  );
}

test(
  ...check('ledger.credit-line-dso-allowlist', 'requires the allowlist in the acting direction for a DSO credit line', {
    verifies: checkRequirements(
      'CL-DSO-ALLOWLIST',
      'CL-REQUEST',
      'INS-DSO-ISSUE',
      'INS-LIST',
      'BAL-READ',
      'RES-LEDGER-SCHEMAS',
      ...REFUSAL_REQUIREMENTS,
    ),
    endpoint: 'member.changeCreditLine',
  }),
  async ({ actors, target }) => {
    const { mmA: issuer, mmB: holder } = actors;
    const asset = await issueDso(issuer, LEDGER_DSO_CODE);
    const line: CreditLineRef = {
      holder: holder.identification,
      account: dsoHoldingAccount(target.readings, holder.accounts),
      asset,
    };
    const before = {
      holder: await allowlistHas(holder.client, issuer.identification),
      issuer: await allowlistHas(issuer.client, holder.identification),
    };
    // Far above what the holder holds (earlier runs and other parties may have put much there), so that only
    // the allowlist can refuse the request.
    const { ceiling } = await ceilingWithRoom(holder, line.account, asset, DSO_LINE_ROOM);
    try {
      await setAllowlist(holder, issuer.identification, false);
      await setAllowlist(issuer, holder.identification, false);
      const wasAuthorized = lists(await authorizedAssets(holder, line.account), asset);
      expectRefusal(await requestCreditLine(holder, line.account, asset, ceiling), {
        status: 404,
        requirement: 'CL-DSO-ALLOWLIST',
        level: 'SHOULD',
      });

      await setAllowlist(holder, issuer.identification, true);
      expectStatus(await requestCreditLine(holder, line.account, asset, ceiling), 200, 'CL-DSO-ALLOWLIST');
      expectRefusal(await decideAsMember(issuer, line, 'allow'), {
        status: 404,
        requirement: 'CL-DSO-ALLOWLIST',
        level: 'SHOULD',
      });
      if (!wasAuthorized)
        await expectAuthorized(
          holder,
          line.account,
          asset,
          false,
          'CL-DSO-ALLOWLIST',
          'after an allow by an issuer that has not allowlisted it',
        );

      await setAllowlist(issuer, holder.identification, true);
      expectStatus(await decideAsMember(issuer, line, 'allow'), 200, 'CL-DSO-ALLOWLIST');
      await expectAuthorized(
        holder,
        line.account,
        asset,
        true,
        'CL-DSO-ALLOWLIST',
        'once both allowlist entries are there and the issuer allowed the line',
      );
    } finally {
      // Other checks of this worker expect the allowlists as they were.
      await holder.client.call(before.holder ? 'member.addToAllowlist' : 'member.removeFromAllowlist', {
        body: issuer.identification,
      });
      await issuer.client.call(before.issuer ? 'member.addToAllowlist' : 'member.removeFromAllowlist', {
        body: holder.identification,
      });
    }
  },
);

test(
  ...check(
    'ledger.credit-line-dso-emission',
    'sets a holder’s credit line for another member’s DSO on the holder’s emission account',
    {
      verifies: checkRequirements(
        'CL-DSO-LINE-EMISSION',
        'INS-DSO-ISSUE',
        'INS-LIST',
        'BAL-READ',
        'RES-LEDGER-SCHEMAS',
      ),
      endpoint: 'member.changeCreditLine',
    },
  ),
  async ({ actors }) => {
    // The reference's reading of spec line 105 ("emission for DSO"), whatever the profile declares: a target
    // setting DSO lines on operating accounts (readings.dso_line_account: operating) fails here only.
    const { mmA: issuer, mmB: holder } = actors;
    const asset = await issueDso(issuer, LEDGER_DSO_CODE);
    const line: CreditLineRef = { holder: holder.identification, account: 'emission', asset };
    await ensureListed(holder, issuer.identification, 'CL-DSO-LINE-EMISSION');
    await ensureListed(issuer, holder.identification, 'CL-DSO-LINE-EMISSION');
    const { ceiling } = await ceilingWithRoom(holder, line.account, asset, DSO_LINE_ROOM);
    expectStatus(await requestCreditLine(holder, line.account, asset, ceiling), 200, 'CL-DSO-LINE-EMISSION');
    expectStatus(await decideAsMember(issuer, line, 'allow'), 200, 'CL-DSO-LINE-EMISSION');
    await expectAuthorized(
      holder,
      line.account,
      asset,
      true,
      'CL-DSO-LINE-EMISSION',
      'once the issuer allowed its line there',
    );
  },
);
