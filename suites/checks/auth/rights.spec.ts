import { randomBytes } from 'node:crypto';
import { endpointById, endpoints, fullPath, type EndpointId } from '../../../schemas/endpoints.ts';
import type { Family } from '../../../schemas/catalogue-types.ts';
import { test } from '../../runtime/fixtures.ts';
import { optionalMember } from '../../flows/party.ts';
import { check, expectStatus } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import { credential, skipFor, type Credential } from '../../runtime/credentials.ts';
import type { Actors } from '../../runtime/fixtures.ts';
import type { DssResponse } from '../../runtime/client.ts';
import type { Profile } from '../../runtime/profile.ts';
import { randomBic } from '../../runtime/sim-members.ts';
import { callEndpoints, subjectsOf } from './endpoint-calls.ts';
import { expectEveryRefused } from './every-refusal.ts';
import { harnessAddress } from './harness-address.ts';
import type { Transport } from '../../runtime/transport.ts';

/**
 * What a token grants (spec, Authentication 2-3: access right, digital accounts, allowed IP addresses,
 * permitted endpoints; semantics §13): a call outside the grant is refused with 401, one inside it is
 * served. Tokens with chosen rights come from the client portal: the simulator's control plane mints
 * them, any other target gives them in the profile with the rights they were issued with
 * (credentials.ts); the checks verify only what the declared rights let them.
 */

