import { randomBytes } from 'node:crypto';
import type { EndpointId } from '../../../schemas/endpoints.ts';
import { schemaRef } from '../../../schemas/resources.ts';
import { listOrNone, okBody } from '../../flows/answers.ts';
import {
  authorizedAssets,
  instrumentList,
  issueDso,
  issueDsoRequest,
  lists,
  tokenizerDsa,
  type AssetId,
  type Instrument,
} from '../../flows/assets.ts';
import { units } from '../../flows/balances.ts';
import { openDsaLine } from '../../flows/credit-lines.ts';
import { newMember, optionalMember, type Party } from '../../flows/party.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { credential, skipFor } from '../../runtime/credentials.ts';
import type { CallOptions, DssResponse } from '../../runtime/client.ts';
import { test, type Actors } from '../../runtime/fixtures.ts';
import { expectRefusal, expectRefusalOf } from '../../runtime/refusal.ts';
import {
  LEDGER_DSO_CODE,
  REFUSAL_REQUIREMENTS,
  checkRequirements,
  SETUP_REQUIREMENTS,
  twoAccounts,
} from './prerequisites.ts';

/**
 * Settlement instruments (spec: the settlement-instrument endpoints of both families; semantics §2):
 * what each listing shows and the 404 when it has nothing, DSO issuance (valid codes, idempotence, the
 * token's access to the issuance account). Expected assets come from what the checks themselves set
 * up (the tokenizer's DSA, a line, a DSO issued), never from the simulator's demo data.
 */

async function listing(caller: Party, endpoint: EndpointId, options: CallOptions, what: string): Promise<Instrument[]> {
  const found = okBody<Instrument[]>(await caller.client.call(endpoint, options), instrumentList, 'INS-LIST');
  expectFor('INS-LIST', found.length, `${what} lists something`).toBeGreaterThan(0);
  return found;
}

function expectListed(found: readonly Instrument[], asset: AssetId, group: 'DSA' | 'DSO', what: string): void {
  const entry = found.find(
    (item) => item.asset_code_identification === asset.code && item.asset_issuer_identification === asset.issuer,
  );
  expectFor('INS-LIST', entry !== undefined, `${what} lists ${asset.code} of ${asset.issuer}`).toBe(true);
  if (entry)
    expectFor('INS-LIST', entry.asset_group_identification, `the group of ${asset.code} in ${what}`).toBe(group);
}

function expectIssuedBy(found: readonly Instrument[], issuer: string, what: string): void {
  const others = found.filter(
    (item) => item.asset_issuer_identification !== undefined && item.asset_issuer_identification !== issuer,
  );
  expectFor('INS-LIST', others, `${what} lists assets issued by others than ${issuer}`).toEqual([]);
}

test(
  ...check(
    'ledger.instruments-listings',
    'lists the tokenizer’s DSA, an issued DSO and an allowed line’s asset in every listing that must show them',
    {
      verifies: checkRequirements('INS-LIST', 'INS-DSO-ISSUE'),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.listSettlementInstruments',
    },
  ),
  async ({ actors }) => {
    const { tokenizer, mmA, mmB } = actors;
    const dsa = tokenizerDsa(actors);
    const [main] = twoAccounts(mmA);
    await openDsaLine(actors, mmA, main, units('1'));
    const dso = await issueDso(mmA, LEDGER_DSO_CODE);

    const all = await listing(mmB, 'member.listSettlementInstruments', {}, 'GET /settlement-instruments');
    expectListed(all, dsa, 'DSA', 'GET /settlement-instruments');
    expectListed(all, dso, 'DSO', 'GET /settlement-instruments');

    const available = await listing(
      tokenizer,
      'tokenizer.listAvailableInstruments',
      { path: { tokenizer_identification: tokenizer.identification } },
      'the tokenizer’s available listing',
    );
    expectListed(available, dsa, 'DSA', 'the tokenizer’s available listing');
    expectIssuedBy(available, tokenizer.identification, 'the tokenizer’s available listing');

    const emission = await listing(
      mmA,
      'member.listEmittedInstruments',
      {},
      `GET /settlement-instruments/emission as ${mmA.identification}`,
    );
    expectListed(emission, dso, 'DSO', 'GET /settlement-instruments/emission');
    expectIssuedBy(emission, mmA.identification, 'GET /settlement-instruments/emission');

    const ofMember = (member: string, type: string) =>
      listing(
        mmB,
        'member.listMemberInstruments',
        { path: { member_identification: member }, query: { type } },
        `GET /settlement-instruments/members/${member}?type=${type}`,
      );
    const issued = await ofMember(mmA.identification, 'emission');
    expectListed(issued, dso, 'DSO', 'type=emission');
    expectIssuedBy(issued, mmA.identification, 'type=emission');
    const authorized = await ofMember(mmA.identification, 'authorized');
    expectListed(authorized, dsa, 'DSA', 'type=authorized');
    const both = await ofMember(mmA.identification, 'both');
    expectListed(both, dsa, 'DSA', 'type=both');
    expectListed(both, dso, 'DSO', 'type=both');
    expectListed(
      await ofMember(tokenizer.identification, 'emission'),
      dsa,
      'DSA',
      `type=emission of the tokenizer ${tokenizer.identification}`,
    );

    const onAccount = await listing(
      mmA,
      'member.listAccountInstruments',
      { path: { account_identification: main } },
      `GET /settlement-instruments/digital-accounts/${main}`,
    );
    expectListed(onAccount, dsa, 'DSA', `GET /settlement-instruments/digital-accounts/${main}`);
  },
);

