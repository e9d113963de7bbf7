import { randomBytes } from 'node:crypto';
import { endpointById, endpoints, fullPath } from '../../../schemas/endpoints.ts';
import type { Family } from '../../../schemas/catalogue-types.ts';
import { test } from '../../runtime/fixtures.ts';
import { check, CheckFailure, expectStatus, HarnessFault, requireControl } from '../../runtime/check.ts';
import { randomBic } from '../../runtime/sim-members.ts';
import { callEndpoints, subjectsOf } from './endpoint-calls.ts';
import { expectEveryRefused } from './every-refusal.ts';
import { harnessAddress } from './harness-address.ts';

/**
 * What a token grants (spec, Authentication 2-3: access right, digital accounts, allowed IP addresses,
 * permitted endpoints; semantics §13): a call outside the grant is refused with 401, one inside it is
 * served. Tokens with chosen rights come from the client portal, which only the simulator's control
 * plane stands in for, so these checks need it.
 */

/** A member identification nobody else uses, for members made by one check. */
function freshIdentification(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

test(...check('auth.viewer-read-only', 'refuses a viewer token with 401 on every endpoint that changes state, and serves its reads', { requirements: ['AUTH-VIEWER-READ-ONLY', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  const control = requireControl(actors);
  const { tokenizer, mmA, mmB } = actors;
  const [tokenizerViewer, memberViewer, bystander] = await Promise.all([
    control.createToken(tokenizer.identification, { role: 'viewer' }),
    control.createToken(mmA.identification, { role: 'viewer' }),
    // A member no other check knows: it can be on mmA's allowlist only if this check's write got through.
    control.createMember({ identification: freshIdentification('bystander'), bicfi: randomBic('DE'), business_role: 'MMM', country_code: 'DE' }),
  ]);
  const writes = (family: Family) => endpoints.filter((endpoint) => endpoint.family === family && endpoint.access === 'write');

  const refused = [
    ...(await callEndpoints(tokenizer.client, subjectsOf(actors, tokenizer), { token: tokenizerViewer.token }, writes('tokenizer'))),
    ...(await callEndpoints(mmA.client, subjectsOf(actors, mmA), { token: memberViewer.token }, writes('member'))),
    // The empty requests above could be refused for their input; this one is valid in every other way.
    await mmA.client.call('member.addToAllowlist', { token: memberViewer.token, body: bystander.identification }),
  ];
  expectEveryRefused(refused, { status: 401, requirement: 'AUTH-VIEWER-READ-ONLY' });
  const allowlist = await mmA.client.call('member.getAllowlist');
  expectStatus(allowlist, 200, 'AUTH-VIEWER-READ-ONLY');
  if (Array.isArray(allowlist.body) && allowlist.body.includes(bystander.identification)) {
    throw new CheckFailure('AUTH-VIEWER-READ-ONLY', `the viewer’s refused POST /members/allowlist still added ${bystander.identification} to the allowlist`);
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
  const control = requireControl(actors);
  const { tokenizer, mmA } = actors;
  const permitted = endpointById('member.getMember');
  const { token } = await control.createToken(tokenizer.identification, { role: 'manager', endpoints: [`${permitted.method} ${fullPath(permitted)}`] });
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
  const control = requireControl(actors);
  const { client, identification, accounts } = actors.mmA;
  const [main, second] = accounts;
  if (main === undefined || second === undefined) throw new HarnessFault(`member ${identification} needs two operating accounts`);
  const { token } = await control.createToken(identification, { role: 'manager', accounts: [main] });
  const sign = (account: string) => client.call('member.signPayload', { token, body: { account_identification: account, unsigned_payload: Buffer.from('account permission').toString('base64') } });
  const read = (account: string) => client.call('member.getDigitalAccount', { token, path: { account_identification: account } });

  expectEveryRefused([await sign(second), await read(second)], { status: 401, requirement: 'AUTH-ACCOUNT-PERMISSION', listedUnder: 'AUTH-TOKEN-RIGHTS' });
  for (const response of [await sign(main), await read(main)]) expectStatus(response, 200, 'AUTH-ACCOUNT-PERMISSION');
});

test(...check('auth.ip-allowed', 'refuses with 401 a call from an address the token does not allow, and serves an allowed one', { requirements: ['AUTH-TOKEN-RIGHTS', 'AUTH-IP-ALLOWED', 'ERR-BODY-SHAPE'] }), async ({ actors, target }) => {
  const control = requireControl(actors);
  const { client, identification } = actors.mmA;
  // TEST-NET-3 (RFC 5737): documentation only, so never the harness's address.
  const elsewhere = '203.0.113.7';
  const here = await harnessAddress(target.base_url, target.timeouts.request_ms);
  const [outsider, insider] = await Promise.all([
    control.createToken(identification, { role: 'manager', allowed_ips: [elsewhere] }),
    control.createToken(identification, { role: 'manager', allowed_ips: [elsewhere, here] }),
  ]);
  const calls = (token: string) => Promise.all([client.call('member.listDigitalAccounts', { token }), client.call('member.getAllowlist', { token })]);

  expectEveryRefused(await calls(outsider.token), { status: 401, requirement: 'AUTH-IP-ALLOWED', listedUnder: 'AUTH-TOKEN-RIGHTS' });
  for (const response of await calls(insider.token)) expectStatus(response, 200, 'AUTH-IP-ALLOWED');
});

test(...check('auth.blocked-member', 'refuses the token of a blocked member with 401 on every endpoint', { requirements: ['AUTH-BLOCKED-MEMBER', 'ERR-NO-5XX', 'ERR-BODY-SHAPE'] }), async ({ actors }) => {
  const control = requireControl(actors);
  // A blocked tokenizer: both families would be open to it if it were active.
  const blocked = await control.createMember({ identification: freshIdentification('blocked'), bicfi: randomBic('US'), business_role: 'MIS', country_code: 'US', operating_accounts: ['main'], member_state: 'blocked' });
  const subjects = { account: 'main', member: actors.mmA.identification, tokenizer: blocked.identification };
  expectEveryRefused(await callEndpoints(actors.tokenizer.client, subjects, { token: blocked.token }), { status: 401, requirement: 'AUTH-BLOCKED-MEMBER', level: 'SHOULD' });
});