/** A member identification nobody else uses, for members made by one check. */
function freshIdentification(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** The check needs a credential declared so; a profile that declares other rights cannot serve it. */
function requireRights(given: Credential, fits: boolean, needed: string): void {
  if (!fits) skipFor(`needs profile credential ${given.source} ${needed}`);
}

/**
 * A member not on mmA's allowlist: one made for the check on a simulator; elsewhere one the directory
 * lists, so that finding it on the allowlist afterwards can only mean a refused write got through.
 */
async function bystander(actors: Actors): Promise<string> {
  if (actors.control)
    return (
      await actors.control.createMember({
        identification: freshIdentification('bystander'),
        bicfi: randomBic('DE'),
        business_role: 'MMM',
        country_code: 'DE',
      })
    ).identification;
  const { mmA } = actors;
  const [members, allowlist] = await Promise.all([
    mmA.client.call('member.listMembers'),
    mmA.client.call('member.getAllowlist'),
  ]);
  expectStatus(members, 200, 'AUTH-VIEWER-READ-ONLY');
  expectStatus(allowlist, 200, 'AUTH-VIEWER-READ-ONLY');
  const listed = Array.isArray(allowlist.body) ? allowlist.body : [];
  const candidates = (Array.isArray(members.body) ? members.body : []).map(
    (member: { identification?: unknown }) => member.identification,
  );
  const found = candidates.find(
    (id): id is string => typeof id === 'string' && id !== mmA.identification && !listed.includes(id),
  );
  if (!found) skipFor(`needs a member that is not on ${mmA.identification}’s allowlist`);
  return found;
}

test(
  ...check(
    'auth.viewer-read-only',
    'refuses a viewer token with 401 on every endpoint that changes state, and serves its reads',
    { verifies: ['AUTH-VIEWER-READ-ONLY'] },
  ),
  async ({ actors }) => {
    const { tokenizer, mmA, mmB } = actors;
    const [tokenizerViewer, memberViewer] = [
      await credential(actors, tokenizer, 'viewer', { role: 'viewer' }),
      await credential(actors, mmA, 'viewer', { role: 'viewer' }),
    ];
    for (const viewer of [tokenizerViewer, memberViewer])
      requireRights(
        viewer,
        viewer.rights.role === 'viewer' && !viewer.rights.endpoints && !viewer.rights.allowed_ips,
        'declared role: viewer, with no endpoint or IP limits',
      );
    // It can be on mmA's allowlist afterwards only if this check's write got through.
    const outsider = await bystander(actors);
    const writes = (family: Family) =>
      endpoints.filter((endpoint) => endpoint.family === family && endpoint.access === 'write');

    const refused = [
      ...(await callEndpoints(
        tokenizer.client,
        subjectsOf(actors, tokenizer),
        { token: tokenizerViewer.token },
        writes('tokenizer'),
      )),
      ...(await callEndpoints(mmA.client, subjectsOf(actors, mmA), { token: memberViewer.token }, writes('member'))),
      // The empty requests above could be refused for their input; this one is valid in every other way.
      await mmA.client.call('member.addToAllowlist', { token: memberViewer.token, body: outsider }),
    ];
    expectEveryRefused(refused, { status: 401, requirement: 'AUTH-VIEWER-READ-ONLY' });
    const allowlist = await mmA.client.call('member.getAllowlist');
    expectStatus(allowlist, 200, 'AUTH-VIEWER-READ-ONLY');
    if (Array.isArray(allowlist.body) && allowlist.body.includes(outsider)) {
      throw new CheckFailure(
        'AUTH-VIEWER-READ-ONLY',
        `the viewer’s refused POST /members/allowlist still added ${outsider} to the allowlist`,
      );
    }

    const reads = await Promise.all([
      mmA.client.call('member.listDigitalAccounts', { token: memberViewer.token }),
      mmA.client.call('member.getAllowlist', { token: memberViewer.token }),
      mmA.client.call('member.getMember', {
        token: memberViewer.token,
        path: { member_identification: mmB.identification },
      }),
      tokenizer.client.call('tokenizer.getMember', {
        token: tokenizerViewer.token,
        path: { member_identification: mmA.identification },
      }),
    ]);
    for (const response of reads) expectStatus(response, 200, 'AUTH-VIEWER-READ-ONLY');
    // The quotation filter is a POST that only reads: whatever it finds, the viewer is let in.
    const filter = await mmA.client.call('member.searchQuotations', { token: memberViewer.token, body: {} });
    if (filter.status === 401 || filter.status === 403) {
      throw new CheckFailure(
        'AUTH-VIEWER-READ-ONLY',
        `POST /exchange/quotations (a read) refused the viewer with ${filter.status}`,
      );
    }
  },
);

/**
 * How a check of a token's rights judges what it sent: as the specification (AUTH-TOKEN-RIGHTS: 401 where the
 * endpoint lists it, a refusal everywhere, the calls within the rights served) or as the reference profile
 * (its requirement: 401 on every endpoint). One check each, so that a target breaking only the profile's
 * status leaves the specification's rule decided.
 */
interface RightsJudge {
  refused(responses: readonly DssResponse[]): void;
  served(response: DssResponse): void;
  /**
   * What only the reference profile refuses: the specification leaves it open, so its check judges
   * nothing of these (the token renewal of a token not given it: line 508 against line 511).
   */
  refusedByReference(responses: readonly DssResponse[]): void;
}

function rightsChecks(
  id: string,
  right: string,
  profileRequirement: string,
  body: (actors: Actors, judge: RightsJudge, target: Profile, transport: Transport) => Promise<void>,
  endpoint?: EndpointId,
): void {
  const about = endpoint === undefined ? {} : { endpoint };
  test(
    ...check(
      id,
      `refuses a call ${right}: 401 where the endpoint lists it, never served; serves the calls within the token’s rights`,
      { verifies: ['AUTH-TOKEN-RIGHTS', 'ERR-BODY-SHAPE'], ...about },
    ),
    async ({ actors, target, transport }) => {
      await body(
        actors,
        {
          refused: (responses) => expectEveryRefused(responses, { status: 401, listedUnder: 'AUTH-TOKEN-RIGHTS' }),
          served: (response) => expectStatus(response, 200, 'AUTH-TOKEN-RIGHTS'),
          refusedByReference: () => {},
        },
        target,
        transport,
      );
    },
  );
  test(
    ...check(
      `${id}-401-everywhere`,
      `refuses a call ${right} with 401 on every endpoint, and serves the calls within the token’s rights`,
      { verifies: [profileRequirement], ...about },
    ),
    async ({ actors, target, transport }) => {
      const refused = (responses: readonly DssResponse[]) =>
        expectEveryRefused(responses, { status: 401, requirement: profileRequirement });
      await body(
        actors,
        { refused, served: (response) => expectStatus(response, 200, profileRequirement), refusedByReference: refused },
        target,
        transport,
      );
    },
  );
}

rightsChecks(
  'auth.endpoint-permission',
  'to an endpoint the token does not permit',
  'AUTH-ENDPOINT-PERMISSION',
  async (actors, judge) => {
    const { tokenizer, mmA } = actors;
    const permitted = endpointById('member.getMember');
    const only = `${permitted.method} ${fullPath(permitted)}`;
    const given = await credential(actors, tokenizer, 'endpoints', { role: 'manager', endpoints: [only] });
    requireRights(
      given,
      given.rights.endpoints?.length === 1 && given.rights.endpoints[0] === only,
      `declared endpoints: ["${only}"]`,
    );
    const { token } = given;
    const path = { member_identification: mmA.identification };

    judge.served(await tokenizer.client.call('member.getMember', { token, path }));
    const refused = await Promise.all([
      // The same relative path in the other family, and the collection the permitted path lies under.
      tokenizer.client.call('tokenizer.getMember', { token, path }),
      tokenizer.client.call('member.listMembers', { token }),
      tokenizer.client.call('member.getAllowlist', { token }),
      tokenizer.client.call('member.listDigitalAccounts', { token }),
    ]);
    judge.refused(refused);
    // The renewal is an endpoint (line 508), but every Viewer or Manager must renew through it (line 511): whether a
    // token not given it may renew itself is open, and only the reference refuses it. Last, as a renewal let
    // through replaces the token the calls above use.
    judge.refusedByReference([await tokenizer.client.call('member.refreshToken', { token, body: token })]);
  },
);

rightsChecks(
  'auth.account-permission',
  'naming an account the token does not grant',
  'AUTH-ACCOUNT-PERMISSION',
  async (actors, judge) => {
    const { client, identification, accounts } = actors.mmA;
    if (accounts.length < 2) throw new HarnessFault(`member ${identification} needs two operating accounts`);
    const given = await credential(actors, actors.mmA, 'accounts', { role: 'manager', accounts: [accounts[0]!] });
    const granted = given.rights.accounts ?? [];
    // One account the token grants, and one of the member's it does not.
    const main = granted.find((account) => accounts.includes(account));
    const second = accounts.find((account) => !granted.includes(account));
    requireRights(
      given,
      main !== undefined && second !== undefined,
      `declared accounts: some but not all of ${accounts.join(', ')}`,
    );
    const { token } = given;
    const sign = (account: string) =>
      client.call('member.signPayload', {
        token,
        body: {
          account_identification: account,
          unsigned_payload: Buffer.from('account permission').toString('base64'),
        },
      });
    const read = (account: string) =>
      client.call('member.getDigitalAccount', { token, path: { account_identification: account } });

    judge.refused([await sign(second!), await read(second!)]);
    for (const response of [await sign(main!), await read(main!)]) judge.served(response);
  },
  'member.signPayload',
);

rightsChecks(
  'auth.ip-allowed',
  'from an address the token does not allow',
  'AUTH-IP-ALLOWED',
  async (actors, judge, target, transport) => {
    const { client } = actors.mmA;
    // TEST-NET-3 (RFC 5737): documentation only, so never the harness's address.
    const elsewhere = '203.0.113.7';
    const here = await harnessAddress(target, transport);
    const outsider = await credential(actors, actors.mmA, 'ip_elsewhere', {
      role: 'manager',
      allowed_ips: [elsewhere],
    });
    const insider = await credential(actors, actors.mmA, 'ip_here', {
      role: 'manager',
      allowed_ips: [elsewhere, here],
    });
    requireRights(
      outsider,
      outsider.rights.allowed_ips !== undefined && !outsider.rights.allowed_ips.includes(here),
      `declared allowed_ips without the harness’s address ${here}`,
    );
    requireRights(
      insider,
      insider.rights.allowed_ips?.includes(here) === true,
      `declared allowed_ips with the harness’s address ${here}`,
    );
    const calls = (token: string) =>
      Promise.all([
        client.call('member.listDigitalAccounts', { token }),
        client.call('member.getAllowlist', { token }),
      ]);

    judge.refused(await calls(outsider.token));
    for (const response of await calls(insider.token)) judge.served(response);
  },
);

test(
  ...check('auth.blocked-member', 'refuses the token of a blocked member with 401 on every endpoint', {
    verifies: ['AUTH-BLOCKED-MEMBER', 'ERR-NO-5XX', 'ERR-BODY-SHAPE'],
  }),
  async ({ actors }) => {
    // A blocked tokenizer: both families would be open to it if it were active.
    const blocked = await optionalMember(actors, 'blocked', {
      business_role: 'MIS',
      country_code: 'US',
      operating_accounts: ['main'],
      member_state: 'blocked',
    });
    const subjects = {
      account: blocked.accounts[0] ?? 'main',
      member: actors.mmA.identification,
      tokenizer: blocked.identification,
    };
    expectEveryRefused(await callEndpoints(actors.tokenizer.client, subjects, { token: await blocked.token() }), {
      status: 401,
      requirement: 'AUTH-BLOCKED-MEMBER',
      level: 'SHOULD',
    });
  },
);
