import { randomBytes } from 'node:crypto';
import { endpointById, endpoints, fullPath } from '../../../schemas/endpoints.ts';
import type { Family } from '../../../schemas/catalogue-types.ts';
import { test } from '../../runtime/fixtures.ts';
import { optionalMember } from '../../flows/party.ts';
import { check, CheckFailure, expectStatus, HarnessFault } from '../../runtime/check.ts';
import { credential, skipFor, type Credential } from '../../runtime/credentials.ts';
import type { Actors } from '../../runtime/fixtures.ts';
import { randomBic } from '../../runtime/sim-members.ts';
import { callEndpoints, subjectsOf } from './endpoint-calls.ts';
import { expectEveryRefused } from './every-refusal.ts';
import { harnessAddress } from './harness-address.ts';

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
  if (actors.control) return (await actors.control.createMember({ identification: freshIdentification('bystander'), bicfi: randomBic('DE'), business_role: 'MMM', country_code: 'DE' })).identification;
  const { mmA } = actors;
  const [members, allowlist] = await Promise.all([mmA.client.call('member.listMembers'), mmA.client.call('member.getAllowlist')]);
  expectStatus(members, 200, 'AUTH-VIEWER-READ-ONLY');
  expectStatus(allowlist, 200, 'AUTH-VIEWER-READ-ONLY');
  const listed = Array.isArray(allowlist.body) ? allowlist.body : [];
  const candidates = (Array.isArray(members.body) ? members.body : []).map((member: { identification?: unknown }) => member.identification);
  const found = candidates.find((id): id is string => typeof id === 'string' && id !== mmA.identification && !listed.includes(id));
  if (!found) skipFor(`needs a member that is not on ${mmA.identification}’s allowlist`);
  return found;
}