test(
  ...check(
    'ledger.instruments-code-length',
    'lists every DSA with a three-letter code and every DSO with an ISO 4217 code followed by DSO',
    {
      verifies: checkRequirements('INS-CODE-LENGTH', 'INS-LIST', 'RES-LEDGER-SCHEMAS'),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.listSettlementInstruments',
    },
  ),
  async ({ actors }) => {
    // One of each group at least, so that both rules meet an instrument.
    await issueDso(actors.mmA, LEDGER_DSO_CODE);
    const listed = okBody<Instrument[]>(
      await actors.mmB.client.call('member.listSettlementInstruments'),
      instrumentList,
      'INS-LIST',
    );
    const shape = { DSA: /^[A-Z]{3}$/, DSO: /^[A-Z]{3}DSO$/ } as const;
    const wrong = listed.filter((item) => {
      const group = item.asset_group_identification as keyof typeof shape;
      return !(group in shape) || !shape[group].test(item.asset_code_identification);
    });
    expectFor(
      'INS-CODE-LENGTH',
      wrong,
      'instruments whose code is not 3 letters (DSA) or 3 letters and DSO (DSO)',
    ).toEqual([]);
    for (const group of ['DSA', 'DSO']) {
      if (!listed.some((item) => item.asset_group_identification === group))
        throw new CheckFailure(
          'INS-LIST',
          `GET /settlement-instruments lists no ${group}, though one is registered and one issued`,
        );
    }
  },
);

/** An entry for the asset's code: its issuer, or none given (asset_issuer_identification is optional, spec line 68). */
function listsCode(found: readonly Instrument[], asset: AssetId, anyIssuer = false): boolean {
  return found.some(
    (item) =>
      item.asset_code_identification === asset.code &&
      (anyIssuer ||
        item.asset_issuer_identification === undefined ||
        item.asset_issuer_identification === asset.issuer),
  );
}

/**
 * A member's operating account that lists none of a DSA of the tokenizer (so holds no allowed line of it),
 * beside another operating account of the same member, for line 482's "each operating account needs its
 * own credit line": a member made for the check on a simulator; elsewhere the first such account of mmA's
 * or mmB's (the run's own members: an account that lists the asset already cannot serve).
 */
async function accountWithoutOwnLine(
  actors: Actors,
): Promise<{ holder: Party; lined: string; unlined: string; asset: AssetId } | undefined> {
  const holders: Party[] = actors.control
    ? [
        await newMember(actors.control, actors.mmA.client, {
          business_role: 'MMM',
          operating_accounts: ['main', 'second'],
        }),
      ]
    : [actors.mmA, actors.mmB];
  const assets = actors.tokenizer.assets.map((asset) => ({
    code: asset.asset_code_identification,
    issuer: asset.asset_issuer_identification,
  }));
  for (const holder of holders) {
    if (holder.accounts.length < 2) continue;
    for (const unlined of holder.accounts) {
      const listed = await authorizedAssets(holder, unlined);
      const asset = assets.find((candidate) => !listsCode(listed, candidate, true));
      const lined = holder.accounts.find((account) => account !== unlined);
      if (asset && lined) return { holder, lined, unlined, asset };
    }
  }
  return undefined;
}

