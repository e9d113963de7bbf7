import { tokenizerDsa } from '../../flows/assets.ts';
import { newChargeRequest } from '../../flows/charges.ts';
import { CheckFailure, check, describeCall, expectStatus } from '../../runtime/check.ts';
import { isJsonMediaType, type DssResponse } from '../../runtime/client.ts';
import { test } from '../../runtime/fixtures.ts';

/**
 * "Every response is JSON" (spec, What the service does): the successes whose body the spec does not
 * list ("none listed") as much as the reads and the refusals. A response counts as JSON when its
 * Content-Type is a JSON media type and its body parses (the client's `body` is then defined).
 */

function expectJson(response: DssResponse): void {
  const type = response.headers['content-type'] ?? '';
  if (!isJsonMediaType(type) || response.body === undefined) {
    throw new CheckFailure('RES-JSON-RESPONSES', `${describeCall(response)}: status ${response.status} came with Content-Type ${JSON.stringify(type)} and the body ${JSON.stringify(response.text.slice(0, 200))}, which is not JSON`);
  }
}

test(...check('errors.json-responses', 'answers JSON, with a JSON Content-Type, on successes with no listed body, on reads and on refusals', { requirements: ['RES-JSON-RESPONSES', 'GW-LISTENING-REPLAY', 'ALLOWLIST-LIST', 'CHG-REQUEST'] }), async ({ actors }) => {
  const { mmA: member, mmB: other } = actors;
  const [main] = member.accounts;
  if (main === undefined) throw new CheckFailure('RES-JSON-RESPONSES', `${member.identification} lists no operating account`);
  // "none listed" successes: a listening restart from now, an allowlist change and its undoing, a fee request.
  // The change is never a repeat (that a repeat succeeds is the reference's, ALLOWLIST-IDEMPOTENT): whatever
  // the other member's place on the list, it ends where it was.
  const listed = await member.client.call('member.getAllowlist');
  expectStatus(listed, 200, 'ALLOWLIST-LIST');
  const onList = Array.isArray(listed.body) && listed.body.includes(other.identification);
  const change = (add: boolean) => member.client.call(add ? 'member.addToAllowlist' : 'member.removeFromAllowlist', { body: other.identification });
  const successes: Array<[DssResponse, string]> = [
    [await member.client.call('member.restartListening', { path: { account_identification: main, reference: 'now' } }), 'GW-LISTENING-REPLAY'],
    [await change(!onList), 'ALLOWLIST-LIST'],
    [await change(onList), 'ALLOWLIST-LIST'],
    [await member.client.call('member.requestCharge', { path: { member_identification: other.identification }, body: newChargeRequest(member, tokenizerDsa(actors), 10) }), 'CHG-REQUEST'],
  ];
  for (const [response, requirement] of successes) expectStatus(response, 200, requirement);
  const answers = [
    ...successes.map(([response]) => response),
    // A read, a refusal for a missing token, one for an unknown member, one for invalid input.
    await member.client.call('member.getAllowlist'),
    await member.client.call('member.getAllowlist', { token: null }),
    await member.client.call('member.getMember', { path: { member_identification: 'nobody-at-all-here' } }),
    await member.client.call('member.readGatewayMessages', { query: { type: 'everything' } }),
  ];
  for (const response of answers) expectJson(response);
});