test(...check('auth.viewer-read-only', 'refuses a viewer token with 401 on every endpoint that changes state, and serves its reads', { requirements: ['AUTH-VIEWER-READ-ONLY', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  const { tokenizer, mmA, mmB } = actors;
  const [tokenizerViewer, memberViewer] = [await credential(actors, tokenizer, 'viewer', { role: 'viewer' }), await credential(actors, mmA, 'viewer', { role: 'viewer' })];
  for (const viewer of [tokenizerViewer, memberViewer]) requireRights(viewer, viewer.rights.role === 'viewer' && !viewer.rights.endpoints && !viewer.rights.allowed_ips, 'declared role: viewer, with no endpoint or IP limits');
  // It can be on mmA's allowlist afterwards only if this check's write got through.
  const outsider = await bystander(actors);
  const writes = (family: Family) => endpoints.filter((endpoint) => endpoint.family === family && endpoint.access === 'write');

  const refused = [
    ...(await callEndpoints(tokenizer.client, subjectsOf(actors, tokenizer), { token: tokenizerViewer.token }, writes('tokenizer'))),
    ...(await callEndpoints(mmA.client, subjectsOf(actors, mmA), { token: memberViewer.token }, writes('member'))),
    // The empty requests above could be refused for their input; this one is valid in every other way.
    await mmA.client.call('member.addToAllowlist', { token: memberViewer.token, body: outsider }),
  ];
  expectEveryRefused(refused, { status: 401, requirement: 'AUTH-VIEWER-READ-ONLY' });
  const allowlist = await mmA.client.call('member.getAllowlist');
  expectStatus(allowlist, 200, 'AUTH-VIEWER-READ-ONLY');
  if (Array.isArray(allowlist.body) && allowlist.body.includes(outsider)) {
    throw new CheckFailure('AUTH-VIEWER-READ-ONLY', `the viewer’s refused POST /members/allowlist still added ${outsider} to the allowlist`);
  }

  const reads = await Promise.all([
    mmA.client.call('member.listDigitalAccounts', { token: memberViewer.token }),
    mmA.client.call('member.getAllowlist', { token: memberViewer.token }),
    mmA.client.call('member.getMember', { token: memberViewer.token, path: { member_identification: mmB.identification } }),
    tokenizer.client.call('tokenizer.getMember', { token: tokenizerViewer.token, path: { member_identification: mmA.identification } }),
  ]);
  for (const response of reads) expectStatus(response, 200, 'AUTH-VIEWER-READ-ONLY');
  // The quotation filter is a POST that only reads: whatever it finds, the viewer is let in.
  const filter = await mmA.client.call('member.searchQuotations', { token: memberViewer.token, body: {} });
  if (filter.status === 401 || filter.status === 403) {
    throw new CheckFailure('AUTH-VIEWER-READ-ONLY', `POST /exchange/quotations (a read) refused the viewer with ${filter.status}`);
  }
});

test(...check('auth.endpoint-permission', 'serves only the endpoints a token permits and refuses the others with 401', { requirements: ['AUTH-TOKEN-RIGHTS', 'AUTH-ENDPOINT-PERMISSION', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  const { tokenizer, mmA } = actors;
  const permitted = endpointById('member.getMember');
  const only = `${permitted.method} ${fullPath(permitted)}`;
  const given = await credential(actors, tokenizer, 'endpoints', { role: 'manager', endpoints: [only] });
  requireRights(given, given.rights.endpoints?.length === 1 && given.rights.endpoints[0] === only, `declared endpoints: ["${only}"]`);
  const { token } = given;
  const path = { member_identification: mmA.identification };

  expectStatus(await tokenizer.client.call('member.getMember', { token, path }), 200, 'AUTH-ENDPOINT-PERMISSION');
  const refused = await Promise.all([
    // The same relative path in the other family, and the collection the permitted path lies under.
    tokenizer.client.call('tokenizer.getMember', { token, path }),
    tokenizer.client.call('member.listMembers', { token }),
    tokenizer.client.call('member.getAllowlist', { token }),
    tokenizer.client.call('member.listDigitalAccounts', { token }),
  ]);
  expectEveryRefused(refused, { status: 401, requirement: 'AUTH-ENDPOINT-PERMISSION', listedUnder: 'AUTH-TOKEN-RIGHTS' });
});

test(...check('auth.account-permission', 'refuses with 401 a call naming an account the token does not grant, and serves the granted one', { requirements: ['AUTH-TOKEN-RIGHTS', 'AUTH-ACCOUNT-PERMISSION', 'ERR-BODY-SHAPE'], endpoint: 'member.signPayload' }), async ({ actors }) => {
  const { client, identification, accounts } = actors.mmA;
  if (accounts.length < 2) throw new HarnessFault(`member ${identification} needs two operating accounts`);
  const given = await credential(actors, actors.mmA, 'accounts', { role: 'manager', accounts: [accounts[0]!] });
  const granted = given.rights.accounts ?? [];
  // One account the token grants, and one of the member's it does not.
  const main = granted.find((account) => accounts.includes(account));
  const second = accounts.find((account) => !granted.includes(account));
  requireRights(given, main !== undefined && second !== undefined, `declared accounts: some but not all of ${accounts.join(', ')}`);
  const { token } = given;
  const sign = (account: string) => client.call('member.signPayload', { token, body: { account_identification: account, unsigned_payload: Buffer.from('account permission').toString('base64') } });
  const read = (account: string) => client.call('member.getDigitalAccount', { token, path: { account_identification: account } });

  expectEveryRefused([await sign(second!), await read(second!)], { status: 401, requirement: 'AUTH-ACCOUNT-PERMISSION', listedUnder: 'AUTH-TOKEN-RIGHTS' });
  for (const response of [await sign(main!), await read(main!)]) expectStatus(response, 200, 'AUTH-ACCOUNT-PERMISSION');
});

test(...check('auth.ip-allowed', 'refuses with 401 a call from an address the token does not allow, and serves an allowed one', { requirements: ['AUTH-TOKEN-RIGHTS', 'AUTH-IP-ALLOWED', 'ERR-BODY-SHAPE'] }), async ({ actors, target }) => {
  const { client } = actors.mmA;
  // TEST-NET-3 (RFC 5737): documentation only, so never the harness's address.
  const elsewhere = '203.0.113.7';
  const here = await harnessAddress(target.base_url, target.timeouts.request_ms);
  const outsider = await credential(actors, actors.mmA, 'ip_elsewhere', { role: 'manager', allowed_ips: [elsewhere] });
  const insider = await credential(actors, actors.mmA, 'ip_here', { role: 'manager', allowed_ips: [elsewhere, here] });
  requireRights(outsider, outsider.rights.allowed_ips !== undefined && !outsider.rights.allowed_ips.includes(here), `declared allowed_ips without the harness’s address ${here}`);
  requireRights(insider, insider.rights.allowed_ips?.includes(here) === true, `declared allowed_ips with the harness’s address ${here}`);
  const calls = (token: string) => Promise.all([client.call('member.listDigitalAccounts', { token }), client.call('member.getAllowlist', { token })]);

  expectEveryRefused(await calls(outsider.token), { status: 401, requirement: 'AUTH-IP-ALLOWED', listedUnder: 'AUTH-TOKEN-RIGHTS' });
  for (const response of await calls(insider.token)) expectStatus(response, 200, 'AUTH-IP-ALLOWED');
});

test(...check('auth.blocked-member', 'refuses the token of a blocked member with 401 on every endpoint', { requirements: ['AUTH-BLOCKED-MEMBER', 'ERR-NO-5XX', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  // A blocked tokenizer: both families would be open to it if it were active.
  const blocked = await optionalMember(actors, 'blocked', { business_role: 'MIS', country_code: 'US', operating_accounts: ['main'], member_state: 'blocked' });
  const subjects = { account: blocked.accounts[0] ?? 'main', member: actors.mmA.identification, tokenizer: blocked.identification };
  expectEveryRefused(await callEndpoints(actors.tokenizer.client, subjects, { token: await blocked.token() }), { status: 401, requirement: 'AUTH-BLOCKED-MEMBER', level: 'SHOULD' });
});