test(
  ...check(
    'ledger.instruments-own-line',
    'lists a DSA on the operating account its line is set on, not on another operating account of the same member without a line of its own',
    {
      verifies: checkRequirements('INS-LIST', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'member.listAccountInstruments',
    },
  ),
  async ({ actors }) => {
    const found = await accountWithoutOwnLine(actors);
    if (!found)
      skipFor(
        `needs an operating account of ${actors.mmA.identification} or ${actors.mmB.identification}, beside another of the same member, that does not list one of the tokenizer’s DSAs: every one lists each already`,
      );
    const { holder, lined, unlined, asset } = found;
    await openDsaLine(actors, holder, lined, units('1'), asset);
    const where = (account: string) =>
      `GET /settlement-instruments/digital-accounts/${account} of ${holder.identification}`;
    expectFor(
      'INS-LIST',
      listsCode(await authorizedAssets(holder, lined), asset),
      `${where(lined)} lists ${asset.code} of ${asset.issuer} once its line there is allowed`,
    ).toBe(true);
    // Line 482: a line authorises the account it is set on, and no other account of its holder.
    expectFor(
      'INS-LIST',
      listsCode(await authorizedAssets(holder, unlined), asset, true),
      `${where(unlined)} lists ${asset.code}, though only ${lined} of the same member holds a credit line of it: each operating account needs its own`,
    ).toBe(false);
  },
);

/**
 * The listings of a blank member (and of no member) that have nothing to list, as [label, call]: those
 * whose 404 the spec gives no condition ("404 (error)", lines 482, 484).
 */
async function unconditionedEmptyListings(actors: Actors, maker: Party): Promise<Array<[string, DssResponse]>> {
  const nobody = `nobody-${randomBytes(6).toString('hex')}`;
  const account = maker.accounts[0] ?? 'main';
  const listings: Array<[string, DssResponse]> = [
    [
      `digital-accounts/${account} of ${maker.identification}`,
      await maker.client.call('member.listAccountInstruments', { path: { account_identification: account } }),
    ],
  ];
  for (const type of ['both', 'emission', 'authorized']) {
    listings.push([
      `members/${maker.identification}?type=${type}`,
      await actors.mmB.client.call('member.listMemberInstruments', {
        path: { member_identification: maker.identification },
        query: { type },
      }),
    ]);
  }
  listings.push([
    `members/${nobody}?type=both`,
    await actors.mmB.client.call('member.listMemberInstruments', {
      path: { member_identification: nobody },
      query: { type: 'both' },
    }),
  ]);
  return listings;
}

test(
  ...check(
    'ledger.instruments-empty',
    'answers 404 from the listings whose 404 has a condition when it holds, and 404 or an empty list from the others with nothing to list',
    {
      verifies: checkRequirements('INS-LIST-EMPTY', ...REFUSAL_REQUIREMENTS),
      endpoint: 'member.listEmittedInstruments',
    },
  ),
  async ({ actors }) => {
    const maker = await optionalMember(actors, 'blank_maker', { business_role: 'MMM' });
    const tokenizer = await optionalMember(actors, 'blank_tokenizer', { business_role: 'MIS' });
    const refused = { status: 404, requirement: 'INS-LIST-EMPTY' };
    // "404 none" (line 483) and "404 no issued assets" (line 417): the row says when.
    expectRefusal(await maker.client.call('member.listEmittedInstruments'), refused);
    expectRefusal(
      await tokenizer.client.call('tokenizer.listAvailableInstruments', {
        path: { tokenizer_identification: tokenizer.identification },
      }),
      refused,
    );
    // "404 (error)" with no condition (lines 482, 484): that 404, or 200 with nothing in it.
    for (const [what, response] of await unconditionedEmptyListings(actors, maker)) {
      expectFor(
        'INS-LIST-EMPTY',
        listOrNone<Instrument>(response, instrumentList, 'INS-LIST-EMPTY'),
        `GET /settlement-instruments/${what}, which has nothing to list`,
      ).toEqual([]);
    }
  },
);

// The reference profile: the 404 of those rows is for nothing to list.
test(
  ...check(
    'ledger.instruments-empty-404',
    'answers 404, not an empty list, from an account’s or a member’s listing with nothing to list',
    { verifies: ['INS-LIST-EMPTY-404'], endpoint: 'member.listAccountInstruments' },
  ),
  async ({ actors }) => {
    const maker = await optionalMember(actors, 'blank_maker', { business_role: 'MMM' });
    for (const [what, response] of await unconditionedEmptyListings(actors, maker)) {
      expectRefusalOf(`GET /settlement-instruments/${what}`, response, {
        status: 404,
        requirement: 'INS-LIST-EMPTY-404',
      });
    }
  },
);

test(
  ...check(
    'ledger.instruments-dso-issue',
    'issues a DSO for an ISO 4217 code followed by DSO, idempotently, and refuses any other code or group with 400',
    {
      verifies: checkRequirements(
        'INS-DSO-ISSUE',
        'INS-DSO-IDEMPOTENT',
        'INS-LIST',
        'RES-LEDGER-SCHEMAS',
        ...REFUSAL_REQUIREMENTS,
      ),
      endpoint: 'member.issueSettlementInstrument',
    },
  ),
  async ({ actors }) => {
    const issuer = actors.mmA;
    const first = await issueDso(issuer, LEDGER_DSO_CODE);
    const again = await issueDsoRequest(issuer, LEDGER_DSO_CODE);
    if (again.status >= 500)
      throw new CheckFailure('ERR-NO-5XX', `issuing ${LEDGER_DSO_CODE} again answered ${again.status}`);
    const same =
      again.status === 200 &&
      okBody<Instrument>(again, schemaRef('settlementInstrumentInfo'), 'INS-DSO-IDEMPOTENT')
        .asset_code_identification === first.code;
    warnShould(
      same,
      `issuing ${LEDGER_DSO_CODE} again answered ${again.status} ${again.text.slice(0, 200)}, not 200 with the same DSO`,
      'INS-DSO-IDEMPOTENT',
    );
    const emission = listOrNone<Instrument>(
      await issuer.client.call('member.listEmittedInstruments'),
      instrumentList,
      'INS-LIST',
    );
    const copies = emission.filter((item) => item.asset_code_identification === first.code).length;
    expectFor(
      'INS-DSO-ISSUE',
      copies,
      `GET /settlement-instruments/emission lists ${first.code} once after it was issued twice`,
    ).toBe(1);

    const invalid: Array<[string, string]> = [
      ['QQQDSO', 'DSO'], // QQQ is no ISO 4217 code
      ['USDXYZ', 'DSO'],
      ['usddso', 'DSO'],
      ['USD', 'DSO'],
      [LEDGER_DSO_CODE, 'DSA'],
    ];
    for (const [code, group] of invalid) {
      const response = await issuer.client.call('member.issueSettlementInstrument', {
        query: { asset_code_identification: code, asset_group_identification: group },
      });
      expectRefusal(response, { status: 400, requirement: 'INS-DSO-ISSUE' });
    }
    const after = listOrNone<Instrument>(
      await issuer.client.call('member.listEmittedInstruments'),
      instrumentList,
      'INS-LIST',
    );
    expectFor(
      'INS-DSO-ISSUE',
      after.filter(
        (item) => !emission.some((known) => known.asset_code_identification === item.asset_code_identification),
      ),
      'DSO issued by the refused requests',
    ).toEqual([]);
  },
);

test(
  ...check(
    'ledger.instruments-dso-account-mismatch',
    'refuses with 401 a DSO issuance whose token does not give access to the issuance account',
    {
      verifies: checkRequirements(
        'INS-DSO-ACCOUNT-MISMATCH',
        'INS-LIST',
        'RES-LEDGER-SCHEMAS',
        ...REFUSAL_REQUIREMENTS,
      ),
      endpoint: 'member.issueSettlementInstrument',
    },
  ),
  async ({ actors }) => {
    const issuer = actors.mmA;
    const code = 'SEKDSO'; // issued by no other check
    const given = await credential(actors, issuer, 'without_emission', { role: 'manager', accounts: issuer.accounts });
    if (!given.rights.accounts || given.rights.accounts.includes('emission'))
      skipFor(`needs profile credential ${given.source} declared with accounts that leave out emission`);
    const { token } = given;
    const response = await issuer.client.call('member.issueSettlementInstrument', {
      token,
      query: { asset_code_identification: code, asset_group_identification: 'DSO' },
    });
    expectRefusal(response, { status: 401, requirement: 'INS-DSO-ACCOUNT-MISMATCH' });
    const emission = listOrNone<Instrument>(
      await issuer.client.call('member.listEmittedInstruments'),
      instrumentList,
      'INS-LIST',
    );
    expectFor(
      'INS-DSO-ACCOUNT-MISMATCH',
      lists(emission, { code, issuer: issuer.identification }),
      `GET /settlement-instruments/emission lists ${code} after its issuance was refused`,
    ).toBe(false);
  },
);
